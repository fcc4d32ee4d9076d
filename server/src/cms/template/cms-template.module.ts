import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CmsTemplateController } from './cms-template.controller';
import { CmsTemplate } from './cms-template.entity';
import './cms-template.messages';
import { CmsTemplateService } from './cms-template.service';

/**
 * Templates (`/cms/template...`, `/cms/template/tags`): the template files of each site and pipe with their index,
 * the default theme, and the LiquidJS engine (`./engine`, imported directly: it is plain functions).
 */
@Module({
  imports: [TypeOrmModule.forFeature([CmsTemplate])],
  providers: [CmsTemplateService],
  controllers: [CmsTemplateController],
  exports: [CmsTemplateService],
})
export class CmsTemplateModule {}
