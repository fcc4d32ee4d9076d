import { Module } from '@nestjs/common';
import { CmsCommonModule } from '../common/cms-common.module';
import { SearchAdminService } from './search-admin.service';
import { SearchIndexService } from './search-index.service';
import { SearchResultCache } from './search-result-cache';
import { SearchQueryService } from './search-query.service';
import { SearchSegmenterService } from './search-segmenter.service';
import { SearchApiController, SearchDictController, SearchIndexController, SearchLogController, SearchWordController } from './search.controller';
import './search.messages';

/**
 * Site search (docs/cms.md "Site search"): the full-text index of published content, the segmenter's dictionary,
 * the public search API and its logs. The public query is under the page-script API, whose CORS
 * (common/http/page-api-cors.ts) lets published pages call it.
 */
@Module({
  imports: [CmsCommonModule],
  providers: [SearchSegmenterService, SearchIndexService, SearchQueryService, SearchAdminService, SearchResultCache],
  controllers: [SearchIndexController, SearchDictController, SearchLogController, SearchWordController, SearchApiController],
  exports: [SearchIndexService, SearchQueryService],
})
export class SearchModule {}
