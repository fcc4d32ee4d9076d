import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CmsCommonModule } from '../cms/common/cms-common.module';
import { CmsContentModule } from '../cms/content/cms-content.module';
import { CmsSiteModule } from '../cms/site/cms-site.module';
import { SensitiveWordModule } from '../word/sensitive/sensitive-word.module';
import { CommentApiController, CommentController } from './comment.controller';
import { CmsComment, CmsCommentLike } from './comment.entity';
import './comment.messages';
import { CommentService } from './comment.service';

/**
 * Comments (`/comment` for staff, `/api/comment` for published pages, any origin through the page-API CORS): members'
 * comments, replies and likes, audit.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CmsComment, CmsCommentLike]), CmsCommonModule, CmsContentModule, CmsSiteModule, SensitiveWordModule],
  providers: [CommentService],
  controllers: [CommentController, CommentApiController],
  exports: [CommentService],
})
export class CommentModule {}
