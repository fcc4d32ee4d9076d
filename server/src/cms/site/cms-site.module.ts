import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth/auth.module';
import { SystemModule } from '../../system/system.module';
import { CmsPublishCoreModule } from '../publish/cms-publish.module';
import { CmsPublishPipeModule } from '../publishpipe/cms-publish-pipe.module';
import { CmsTemplateModule } from '../template/cms-template.module';
import { CmsPageTokenController } from './cms-page-token.controller';
import { CmsPageTokenService } from './cms-page-token.service';
import { CmsSitePropertyService } from './cms-site-property.service';
import { CmsSiteStorageController } from './cms-site-storage.controller';
import { CmsSiteStorageService } from './cms-site-storage.service';
import { CmsSiteThemeService } from './cms-site-theme.service';
import { CmsDynamicPageTypeController, CmsSiteController, CmsSitePropertyController } from './cms-site.controller';
import { CmsSite, CmsSiteProperty } from './cms-site.entity';
import './cms-site.messages';
import { CmsSiteService } from './cms-site.service';
import { ExModelModule } from '../exmodel/exmodel.module';
import { ExModelSiteSource } from '../exmodel/exmodel-site-source';

/** Sites (`/cms/site...`, `/cms/dynamicPageTypes`): sites with their properties, settings, themes and dashboard. */
@Module({
  imports: [
    TypeOrmModule.forFeature([CmsSite, CmsSiteProperty]),
    CmsPublishPipeModule,
    CmsTemplateModule,
    CmsPublishCoreModule,
    SystemModule,
    AuthModule,
    // Extension values of the site are saved with it.
    ExModelModule,
  ],
  providers: [CmsSiteService, CmsSitePropertyService, CmsSiteThemeService, CmsSiteStorageService, CmsPageTokenService, ExModelSiteSource],
  // The property routes first: `DELETE /cms/site/prop` must not match `DELETE /cms/site/:siteId`.
  controllers: [CmsSitePropertyController, CmsSiteStorageController, CmsSiteController, CmsDynamicPageTypeController, CmsPageTokenController],
  exports: [CmsSiteService, CmsSitePropertyService, CmsSiteStorageService],
})
export class CmsSiteModule {}
