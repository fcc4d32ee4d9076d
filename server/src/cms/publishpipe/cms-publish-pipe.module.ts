import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CmsPublishPipeController } from './cms-publish-pipe.controller';
import { CmsTemplateModule } from '../template/cms-template.module';
import { CmsPublishPipe } from './cms-publish-pipe.entity';
import './cms-publish-pipe.messages';
import { CmsPublishPipeService } from './cms-publish-pipe.service';

/** Publish pipes (`/cms/publishpipe...`): the output channels of a site, each with its own templates and folder. */
@Module({
  imports: [TypeOrmModule.forFeature([CmsPublishPipe]), CmsTemplateModule],
  providers: [CmsPublishPipeService],
  controllers: [CmsPublishPipeController],
  exports: [CmsPublishPipeService],
})
export class CmsPublishPipeModule {}
