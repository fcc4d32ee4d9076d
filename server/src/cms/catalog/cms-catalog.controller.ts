import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { IdOrZeroPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CurrentSiteService } from '../common/current-site.service';
import {
  ApplyConfigPropsDto,
  ApplyPipePropsDto,
  BatchAddCatalogDto,
  CatalogDto,
  CatalogOptionDto,
  CatalogQueryDto,
  CatalogSortDto,
  CatalogTreeDto,
  CatalogTreeQueryDto,
  CatalogVisibleDto,
  ClearCatalogDto,
  CreateCatalogDto,
  MergeCatalogDto,
  PublishCatalogDto,
  UpdateCatalogDto,
} from './cms-catalog.dto';
import type { CmsCatalog } from './cms-catalog.entity';
import { CmsCatalogService, type CatalogTreeNode } from './cms-catalog.service';
import { CmsCatalogPublishing } from './cms-catalog-publishing';

const TITLE = '栏目管理';

@ApiTags('cms/catalog')
@ApiBearerAuth()
@Controller('cms/catalog')
export class CmsCatalogController {
  constructor(
    private readonly catalogs: CmsCatalogService,
    private readonly publishing: CmsCatalogPublishing,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @Get()
  @RequirePermission('cms:catalog:view')
  @ApiOperation({ summary: 'Catalogs of the current site the caller may view, paged and filtered' })
  @ApiEnvelope(CatalogDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: CatalogQueryDto): Promise<PageResult<CmsCatalog>> {
    const site = await this.currentSite.require(req, user);
    return this.catalogs.list(user, site.siteId, query);
  }

  @Get('treeData')
  @RequirePermission('cms:catalog:view')
  @ApiOperation({ summary: 'The catalog tree of the current site: only catalogs the caller may view, each under its nearest shown ancestor' })
  @ApiEnvelope(CatalogTreeDto)
  async treeData(@CurrentUser() user: LoginUser, @Req() req: Request): Promise<{ rows: CatalogTreeNode[]; siteName: string }> {
    const site = await this.currentSite.require(req, user);
    return { rows: await this.catalogs.tree(site.siteId, user), siteName: site.name };
  }

  @Get('tree')
  @RequireAnyPermission('cms:catalog:view', 'cms:content:view')
  @ApiOperation({ summary: 'The catalog tree for selectors (content screens too): the current site or siteId (needs Site:View)' })
  @ApiEnvelope(CatalogTreeDto)
  async tree(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @Query() query: CatalogTreeQueryDto,
  ): Promise<{ rows: CatalogTreeNode[]; siteName: string }> {
    const site = query.siteId ? await this.catalogs.viewableSite(user, query.siteId) : await this.currentSite.require(req, user);
    return { rows: await this.catalogs.tree(site.siteId, user, { disableLink: query.disableLink === 'true' }), siteName: site.name };
  }

  @Get('getCatalogTypes')
  @RequireAnyPermission('cms:catalog:view', 'cms:content:view')
  @ApiOperation({ summary: 'Catalog types (common, link) with names in the request language' })
  @ApiEnvelope(CatalogOptionDto, { isArray: true })
  catalogTypes(): Array<{ id: string; name: string }> {
    return this.catalogs.catalogTypes();
  }

  @Get('getContentTypes')
  @RequireAnyPermission('cms:catalog:view', 'cms:content:view')
  @ApiOperation({ summary: 'Content types (article, image, audio, video) with names in the request language' })
  @ApiEnvelope(CatalogOptionDto, { isArray: true })
  contentTypes(): Array<{ id: string; name: string }> {
    return this.catalogs.contentTypes();
  }

  @Get('extends')
  @RequirePermission('cms:catalog:view')
  @ApiOperation({ summary: 'Extended settings of a catalog (Catalog:View)' })
  @ApiQuery({ name: 'catalogId', required: true })
  @ApiEnvelope()
  getExtends(@CurrentUser() user: LoginUser, @Query('catalogId', IdPipe) catalogId: string): Promise<Record<string, unknown>> {
    return this.catalogs.getExtends(user, catalogId);
  }

  @Put('extends/:catalogId')
  @RequirePermission('cms:catalog:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Replace the extended settings of a catalog (Catalog:Edit); the body is the settings map' })
  @ApiBody({ schema: { type: 'object', additionalProperties: true } })
  @ApiEnvelope()
  async saveExtends(
    @CurrentUser() user: LoginUser,
    @Param('catalogId', IdPipe) catalogId: string,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    await this.catalogs.saveExtends(user, catalogId, body);
  }

  @Get(':catalogId')
  @RequirePermission('cms:catalog:view')
  @ApiOperation({ summary: 'One catalog (Catalog:View)' })
  @ApiEnvelope(CatalogDto)
  async get(@CurrentUser() user: LoginUser, @Param('catalogId', IdPipe) catalogId: string): Promise<CmsCatalog> {
    const catalog = await this.catalogs.get(catalogId);
    await this.catalogs.assertCan(user, 'View', catalog.catalogId);
    return catalog;
  }

  @Post()
  @RequirePermission('cms:catalog:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a catalog to the current site (Site:AddCatalog); the creator gets every permission on it' })
  @ApiEnvelope(CatalogDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateCatalogDto): Promise<CmsCatalog> {
    const site = await this.currentSite.require(req, user);
    return this.catalogs.create(user, site, dto);
  }

  @Post('batchAdd')
  @RequirePermission('cms:catalog:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add several catalogs under one parent of the current site (Site:AddCatalog)' })
  @ApiEnvelope(CatalogDto, { isArray: true })
  async batchAdd(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: BatchAddCatalogDto): Promise<CmsCatalog[]> {
    const site = await this.currentSite.require(req, user);
    return this.catalogs.batchAdd(user, site, dto);
  }

  @Put()
  @RequirePermission('cms:catalog:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: "Change a catalog (Catalog:Edit); a new path moves its descendants' paths along" })
  @ApiEnvelope(CatalogDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateCatalogDto): Promise<CmsCatalog> {
    return this.catalogs.update(user, dto);
  }

  @Delete(':catalogId')
  @RequirePermission('cms:catalog:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete a catalog (Catalog:Delete); refused while it has sub-catalogs or content outside the recycle bin' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Param('catalogId', IdPipe) catalogId: string): Promise<void> {
    const catalog = await this.catalogs.remove(user, catalogId);
    await this.publishing.removeFiles(catalog);
  }

  @Put('visible')
  @RequirePermission('cms:catalog:showHide')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Show or hide a catalog (Catalog:ShowHide)' })
  @ApiEnvelope()
  async visible(@CurrentUser() user: LoginUser, @Body() dto: CatalogVisibleDto): Promise<void> {
    await this.catalogs.setVisible(user, dto.catalogId, dto.visible);
  }

  @Post('publish')
  @RequirePermission('cms:catalog:publish')
  @OperLog({ title: TITLE, businessType: BusinessType.OTHER })
  @ApiOperation({ summary: 'Publish a catalog (Catalog:Publish), optionally its sub-catalogs and the detail pages of its content' })
  @ApiEnvelope()
  async publish(@CurrentUser() user: LoginUser, @Body() dto: PublishCatalogDto): Promise<{ taskId: string }> {
    const catalog = await this.catalogs.get(dto.catalogId);
    await this.catalogs.assertCan(user, 'Publish', catalog.catalogId);
    return this.publishing.publish(catalog, user, { publishChild: !!dto.publishChild, publishDetail: !!dto.publishDetail });
  }

  @Put('apply_children/publish_pipe')
  @RequirePermission('cms:catalog:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: "Copy the catalog's templates per publish pipe to its descendants the caller may edit" })
  @ApiEnvelope()
  applyPipeProps(@CurrentUser() user: LoginUser, @Body() dto: ApplyPipePropsDto): Promise<{ updated: number }> {
    return this.catalogs.applyPipePropsToChildren(user, dto);
  }

  @Put('apply_children/config_props')
  @RequirePermission('cms:catalog:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: "Copy the catalog's extended settings to its descendants the caller may edit" })
  @ApiEnvelope()
  applyConfigProps(@CurrentUser() user: LoginUser, @Body() dto: ApplyConfigPropsDto): Promise<{ updated: number }> {
    return this.catalogs.applyConfigPropsToChildren(user, dto);
  }

  @Post('move/:from/:to')
  @RequirePermission('cms:catalog:move')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Move a catalog under another (to = 0: top level); Catalog:Move on both' })
  @ApiEnvelope(CatalogDto)
  move(@CurrentUser() user: LoginUser, @Param('from', IdPipe) from: string, @Param('to', IdOrZeroPipe) to: string): Promise<CmsCatalog> {
    return this.catalogs.move(user, from, to);
  }

  @Put('sort')
  @RequirePermission('cms:catalog:sort')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Move a catalog among its siblings: sort > 0 moves it up that many places, < 0 down (Catalog:Sort)' })
  @ApiEnvelope()
  async sort(@CurrentUser() user: LoginUser, @Body() dto: CatalogSortDto): Promise<void> {
    await this.catalogs.sort(user, dto);
  }

  @Post('clear')
  @RequirePermission('cms:catalog:clear')
  @OperLog({ title: TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({
    summary:
      'Move all content of a catalog to the recycle bin (Catalog:Edit and Catalog:DeleteContent); content locked by another user refuses it all',
  })
  @ApiEnvelope()
  clear(@CurrentUser() user: LoginUser, @Body() dto: ClearCatalogDto): Promise<{ count: number }> {
    return this.catalogs.clear(user, dto.catalogId);
  }

  @Post('merge')
  @RequirePermission('cms:catalog:merge')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({
    summary:
      'Move the content of mergeCatalogIds into catalogId, then delete the emptied sources without sub-catalogs; content locked by another user refuses it all',
  })
  @ApiEnvelope()
  merge(@CurrentUser() user: LoginUser, @Body() dto: MergeCatalogDto): Promise<{ moved: number; deleted: string[] }> {
    return this.catalogs.merge(user, dto);
  }
}
