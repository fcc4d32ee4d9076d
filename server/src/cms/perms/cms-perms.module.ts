import { Module } from '@nestjs/common';
import { SystemModule } from '../../system/system.module';
import { UserModule } from '../../system/user/user.module';
import { CmsCatalogModule } from '../catalog/cms-catalog.module';
import { CmsPageWidgetModule } from '../pagewidget/cms-page-widget.module';
import { CmsSiteModule } from '../site/cms-site.module';
import { CmsPermsController } from './cms-perms.controller';
import './cms-perms.messages';
import { CmsPermsService } from './cms-perms.service';

/** Permission grants (`/cms/perms...`): site, catalog, content and page-widget rights of roles and users. */
@Module({
  imports: [SystemModule, UserModule, CmsSiteModule, CmsCatalogModule, CmsPageWidgetModule],
  providers: [CmsPermsService],
  controllers: [CmsPermsController],
})
export class CmsPermsModule {}
