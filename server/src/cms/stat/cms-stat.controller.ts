import { Controller, Get, Header, Logger, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { clientInfo } from '../../common/http/client-info';
import { t } from '../../common/i18n/i18n';
import { CurrentSiteService } from '../common/current-site.service';
import { BEACON_SCRIPT } from './beacon-script';
import { StatRangeQueryDto, StatRowDto, StatTopQueryDto, TrendDto, VisitBeaconDto, VisitDto, VisitQueryDto } from './cms-stat.dto';
import type { CmsStatVisit } from './cms-stat.entity';
import { CmsStatRecorder } from './cms-stat-recorder.service';
import { CmsStatService, type StatRow, type Trend } from './cms-stat.service';

const VIEW = 'cms:sitestat:view';

/**
 * The beacon of published pages (ChestnutCMS's `GET /api/stat/visit`), public: it answers 204 at once whatever it
 * records (bots, unknown sites and floods are dropped silently); only a malformed beacon gets 400.
 */
@ApiTags('cms/stat')
@Controller('api/stat')
export class CmsStatBeaconController {
  private readonly logger = new Logger('CmsStat');

  constructor(private readonly recorder: CmsStatRecorder) {}

  @Get('visit')
  @Public()
  @SkipThrottle()
  @ApiOperation({ summary: 'Record a page view (siteId, url, referrer, contentId, catalogId); answers 204 with no body' })
  @ApiResponse({ status: 204, description: 'Taken (or ignored: a bot, an unknown site, too many views)' })
  async visit(@Req() req: Request, @Res() res: Response, @Query() beacon: VisitBeaconDto): Promise<void> {
    await this.take(req, res, beacon);
  }

  @Post('visit')
  @Public()
  @SkipThrottle()
  @AllowRepeatSubmit()
  @ApiOperation({ summary: 'The same as GET, for navigator.sendBeacon (fields in the query string); answers 204' })
  @ApiResponse({ status: 204, description: 'Taken (or ignored)' })
  async visitPost(@Req() req: Request, @Res() res: Response, @Query() beacon: VisitBeaconDto): Promise<void> {
    await this.take(req, res, beacon);
  }

  @Get('beacon.js')
  @Public()
  @SkipThrottle()
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  // Pages served by the built-in /site/ server run in an opaque origin: every load of theirs is cross-origin.
  @Header('Cross-Origin-Resource-Policy', 'cross-origin')
  @ApiOperation({ summary: 'The beacon script published pages include (data-site, data-content, data-catalog attributes)' })
  beaconScript(): StreamableFile {
    return new StreamableFile(Buffer.from(BEACON_SCRIPT, 'utf8'));
  }

  private async take(req: Request, res: Response, beacon: VisitBeaconDto): Promise<void> {
    const { ipaddr, userAgent } = clientInfo(req);
    // Only buffered here (the site, the day's secret and the counters are cached); a failure is logged, never shown.
    await this.recorder.record(beacon, ipaddr, userAgent).catch((error: Error) => this.logger.warn(`Beacon not recorded: ${error.message}`));
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  }
}

/** Statistics of the current site (`CurrentSite` header) for 统计 > 网站统计. */
@ApiTags('cms/stat')
@ApiBearerAuth()
@Controller('cms/stat')
export class CmsStatController {
  constructor(
    private readonly stats: CmsStatService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<CmsStatVisit>('', {
    fileName: 'cms.stat.exportFile',
    columns: [
      { key: 'visitTime', header: 'cms.stat.visitTimeHeader', width: 20 },
      { key: 'path', header: 'cms.stat.pathHeader', width: 40 },
      { key: 'referrerHost', header: 'cms.stat.referrerHeader', width: 24, format: (v) => (v ? String(v) : t('cms.stat.direct')) },
      { key: 'clientType', header: 'cms.stat.clientHeader', format: (v) => t(`cms.stat.client.${String(v)}`) },
      { key: 'entry', header: 'cms.stat.entryHeader', format: (v) => (v ? '✓' : '') },
      { key: 'visitorId', header: 'cms.stat.visitorHeader', width: 34 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({
    summary: 'The visit log of the current site, newest first (filters: beginDate, endDate, path, clientType, referrerHost, contentId)',
  })
  @ApiEnvelope(VisitDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: VisitQueryDto): Promise<PageResult<CmsStatVisit>> {
    const site = await this.currentSite.require(req, user);
    return this.stats.list(site.siteId, query);
  }

  @Get('site/trend')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Page views, visitors and visits per day of a range (beginDate, endDate; default the last 7 days)' })
  @ApiEnvelope(TrendDto)
  async trend(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: StatRangeQueryDto): Promise<Trend> {
    const site = await this.currentSite.require(req, user);
    return this.stats.trend(site.siteId, query);
  }

  @Get('site/top-content')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'The most viewed content of a range: {key: contentId, title, pv, uv} (limit 1-100, default 10)' })
  @ApiEnvelope(StatRowDto, { isArray: true })
  async topContent(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: StatTopQueryDto): Promise<StatRow[]> {
    const site = await this.currentSite.require(req, user);
    return this.stats.ranking(site.siteId, 'content', query);
  }

  @Get('site/sources')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: "Views by referrer host of a range ('' direct), most first" })
  @ApiEnvelope(StatRowDto, { isArray: true })
  async sources(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: StatTopQueryDto): Promise<StatRow[]> {
    const site = await this.currentSite.require(req, user);
    return this.stats.ranking(site.siteId, 'source', query);
  }

  @Get('site/clients')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Views by client type (desktop, phone, pad) of a range' })
  @ApiEnvelope(StatRowDto, { isArray: true })
  async clients(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: StatRangeQueryDto): Promise<StatRow[]> {
    const site = await this.currentSite.require(req, user);
    return this.stats.ranking(site.siteId, 'client', query);
  }

  @Get('site/entries')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: "Entry pages of a range (each visitor's first page of the day): {key: path, pv: entries, uv}" })
  @ApiEnvelope(StatRowDto, { isArray: true })
  async entries(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: StatTopQueryDto): Promise<StatRow[]> {
    const site = await this.currentSite.require(req, user);
    return this.stats.ranking(site.siteId, 'entry', query);
  }
}
