import { forwardRef, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CmsPublishCoreModule } from '../publish/cms-publish.module';
import { CmsResourceModule } from '../resource/cms-resource.module';
import { CmsRemoteImages } from '../resource/remote-images';
import { CmsContentController, CmsContentOpLogController, CmsContentRelaController, CmsRecycleContentController } from './cms-content.controller';
import { CmsArticleDetail, CmsContent, CmsContentMedia, CmsContentOpLog, CmsContentRela } from './cms-content.entity';
import './cms-content.messages';
import { CmsContentJobsService } from './cms-content-jobs.service';
import { CmsContentMoveService } from './cms-content-move.service';
import { CmsContentOrderService } from './cms-content-order.service';
import { CmsContentRecycleService } from './cms-content-recycle.service';
import { CmsContentService } from './cms-content.service';
import { CmsContentUploadService } from './cms-content-upload.service';
import { CmsContentWriter } from './cms-content-writer.service';
import { CmsRelatedContentService } from './cms-related-content.service';
import { CmsContentPublishing } from './content-publishing';
import { SensitiveWordModule } from '../../word/sensitive/sensitive-word.module';
import { ExModelModule } from '../exmodel/exmodel.module';
import { ExModelContentSource } from '../exmodel/exmodel-content-source';

/**
 * Content (`/cms/content...`): editing, statuses, ordering, locks, the recycle bin, relations, the log and its jobs.
 * Every service writes through `CmsContentWriter` (locks, status machine, operation log); see docs/cms.md.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([CmsContent, CmsArticleDetail, CmsContentMedia, CmsContentRela, CmsContentOpLog]),
    CmsPublishCoreModule,
    forwardRef(() => CmsResourceModule),
    // Content saves are checked for sensitive words (site setting sensitiveWordCheck).
    SensitiveWordModule,
    // Extension values of content are saved with it (cms/exmodel).
    ExModelModule,
  ],
  providers: [
    CmsContentWriter,
    CmsContentService,
    CmsContentRecycleService,
    CmsContentOrderService,
    CmsContentMoveService,
    CmsRelatedContentService,
    CmsContentUploadService,
    CmsContentJobsService,
    CmsContentPublishing,
    // Remote images of a saved body go into the site's library (docs/cms.md "Remote images").
    CmsRemoteImages,
    ExModelContentSource,
  ],
  controllers: [CmsContentController, CmsRecycleContentController, CmsContentOpLogController, CmsContentRelaController],
  // The catalog service clears and merges catalogs through CmsContentMoveService.
  exports: [CmsContentService, CmsContentMoveService],
})
export class CmsContentModule {}
