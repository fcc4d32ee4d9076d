import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CmsTemplateModule } from '../template/cms-template.module';
import { WordCoreModule } from '../../word/word.module';
import { ServerMonitorCoreModule } from '../../monitor/server/server-monitor.module';
import { CmsPublishTask } from './cms-publish-task.entity';
import { CmsPreviewController, CmsPublishController } from './cms-publish.controller';
import './cms-publish.messages';
import { CmsPublishService } from './cms-publish.service';
import { CmsPageRenderer, PAGE_RENDERER } from './page-renderer';

/** Publishing without HTTP (the publish job, the read model, the renderer): loaded in workers too. */
@Module({
  imports: [TypeOrmModule.forFeature([CmsPublishTask]), CmsTemplateModule, WordCoreModule, ServerMonitorCoreModule],
  providers: [CmsPublishService, CmsPageRenderer, { provide: PAGE_RENDERER, useExisting: CmsPageRenderer }],
  exports: [CmsPublishService],
})
export class CmsPublishCoreModule {}

/** Publishing routes: `/cms/publish/taskCount|clear|tasks` and `/cms/preview`. `/site/...` is served by serveSiteFiles. */
@Module({
  imports: [CmsPublishCoreModule],
  controllers: [CmsPublishController, CmsPreviewController],
})
export class CmsPublishModule {}
