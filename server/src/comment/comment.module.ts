import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CmsCommonModule } from '../cms/common/cms-common.module';
import { CmsContentModule } from '../cms/content/cms-content.module';
import { CmsSiteModule } from '../cms/site/cms-site.module';
import { SensitiveWordModule } from '../word/sensitive/sensitive-word.module';
import { CommentApiController, CommentController } from './comment.controller';
import { CommentCorsMiddleware } from './comment-cors.middleware';
import { CmsComment, CmsCommentLike } from './comment.entity';
import './comment.messages';
import { CommentService } from './comment.service';

/** Comments (`/comment` for staff, `/api/comment` for published pages): members' comments, replies and likes, audit. */
@Module({
  imports: [TypeOrmModule.forFeature([CmsComment, CmsCommentLike]), CmsCommonModule, CmsContentModule, CmsSiteModule, SensitiveWordModule],
  providers: [CommentService],
  controllers: [CommentController, CommentApiController],
  exports: [CommentService],
})
export class CommentModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CommentCorsMiddleware).forRoutes({ path: 'api/comment/{*path}', method: RequestMethod.ALL });
  }
}
