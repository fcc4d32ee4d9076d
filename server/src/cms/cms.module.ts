import { Module } from '@nestjs/common';
import { CmsAdModule } from './ad/cms-ad.module';
import { CmsCatalogModule } from './catalog/cms-catalog.module';
import { CmsCommonModule } from './common/cms-common.module';
import { CmsContentModule } from './content/cms-content.module';
import { CmsDemoModule } from './demo/cms-demo.module';
import { CustomFormModule } from './customform/custom-form.module';
import { CmsFileModule } from './file/cms-file.module';
import { CmsPageWidgetModule } from './pagewidget/cms-page-widget.module';
import { CmsBlockModule } from './block/cms-block.module';
import { CmsPermsModule } from './perms/cms-perms.module';
import { CmsContentStatsService } from './content/cms-content-stats.service';
import { CmsPublishModule } from './publish/cms-publish.module';
import { CmsPublishPipeModule } from './publishpipe/cms-publish-pipe.module';
import { CmsResourceModule } from './resource/cms-resource.module';
import { SearchModule } from './search/search.module';
import { CmsSiteModule } from './site/cms-site.module';
import { CmsStatModule } from './stat/cms-stat.module';
import { CmsTemplateModule } from './template/cms-template.module';
import { FriendLinkModule } from './link/friend-link.module';
import { DynamicPageModule } from './dynamic/dynamic-page.module';

/** The CMS (see docs/cms.md): sites, publish pipes, catalogs, content, templates and static publishing. */
@Module({
  imports: [
    CmsCommonModule,
    CmsSiteModule,
    CmsPublishPipeModule,
    CmsCatalogModule,
    CmsContentModule,
    CmsTemplateModule,
    CmsPublishModule,
    CmsDemoModule,
    CmsResourceModule,
    CmsFileModule,
    CmsStatModule,
    SearchModule,
    CustomFormModule,
    CmsPageWidgetModule,
    CmsBlockModule,
    CmsAdModule,
    CmsPermsModule,
    FriendLinkModule,
    DynamicPageModule,
  ],
  // The dashboard's content figures.
  providers: [CmsContentStatsService],
  exports: [CmsContentStatsService],
})
export class CmsModule {}
