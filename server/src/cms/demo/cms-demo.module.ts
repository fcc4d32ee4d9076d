import { Module } from '@nestjs/common';
import { CmsCatalogModule } from '../catalog/cms-catalog.module';
import { CmsContentModule } from '../content/cms-content.module';
import { CmsSiteModule } from '../site/cms-site.module';
import { CmsDemoSiteService } from './cms-demo-site.service';

/** The demo site of a new install (示例站点), made through the site, catalog and content services. */
@Module({
  imports: [CmsSiteModule, CmsCatalogModule, CmsContentModule],
  providers: [CmsDemoSiteService],
  exports: [CmsDemoSiteService],
})
export class CmsDemoModule {}
