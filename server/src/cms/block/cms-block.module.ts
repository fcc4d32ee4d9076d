import { Module, type OnModuleInit } from '@nestjs/common';
import { CmsPageWidgetModule } from '../pagewidget/cms-page-widget.module';
import { PageWidgetTypeRegistry } from '../pagewidget/page-widget-type';
import { CmsBlockController } from './cms-block.controller';
import './cms-block.messages';
import { ManualBlockType } from './manual-block.type';

/** Manual blocks (`/cms/block...`): the `manual` page widget type and its routes. */
@Module({
  imports: [CmsPageWidgetModule],
  providers: [ManualBlockType],
  controllers: [CmsBlockController],
})
export class CmsBlockModule implements OnModuleInit {
  constructor(
    private readonly widgetTypes: PageWidgetTypeRegistry,
    private readonly manual: ManualBlockType,
  ) {}

  onModuleInit(): void {
    this.widgetTypes.register(this.manual);
  }
}
