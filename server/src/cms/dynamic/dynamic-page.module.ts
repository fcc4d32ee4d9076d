import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CmsPublishCoreModule } from '../publish/cms-publish.module';
import { SearchModule } from '../search/search.module';
import { DynamicPageCacheModule } from './dynamic-page-cache';
import { DynamicPageController, DynamicPageFrontController } from './dynamic-page.controller';
import { DynamicPage } from './dynamic-page.entity';
import './dynamic-page.messages';
import { DynamicPageService } from './dynamic-page.service';

/** Dynamic pages (动态模板): `/cms/dynamic_page...` for staff, `GET /api/dynamic/<siteId>/<pipe>/<path>` for visitors. */
@Module({
  imports: [TypeOrmModule.forFeature([DynamicPage]), CmsPublishCoreModule, SearchModule, DynamicPageCacheModule],
  providers: [DynamicPageService],
  controllers: [DynamicPageController, DynamicPageFrontController],
})
export class DynamicPageModule {}
