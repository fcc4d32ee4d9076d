import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CmsPublishCoreModule } from '../publish/cms-publish.module';
import { CmsContentController, CmsContentOpLogController, CmsContentRelaController, CmsRecycleContentController } from './cms-content.controller';
import { CmsArticleDetail, CmsContent, CmsContentMedia, CmsContentOpLog, CmsContentRela } from './cms-content.entity';
import './cms-content.messages';
import { CmsContentService } from './cms-content.service';
import { CmsContentPublishing } from './content-publishing';

/** Content (`/cms/content...`): editing, statuses, ordering, locks, the recycle bin, relations, the log and its jobs. */
@Module({
  imports: [TypeOrmModule.forFeature([CmsContent, CmsArticleDetail, CmsContentMedia, CmsContentRela, CmsContentOpLog]), CmsPublishCoreModule],
  providers: [CmsContentService, CmsContentPublishing],
  controllers: [CmsContentController, CmsRecycleContentController, CmsContentOpLogController, CmsContentRelaController],
  exports: [CmsContentService],
})
export class CmsContentModule {}
