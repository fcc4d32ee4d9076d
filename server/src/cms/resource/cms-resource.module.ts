import { forwardRef, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CmsContentModule } from '../content/cms-content.module';
import { CmsSiteModule } from '../site/cms-site.module';
import { CmsResourceController } from './cms-resource.controller';
import { CmsResource } from './cms-resource.entity';
import './cms-resource.messages';
import { CmsResourceService } from './cms-resource.service';
import { ResourceStorageService } from './resource-storage.service';

/**
 * The resource library (`/cms/resource...`): every file uploaded into a site, checked by content, images processed.
 * Content uploads store through CmsResourceService, and the library asks content where a file is used (hence the
 * forward references both ways).
 */
@Module({
  imports: [TypeOrmModule.forFeature([CmsResource]), CmsSiteModule, forwardRef(() => CmsContentModule)],
  providers: [CmsResourceService, ResourceStorageService],
  controllers: [CmsResourceController],
  exports: [CmsResourceService, ResourceStorageService],
})
export class CmsResourceModule {}
