import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SystemModule } from '../../system/system.module';
import { CmsContentModule } from '../content/cms-content.module';
import { CmsPublishCoreModule } from '../publish/cms-publish.module';
import { CmsCatalogPublishing } from './cms-catalog-publishing';
import { CmsCatalogController } from './cms-catalog.controller';
import { CmsCatalog } from './cms-catalog.entity';
import './cms-catalog.messages';
import { CmsCatalogService } from './cms-catalog.service';
import { ExModelModule } from '../exmodel/exmodel.module';
import { ExModelCatalogSource } from '../exmodel/exmodel-catalog-source';

/** Catalogs (`/cms/catalog...`): the tree of each site, with per-object permissions; content and publishing use the service. */
@Module({
  imports: [TypeOrmModule.forFeature([CmsCatalog]), CmsPublishCoreModule, SystemModule, CmsContentModule, ExModelModule],
  providers: [CmsCatalogService, CmsCatalogPublishing, ExModelCatalogSource],
  controllers: [CmsCatalogController],
  exports: [CmsCatalogService],
})
export class CmsCatalogModule {}
