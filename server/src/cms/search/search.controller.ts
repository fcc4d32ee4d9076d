import { Body, Controller, Delete, Get, Headers, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdPipe } from '../../common/validation/id.pipe';
import { CurrentSiteService } from '../common/current-site.service';
import { IdArrayBodyPipe } from '../publishpipe/id-array.pipe';
import { SearchAdminService, type IndexRow } from './search-admin.service';
import { SearchIndexService, type SearchRebuildStatus } from './search-index.service';
import { SearchQueryService, type SearchHit } from './search-query.service';
import {
  AddDictWordsDto,
  AnalyzeDto,
  DictQueryDto,
  DictWordDto,
  IndexQueryDto,
  IndexRowDto,
  RebuildStatusDto,
  SearchApiQueryDto,
  SearchHitDto,
  SearchLogDto,
  SearchLogQueryDto,
  SearchWordDto,
  SearchWordQueryDto,
  TrendPointDto,
  TrendQueryDto,
} from './search.dto';

const INDEX_TITLE = '搜索索引';
const INDEX_VIEW = 'cms:searchindex:view';

/** The search index of the current site (`CurrentSite` header), as ChestnutCMS's ContentIndexController. */
@ApiTags('cms/search')
@ApiBearerAuth()
@Controller('cms/search')
export class SearchIndexController {
  constructor(
    private readonly index: SearchIndexService,
    private readonly admin: SearchAdminService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<IndexRow>('contents', {
    fileName: 'cms.search.indexExport',
    columns: [
      { key: 'contentId', header: 'field.id', width: 20 },
      { key: 'title', header: 'field.title', width: 40 },
      { key: 'catalogName', header: 'field.name', width: 20 },
      { key: 'status', header: 'field.status', format: (v) => t(`cms.content.status.${String(v)}`) },
      { key: 'indexedTime', header: 'cms.search.header.indexedTime', width: 20 },
    ],
  })
  @RequirePermission(INDEX_VIEW)
  @ApiOperation({ summary: 'Indexed content of the current site, paged (filters: title, catalogId), latest indexed first' })
  @ApiEnvelope(IndexRowDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: IndexQueryDto): Promise<PageResult<IndexRow>> {
    const site = await this.currentSite.require(req, user);
    return this.admin.listIndex(site.siteId, query);
  }

  @Get('content/:contentId')
  @RequirePermission(INDEX_VIEW)
  @ApiOperation({ summary: 'One index row with its stored text and lexemes' })
  async detail(@CurrentUser() user: LoginUser, @Req() req: Request, @Param('contentId', IdPipe) contentId: string): Promise<Record<string, unknown>> {
    const site = await this.currentSite.require(req, user);
    return this.admin.indexDetail(site.siteId, contentId);
  }

  @Delete('contents')
  @RequirePermission(INDEX_VIEW, 'cms:searchindex:remove')
  @OperLog({ title: INDEX_TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Remove index rows (body: content id list); they return on the next publish or rebuild' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) contentIds: string[]): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.index.remove(site.siteId, contentIds);
  }

  @Post('build/:contentId')
  @RequirePermission(INDEX_VIEW, 'cms:searchindex:build')
  // Indexing one content again is idempotent.
  @AllowRepeatSubmit()
  @OperLog({ title: INDEX_TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Index one published content again now' })
  @ApiEnvelope()
  async build(@CurrentUser() user: LoginUser, @Req() req: Request, @Param('contentId', IdPipe) contentId: string): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.index.buildOne(site.siteId, contentId);
  }

  @Post('rebuild')
  @RequirePermission(INDEX_VIEW, 'cms:searchindex:rebuild')
  @OperLog({ title: INDEX_TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Rebuild the whole index (an async task with progress in 异步任务); refused while one runs' })
  @ApiEnvelope(RebuildStatusDto)
  rebuild(@CurrentUser() user: LoginUser): Promise<SearchRebuildStatus> {
    return this.index.requestRebuild(user.userName);
  }

  @Get('rebuild')
  @RequirePermission(INDEX_VIEW)
  @ApiOperation({ summary: 'The latest rebuild (status, done of total), or null' })
  @ApiEnvelope(RebuildStatusDto)
  rebuildStatus(): Promise<SearchRebuildStatus | null> {
    return this.index.rebuildStatus();
  }
}

/** The search dictionary: custom words and stop words fed to the segmenter. */
@ApiTags('search/dict')
@ApiBearerAuth()
@Controller('search/dict')
export class SearchDictController {
  constructor(
    private readonly admin: SearchAdminService,
    private readonly index: SearchIndexService,
  ) {}

  @ListRoute<Record<string, unknown>>('', {
    fileName: 'cms.search.dictExport',
    columns: [
      { key: 'word', header: 'cms.search.header.word', width: 20 },
      { key: 'wordType', header: 'cms.search.header.wordType' },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission('cms:searchdict:view')
  @ApiOperation({ summary: 'Dictionary words, paged (filters: word, wordType word|stop)' })
  @ApiEnvelope(DictWordDto, { paged: true })
  list(@Query() query: DictQueryDto): Promise<PageResult<Record<string, unknown>>> {
    return this.admin.listDict(query);
  }

  @Post()
  @RequirePermission('cms:searchdict:view', 'cms:searchdict:add')
  @OperLog({ title: '搜索词典', businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add custom or stop words (segmentation uses them at once; rebuild the index to re-segment content)' })
  @ApiEnvelope('number')
  add(@CurrentUser() user: LoginUser, @Body() dto: AddDictWordsDto): Promise<number> {
    return this.admin.addDict(dto, user.userName);
  }

  @Delete()
  @RequirePermission('cms:searchdict:view', 'cms:searchdict:remove')
  @OperLog({ title: '搜索词典', businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete dictionary words (body: id list)' })
  @ApiEnvelope()
  async remove(@Body(IdArrayBodyPipe) wordIds: string[]): Promise<void> {
    await this.admin.removeDict(wordIds);
  }

  @Post('analyze')
  @RequirePermission('cms:searchdict:view')
  // A read: trying the same text twice is fine.
  @AllowRepeatSubmit()
  @ApiOperation({ summary: 'How the segmenter cuts a text now' })
  analyze(@Body() dto: AnalyzeDto): Promise<{ indexTokens: string[]; queryTokens: string[] }> {
    return this.admin.analyze(dto.text);
  }

  @Post('rebuild')
  @RequirePermission('cms:searchdict:view', 'cms:searchdict:add')
  @OperLog({ title: '搜索词典', businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Re-segment the whole index with the dictionary (the index rebuild task, with progress)' })
  @ApiEnvelope(RebuildStatusDto)
  rebuild(@CurrentUser() user: LoginUser): Promise<SearchRebuildStatus> {
    return this.index.requestRebuild(user.userName);
  }
}

/** Search logs of the current site. */
@ApiTags('search/log')
@ApiBearerAuth()
@Controller('search/log')
export class SearchLogController {
  constructor(
    private readonly admin: SearchAdminService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<Record<string, unknown>>('', {
    fileName: 'cms.search.logExport',
    columns: [
      { key: 'query', header: 'cms.search.header.query', width: 30 },
      { key: 'resultCount', header: 'cms.search.header.resultCount' },
      { key: 'clientType', header: 'cms.search.header.clientType' },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission('cms:searchlog:view')
  @ApiOperation({ summary: 'Searches of the current site, paged (filters: query, clientType, beginTime, endTime)' })
  @ApiEnvelope(SearchLogDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: SearchLogQueryDto): Promise<PageResult<Record<string, unknown>>> {
    const site = await this.currentSite.require(req, user);
    return this.admin.listLogs(site.siteId, query);
  }

  @Delete()
  @RequirePermission('cms:searchlog:view', 'cms:searchlog:remove')
  @OperLog({ title: '搜索日志', businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete search logs (body: id list)' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) logIds: string[]): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.admin.removeLogs(site.siteId, logIds);
  }
}

/** Hot searches of the current site and their trend. */
@ApiTags('search/word')
@ApiBearerAuth()
@Controller('search/word')
export class SearchWordController {
  constructor(
    private readonly admin: SearchAdminService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @Get()
  @RequirePermission('cms:searchlog:view')
  @ApiOperation({ summary: 'Hot searches: queries by times searched in the window (last 30 days by default), paged' })
  @ApiEnvelope(SearchWordDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: SearchWordQueryDto): Promise<PageResult<unknown>> {
    const site = await this.currentSite.require(req, user);
    return this.admin.hotWords(site.siteId, query);
  }

  @Get('trend')
  @RequirePermission('cms:searchlog:view')
  @ApiOperation({ summary: 'Searches per day (of one query with word), every day of the window (30 days by default, at most 366)' })
  @ApiEnvelope(TrendPointDto)
  async trend(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: TrendQueryDto): Promise<Array<{ day: string; count: number }>> {
    const site = await this.currentSite.require(req, user);
    return this.admin.trend(site.siteId, query);
  }
}

/** The public search of a site (pages of the published site call it); the global per-address rate limit applies. */
@ApiTags('api/cms/search')
@Controller('api/cms/search')
export class SearchApiController {
  constructor(private readonly search: SearchQueryService) {}

  @Get('query')
  @Public()
  @ApiOperation({ summary: 'Search a site: rows {title, titleHighlight, snippet (escaped HTML, hits in <em>), url, catalog, publishDate}, total' })
  @ApiEnvelope(SearchHitDto, { paged: true })
  async query(@Query() query: SearchApiQueryDto, @Headers('user-agent') userAgent?: string): Promise<{ rows: SearchHit[]; total: number }> {
    const { rows, total } = await this.search.search(
      {
        siteId: query.siteId,
        q: query.q,
        catalogId: query.catalogId,
        pageNum: query.pageNum ?? 1,
        pageSize: query.pageSize ?? 10,
        sort: query.sort ?? 'relevance',
        pipe: query.pipe,
      },
      String(userAgent ?? '').slice(0, 500),
    );
    return { rows, total };
  }
}
