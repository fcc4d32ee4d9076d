import { Body, Controller, Delete, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { CurrentSiteService } from '../common/current-site.service';
import { IdArrayBodyPipe } from '../publishpipe/id-array.pipe';
import {
  CreateLinkDto,
  CreateLinkGroupDto,
  LinkDto,
  LinkGroupDto,
  LinkGroupQueryDto,
  LinkQueryDto,
  UpdateLinkDto,
  UpdateLinkGroupDto,
} from './friend-link.dto';
import type { FriendLink, FriendLinkGroup } from './friend-link.entity';
import { FriendLinkService } from './friend-link.service';
import { ResourceStorageService } from '../resource/resource-storage.service';

const TITLE = '友情链接';
const VIEW = 'cms:link:view';

/** Friend link groups of the current site (`CurrentSite` header), as ChestnutCMS's LinkGroupController. */
@ApiTags('cms/link')
@ApiBearerAuth()
@Controller('cms/link_group')
export class FriendLinkGroupController {
  constructor(
    private readonly links: FriendLinkService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<FriendLinkGroup>('', {
    fileName: 'cms.link.group.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'code', header: 'cms.link.header.code', width: 16 },
      { key: 'linkTotal', header: 'cms.link.header.linkTotal' },
      { key: 'sortFlag', header: 'field.sort' },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Friend link groups of the current site, paged (filter: query on name or code)' })
  @ApiEnvelope(LinkGroupDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: LinkGroupQueryDto): Promise<PageResult<FriendLinkGroup>> {
    const site = await this.currentSite.require(req, user);
    return this.links.listGroups(site.siteId, query);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:link:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a group to the current site (code unique in the site); republishes the home page' })
  @ApiEnvelope(LinkGroupDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateLinkGroupDto): Promise<FriendLinkGroup> {
    const site = await this.currentSite.require(req, user);
    return this.links.createGroup(user, site.siteId, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:link:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a group (name, code, sort, remark); republishes the home page' })
  @ApiEnvelope(LinkGroupDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateLinkGroupDto): Promise<FriendLinkGroup> {
    const site = await this.currentSite.require(req, user);
    return this.links.updateGroup(user, site.siteId, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:link:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete groups (body: id list) with their links; republishes the home page' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) groupIds: string[]): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.links.removeGroups(user, site.siteId, groupIds);
  }
}

/** Friend links of the current site, as ChestnutCMS's LinkController. */
@ApiTags('cms/link')
@ApiBearerAuth()
@Controller('cms/link')
export class FriendLinkController {
  constructor(
    private readonly links: FriendLinkService,
    private readonly currentSite: CurrentSiteService,
    private readonly resources: ResourceStorageService,
  ) {}

  @ListRoute<FriendLink>('', {
    fileName: 'cms.link.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'url', header: 'cms.link.header.url', width: 40 },
      { key: 'logo', header: 'cms.link.header.logo', width: 30 },
      { key: 'sortFlag', header: 'field.sort' },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Friend links of the current site, paged (filters: groupId, query on name or URL), by sort; logoSrc is the logo URL' })
  @ApiEnvelope(LinkDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: LinkQueryDto): Promise<PageResult<FriendLink>> {
    const site = await this.currentSite.require(req, user);
    const page = await this.links.list(site.siteId, query);
    // The logo's URL for the screen's preview: the site's resource base (its domain, its bucket, or /site/<path>/).
    const base = await this.resources.baseUrl(site);
    for (const row of page.rows) row.logoSrc = row.logo ? `${base}${row.logo}` : '';
    return page;
  }

  @Post()
  @RequirePermission(VIEW, 'cms:link:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a link to a group of the current site (url http(s) only; logo a material library path); republishes the home page' })
  @ApiEnvelope(LinkDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateLinkDto): Promise<FriendLink> {
    const site = await this.currentSite.require(req, user);
    return this.links.create(user, site.siteId, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:link:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a link (group, name, url, logo, sort, remark); republishes the home page' })
  @ApiEnvelope(LinkDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateLinkDto): Promise<FriendLink> {
    const site = await this.currentSite.require(req, user);
    return this.links.update(user, site.siteId, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:link:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete links (body: id list); republishes the home page' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) linkIds: string[]): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.links.remove(user, site.siteId, linkIds);
  }
}
