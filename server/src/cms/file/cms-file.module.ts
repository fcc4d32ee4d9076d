import { Module } from '@nestjs/common';
import { CmsPublishPipeModule } from '../publishpipe/cms-publish-pipe.module';
import { CmsTemplateModule } from '../template/cms-template.module';
import { CmsFileController } from './cms-file.controller';
import './cms-file.messages';
import { CmsFileService } from './cms-file.service';

/** The site file manager (`/cms/file/...`): published folders, theme assets and template files of the current site. */
@Module({
  imports: [CmsPublishPipeModule, CmsTemplateModule],
  providers: [CmsFileService],
  controllers: [CmsFileController],
})
export class CmsFileModule {}
