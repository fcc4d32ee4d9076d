import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SystemModule } from '../../system/system.module';
import { CmsCatalogModule } from '../catalog/cms-catalog.module';
import { CmsPublishCoreModule } from '../publish/cms-publish.module';
import { CmsPublishPipeModule } from '../publishpipe/cms-publish-pipe.module';
import { CmsTemplateModule } from '../template/cms-template.module';
import { CmsPageWidgetController } from './cms-page-widget.controller';
import { CmsPageWidget } from './cms-page-widget.entity';
import './cms-page-widget.messages';
import { CmsPageWidgetService } from './cms-page-widget.service';
import { PageWidgetTypeRegistry } from './page-widget-type';

/**
 * Page widgets (`/cms/pagewidget...`). A module with a widget type imports this module, registers its PageWidgetType
 * with PageWidgetTypeRegistry in `onModuleInit`, and stores its widgets through CmsPageWidgetService (passing its type).
 */
@Module({
  imports: [TypeOrmModule.forFeature([CmsPageWidget]), SystemModule, CmsCatalogModule, CmsPublishCoreModule, CmsPublishPipeModule, CmsTemplateModule],
  providers: [CmsPageWidgetService, PageWidgetTypeRegistry],
  controllers: [CmsPageWidgetController],
  exports: [CmsPageWidgetService, PageWidgetTypeRegistry],
})
export class CmsPageWidgetModule {}
