import { Body, Controller, Delete, Get, Header, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { ServiceException } from '../../common/errors/service-exception';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdPipe } from '../../common/validation/id.pipe';
import { CurrentSiteService } from '../common/current-site.service';
import {
  PageWidgetDto,
  PageWidgetIdPipe,
  PageWidgetIdsPipe,
  PageWidgetQueryDto,
  UpdatePageWidgetDto,
  PageWidgetFieldsDto,
  type CmsPageWidget,
} from '../pagewidget';
import { IdArrayBodyPipe } from '../publishpipe/id-array.pipe';
import type { CmsStatVisit } from '../stat/cms-stat.entity';
import { AD_SPACE_SCRIPT } from './ad-script';
import {
  AdBeaconDto,
  AdChartDto,
  AdEventDto,
  AdLogQueryDto,
  AdOptionDto,
  AdStatQueryDto,
  AdStatSumDto,
  AdvertisementDto,
  AdvertisementQueryDto,
  CreateAdvertisementDto,
  UpdateAdvertisementDto,
} from './cms-ad.dto';
import { CmsAdSpaceService } from './cms-ad-space.service';
import { CmsAdStatService } from './cms-ad-stat.service';
import { CmsAdTrackService } from './cms-ad-track.service';
import type { CmsAdvertisement } from './cms-advertisement.entity';
import { CmsAdvertisementService } from './cms-advertisement.service';

const SPACE_TITLE = '广告位';
const AD_TITLE = '广告';
const SPACE_VIEW = 'cms:adspace:view';
const AD_VIEW = 'cms:ad:view';

/** Ad spaces of the current site (page widgets of type `ads`), as ChestnutCMS's AdSpaceController. */
@ApiTags('cms/ad')
@ApiBearerAuth()
@Controller('cms/adspace')
export class CmsAdSpaceController {
  constructor(
    private readonly spaces: CmsAdSpaceService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<CmsPageWidget>('', {
    fileName: 'cms.adspace.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'code', header: 'cms.adspace.codeHeader', width: 16 },
      { key: 'publishPipeCode', header: 'cms.adspace.pipeHeader' },
      { key: 'path', header: 'cms.adspace.pathHeader', width: 30 },
      { key: 'state', header: 'field.status', format: (v) => t(`cms.adspace.state.${String(v)}`) },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequireAnyPermission(SPACE_VIEW, AD_VIEW, 'cms:adstat:view')
  @ApiOperation({ summary: 'Ad spaces of the current site, paged (filters: name, code, state, catalogId; Site:View)' })
  @ApiEnvelope(PageWidgetDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: PageWidgetQueryDto): Promise<PageResult<CmsPageWidget>> {
    const site = await this.currentSite.require(req, user);
    return this.spaces.list(user, site.siteId, query);
  }

  @Get(':adSpaceId')
  @RequireAnyPermission(SPACE_VIEW, AD_VIEW)
  @ApiOperation({ summary: 'One ad space (a page widget of type ads; another id answers the page widget 404)' })
  @ApiEnvelope(PageWidgetDto)
  get(@CurrentUser() user: LoginUser, @Param('adSpaceId', PageWidgetIdPipe) adSpaceId: string): Promise<CmsPageWidget> {
    return this.spaces.get(user, adSpaceId);
  }

  @Post()
  @RequirePermission(SPACE_VIEW, 'cms:adspace:add')
  @OperLog({ title: SPACE_TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add an ad space to the current site (name, code, publishPipeCode, path, template; Site:Edit or Site:AddPageWidget)' })
  @ApiEnvelope(PageWidgetDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: PageWidgetFieldsDto): Promise<CmsPageWidget> {
    const site = await this.currentSite.require(req, user);
    return this.spaces.create(user, site.siteId, dto);
  }

  @Put()
  @RequirePermission(SPACE_VIEW, 'cms:adspace:edit')
  @OperLog({ title: SPACE_TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change an ad space (a published one is published again)' })
  @ApiEnvelope(PageWidgetDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdatePageWidgetDto): Promise<CmsPageWidget> {
    return this.spaces.update(user, dto);
  }

  @Delete()
  @RequirePermission(SPACE_VIEW, 'cms:adspace:remove')
  @OperLog({ title: SPACE_TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete ad spaces (body: id list) with their files and adverts' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Body(PageWidgetIdsPipe) ids: string[]): Promise<void> {
    await this.spaces.remove(user, ids);
  }

  @Post('publish')
  @RequirePermission(SPACE_VIEW, 'cms:adspace:publish')
  @OperLog({ title: SPACE_TITLE, businessType: BusinessType.UPDATE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Publish ad spaces (body: id list): their fragments and the pages showing them' })
  @ApiEnvelope()
  async publish(@CurrentUser() user: LoginUser, @Body(PageWidgetIdsPipe) ids: string[]): Promise<void> {
    await this.spaces.publish(user, ids);
  }
}

/** Adverts of the current site's ad spaces, as ChestnutCMS's AdvertisementController. */
@ApiTags('cms/ad')
@ApiBearerAuth()
@Controller('cms/advertisement')
export class CmsAdvertisementController {
  constructor(
    private readonly adverts: CmsAdvertisementService,
    private readonly spaces: CmsAdSpaceService,
    private readonly track: CmsAdTrackService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @Get('types')
  @RequirePermission(AD_VIEW)
  @ApiOperation({ summary: 'Advert types {rows: [{id, name}], total}: image, text, code' })
  types(): PageResult<AdOptionDto> {
    const rows = this.adverts.types();
    return { rows, total: rows.length };
  }

  @ListRoute<CmsAdvertisement>('', {
    fileName: 'cms.ad.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 24 },
      { key: 'type', header: 'cms.ad.typeHeader', format: (v) => t(`cms.ad.type.${String(v)}`) },
      { key: 'weight', header: 'cms.ad.weightHeader' },
      { key: 'status', header: 'field.status', format: (v) => t(`cms.ad.status.${String(v)}`) },
      { key: 'onlineDate', header: 'cms.ad.onlineHeader', width: 20 },
      { key: 'offlineDate', header: 'cms.ad.offlineHeader', width: 20 },
      { key: 'redirectUrl', header: 'cms.ad.urlHeader', width: 40 },
    ],
  })
  @RequirePermission(AD_VIEW)
  @ApiOperation({ summary: 'Adverts of the current site, paged (filters: adSpaceId, name, type, status)' })
  @ApiEnvelope(AdvertisementDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: AdvertisementQueryDto): Promise<PageResult<CmsAdvertisement>> {
    const site = await this.currentSite.require(req, user);
    if (query.adSpaceId) await this.space(user, site.siteId, query.adSpaceId, 'View');
    return this.adverts.list(site.siteId, query);
  }

  @Get(':advertisementId')
  @RequirePermission(AD_VIEW)
  @ApiOperation({ summary: 'One advert (View on its ad space)' })
  @ApiEnvelope(AdvertisementDto)
  async get(@CurrentUser() user: LoginUser, @Param('advertisementId', IdPipe) advertisementId: string): Promise<CmsAdvertisement> {
    const ad = await this.adverts.get(advertisementId);
    await this.spaces.require(user, ad.adSpaceId, 'View');
    return ad;
  }

  @Post()
  @RequirePermission(AD_VIEW, 'cms:ad:add')
  @OperLog({ title: AD_TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({
    summary: 'Add an advert to an ad space of the current site (Edit on the space); code is sanitized unless the saver holds cms:ad:rawcode',
  })
  @ApiEnvelope(AdvertisementDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateAdvertisementDto): Promise<CmsAdvertisement> {
    const site = await this.currentSite.require(req, user);
    await this.space(user, site.siteId, dto.adSpaceId, 'Edit');
    const ad = await this.adverts.create(user, site.siteId, dto.adSpaceId, dto);
    await this.changed(user, [ad]);
    return ad;
  }

  @Put()
  @RequirePermission(AD_VIEW, 'cms:ad:edit')
  @OperLog({ title: AD_TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change an advert (Edit on its ad space; its space stays); a published space is published again' })
  @ApiEnvelope(AdvertisementDto)
  async update(@CurrentUser() user: LoginUser, @Body() dto: UpdateAdvertisementDto): Promise<CmsAdvertisement> {
    const ad = await this.adverts.get(dto.advertisementId);
    await this.spaces.require(user, ad.adSpaceId, 'Edit');
    const saved = await this.adverts.update(user, ad, dto);
    await this.changed(user, [saved]);
    return saved;
  }

  @Delete()
  @RequirePermission(AD_VIEW, 'cms:ad:remove')
  @OperLog({ title: AD_TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete adverts (body: id list; Edit on their spaces); their statistics stay' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Body(IdArrayBodyPipe) ids: string[]): Promise<void> {
    const ads = await this.editable(user, ids);
    await this.adverts.remove(ads);
    await this.changed(user, ads);
  }

  @Put('enable')
  @RequirePermission(AD_VIEW, 'cms:ad:changeStatus')
  @OperLog({ title: AD_TITLE, businessType: BusinessType.UPDATE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Enable adverts (body: id list); shown from their online date, until their offline date' })
  @ApiEnvelope()
  async enable(@CurrentUser() user: LoginUser, @Body(IdArrayBodyPipe) ids: string[]): Promise<void> {
    const ads = await this.editable(user, ids);
    await this.adverts.setStatus(user, ads, '0');
    await this.changed(user, ads);
  }

  @Put('disable')
  @RequirePermission(AD_VIEW, 'cms:ad:changeStatus')
  @OperLog({ title: AD_TITLE, businessType: BusinessType.UPDATE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Disable adverts (body: id list): no longer shown or counted' })
  @ApiEnvelope()
  async disable(@CurrentUser() user: LoginUser, @Body(IdArrayBodyPipe) ids: string[]): Promise<void> {
    const ads = await this.editable(user, ids);
    await this.adverts.setStatus(user, ads, '1');
    await this.changed(user, ads);
  }

  /** The ad space of a request, of the current site, with the right asked. */
  private async space(user: LoginUser, siteId: string, adSpaceId: string, action: 'View' | 'Edit'): Promise<CmsPageWidget> {
    const space = await this.spaces.require(user, adSpaceId, action);
    if (String(space.siteId) !== String(siteId)) throw ServiceException.notFound('cms.pagewidget.idInvalid');
    return space;
  }

  /** Adverts by id, each existing and on a space the user may edit. */
  private async editable(user: LoginUser, ids: string[]): Promise<CmsAdvertisement[]> {
    const ads = await this.adverts.findMany(ids);
    if (ads.length !== new Set(ids).size) throw new ServiceException('cms.ad.notFound', {}, 500, 404);
    for (const id of new Set(ads.map((a) => String(a.adSpaceId)))) await this.spaces.require(user, id, 'Edit');
    return ads;
  }

  /** After a change: beacons see it at once, and published spaces show it. */
  private async changed(user: LoginUser, ads: CmsAdvertisement[]): Promise<void> {
    this.track.forget(ads.map((a) => String(a.advertisementId)));
    await this.spaces.republish(
      ads.map((a) => String(a.adSpaceId)),
      user.userName,
    );
  }
}

/** 统计 > 广告统计 of the current site, as ChestnutCMS's AdLogController. */
@ApiTags('cms/ad')
@ApiBearerAuth()
@Controller('cms/ad/stat')
export class CmsAdStatController {
  constructor(
    private readonly stats: CmsAdStatService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @Get()
  @RequirePermission('cms:adstat:view')
  @ApiOperation({ summary: 'Views, clicks and click rate per advert over a range (beginDate, endDate; adSpaceId or advertisementId)' })
  @ApiEnvelope(AdStatSumDto, { paged: true })
  async sum(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: AdStatQueryDto): Promise<PageResult<AdStatSumDto>> {
    const site = await this.currentSite.require(req, user);
    return this.stats.sum(user, site.siteId, query);
  }

  @Get('chart')
  @RequirePermission('cms:adstat:view')
  @ApiOperation({ summary: 'Views, clicks and click rate per day of a range, for the site, one ad space (adSpaceId) or one advert' })
  @ApiEnvelope(AdChartDto)
  async chart(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: AdStatQueryDto): Promise<AdChartDto> {
    const site = await this.currentSite.require(req, user);
    return this.stats.chart(user, site.siteId, query);
  }

  @Get('click')
  @RequirePermission('cms:adstat:view')
  @ApiOperation({ summary: 'The clicks of an advert, newest first, paged (advertisementId; beginDate, endDate)' })
  @ApiEnvelope(AdEventDto, { paged: true })
  async clicks(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: AdLogQueryDto): Promise<PageResult<CmsStatVisit>> {
    const site = await this.currentSite.require(req, user);
    return this.stats.log(user, site.siteId, 'click', query);
  }

  @Get('view')
  @RequirePermission('cms:adstat:view')
  @ApiOperation({ summary: 'The counted views of an advert, newest first, paged (advertisementId; beginDate, endDate)' })
  @ApiEnvelope(AdEventDto, { paged: true })
  async views(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: AdLogQueryDto): Promise<PageResult<CmsStatVisit>> {
    const site = await this.currentSite.require(req, user);
    return this.stats.log(user, site.siteId, 'view', query);
  }
}

/**
 * The public routes published ad spaces call, as ChestnutCMS's AdApiController: the click redirect, the click and view
 * beacons (204 whatever they count: bots, unknown or offline adverts and floods are dropped silently) and the script.
 * CORS: the page-script API's shared middleware answers `/api/...` (published pages run in an opaque origin).
 */
@ApiTags('cms/ad')
@Controller('api/adv')
export class CmsAdApiController {
  constructor(private readonly track: CmsAdTrackService) {}

  @Get('redirect')
  @Public()
  @SkipThrottle()
  @ApiOperation({ summary: "Count a click (aid) and go to the advert's stored URL (302); 404 for an unknown advert or one without URL" })
  @ApiResponse({ status: 302, description: "To the advert's own URL (never one from the request)" })
  async redirect(@Req() req: Request, @Res() res: Response, @Query() beacon: AdBeaconDto): Promise<void> {
    const url = await this.track.redirect(req, res, beacon.aid, beacon.url);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer-when-downgrade');
    res.redirect(302, url);
  }

  @Get('click')
  @Public()
  @SkipThrottle()
  @ApiOperation({ summary: 'Count a click of a code advert (aid, url); answers 204' })
  @ApiResponse({ status: 204 })
  async click(@Req() req: Request, @Res() res: Response, @Query() beacon: AdBeaconDto): Promise<void> {
    await this.track.click(req, res, beacon.aid, beacon.url);
    this.done(res);
  }

  @Post('click')
  @Public()
  @SkipThrottle()
  @AllowRepeatSubmit()
  @ApiOperation({ summary: 'The same as GET, for navigator.sendBeacon; answers 204' })
  @ApiResponse({ status: 204 })
  async clickPost(@Req() req: Request, @Res() res: Response, @Query() beacon: AdBeaconDto): Promise<void> {
    await this.track.click(req, res, beacon.aid, beacon.url);
    this.done(res);
  }

  @Get('view')
  @Public()
  @SkipThrottle()
  @ApiOperation({ summary: 'Count a view of an advert (aid, url): once per visitor, advert and day; answers 204' })
  @ApiResponse({ status: 204 })
  async view(@Req() req: Request, @Res() res: Response, @Query() beacon: AdBeaconDto): Promise<void> {
    await this.track.view(req, res, beacon.aid, beacon.url);
    this.done(res);
  }

  @Post('view')
  @Public()
  @SkipThrottle()
  @AllowRepeatSubmit()
  @ApiOperation({ summary: 'The same as GET, for navigator.sendBeacon; answers 204' })
  @ApiResponse({ status: 204 })
  async viewPost(@Req() req: Request, @Res() res: Response, @Query() beacon: AdBeaconDto): Promise<void> {
    await this.track.view(req, res, beacon.aid, beacon.url);
    this.done(res);
  }

  @Get('adspace.js')
  @Public()
  @SkipThrottle()
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  @Header('Cross-Origin-Resource-Policy', 'cross-origin')
  @ApiOperation({ summary: 'The script published ad spaces load: picks one advert by weight per view and sends its view beacon' })
  script(): StreamableFile {
    return new StreamableFile(Buffer.from(AD_SPACE_SCRIPT, 'utf8'));
  }

  private done(res: Response): void {
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  }
}
