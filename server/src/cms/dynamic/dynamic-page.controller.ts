import { Body, Controller, Delete, Get, Headers, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentMember, CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser, MemberSession } from '../../auth/login-user';
import { AcceptPageToken, RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { IdPipe } from '../../common/validation/id.pipe';
import { CurrentSiteService } from '../common/current-site.service';
import { IdArrayBodyPipe } from '../publishpipe/id-array.pipe';
import { CreateDynamicPageDto, DynamicInitTypeDto, DynamicPageDto, DynamicPageQueryDto, UpdateDynamicPageDto } from './dynamic-page.dto';
import type { DynamicPage } from './dynamic-page.entity';
import { DynamicPageService } from './dynamic-page.service';

const TITLE = '动态模板';
const VIEW = 'cms:dynamicpage:view';
/** The same sandbox as published pages served by the API (serveSiteFiles): the page runs in an opaque origin. */
const PAGE_CSP = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';

/** Dynamic pages of the current site (`CurrentSite` header), as ChestnutCMS's DynamicPageController. */
@ApiTags('cms/dynamic_page')
@ApiBearerAuth()
@Controller('cms/dynamic_page')
export class DynamicPageController {
  constructor(
    private readonly pages: DynamicPageService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<DynamicPage>('list', {
    fileName: 'cms.dynamic.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'code', header: 'cms.dynamic.header.code', width: 16 },
      { key: 'path', header: 'cms.dynamic.header.path', width: 24 },
      { key: 'enabled', header: 'cms.dynamic.header.enabled' },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Dynamic pages of the current site, paged (filter: query on name, code or path)' })
  @ApiEnvelope(DynamicPageDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: DynamicPageQueryDto): Promise<PageResult<DynamicPage>> {
    const site = await this.currentSite.require(req, user);
    return this.pages.list(site.siteId, query);
  }

  @Get('init_data_types')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'The init data types a page may ask for (search, member, pagination)' })
  @ApiEnvelope(DynamicInitTypeDto)
  initDataTypes(): DynamicInitTypeDto[] {
    return this.pages.initDataTypes();
  }

  @Get(':pageId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'One dynamic page of the current site' })
  @ApiEnvelope(DynamicPageDto)
  async get(@CurrentUser() user: LoginUser, @Req() req: Request, @Param('pageId', IdPipe) pageId: string): Promise<DynamicPage> {
    const site = await this.currentSite.require(req, user);
    return this.pages.get(site.siteId, pageId);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:dynamicpage:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a dynamic page (code and path unique in the site; a template per pipe)' })
  @ApiEnvelope(DynamicPageDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateDynamicPageDto): Promise<DynamicPage> {
    const site = await this.currentSite.require(req, user);
    return this.pages.create(user, site.siteId, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:dynamicpage:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a dynamic page (its cached answers are dropped)' })
  @ApiEnvelope(DynamicPageDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateDynamicPageDto): Promise<DynamicPage> {
    const site = await this.currentSite.require(req, user);
    return this.pages.update(user, site.siteId, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:dynamicpage:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete dynamic pages (body: id list)' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) pageIds: string[]): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.pages.remove(site.siteId, pageIds);
  }
}

/**
 * Dynamic pages for visitors: `GET /api/dynamic/<siteId>/<pipe>/<path>?…` answers the rendered HTML. Under `/api`, so
 * page script of published pages may fetch a member page with the page token (the page-script CORS applies).
 */
@ApiTags('api/dynamic')
@Controller('api/dynamic')
export class DynamicPageFrontController {
  constructor(private readonly pages: DynamicPageService) {}

  @Get(':siteId/:pipe/*path')
  @Public()
  @AcceptPageToken()
  @ApiOperation({
    summary:
      'A dynamic page of a site on a pipe, rendered per request (query string visible to the template; search pages read q and page; a member page token adds member). 404 when unknown or disabled',
  })
  @ApiProduces('text/html')
  async page(
    @Param('siteId') siteId: string,
    @Param('pipe') pipe: string,
    @Param('path') path: string | string[],
    @Query() query: Record<string, unknown>,
    @CurrentMember({ optional: true }) member: MemberSession | undefined,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const answer = await this.pages.render({
      siteId,
      pipe,
      path: Array.isArray(path) ? path.join('/') : String(path ?? ''),
      query,
      member,
      userAgent: String(userAgent ?? '').slice(0, 500),
    });
    res.setHeader('Content-Security-Policy', PAGE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', answer.personal ? 'private, no-store' : 'no-cache');
    res.setHeader('X-Dynamic-Cache', answer.cached ? 'HIT' : 'MISS');
    return new StreamableFile(Buffer.from(answer.html, 'utf8'), { type: 'text/html; charset=utf-8' });
  }
}
