import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { IdPipe } from '../../common/validation/id.pipe';
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
  async list(@Req() req: Request, @Query() query: CatalogQueryDto): Promise<PageResult<CmsCatalog>> {
    const site = await this.currentSite.require(req, req.user!);
    return this.catalogs.list(req.user!, site.siteId, query);
  }

  @Get('treeData')
  @RequirePermission('cms:catalog:view')
  @ApiOperation({ summary: 'The catalog tree of the current site: only catalogs the caller may view, each under its nearest shown ancestor' })
  @ApiEnvelope(CatalogTreeDto)
  async treeData(@Req() req: Request): Promise<{ rows: CatalogTreeNode[]; siteName: string }> {
    const site = await this.currentSite.require(req, req.user!);
    return { rows: await this.catalogs.tree(site.siteId, req.user!), siteName: site.name };
  }

  @Get('tree')
  @RequireAnyPermission('cms:catalog:view', 'cms:content:view')
  @ApiOperation({ summary: 'The catalog tree for selectors (content screens too): the current site or siteId (needs Site:View)' })
  @ApiEnvelope(CatalogTreeDto)
  async tree(@Req() req: Request, @Query() query: CatalogTreeQueryDto): Promise<{ rows: CatalogTreeNode[]; siteName: string }> {
    const site = query.siteId ? await this.catalogs.viewableSite(req.user!, query.siteId) : await this.currentSite.require(req, req.user!);
    return { rows: await this.catalogs.tree(site.siteId, req.user!, { disableLink: query.disableLink === 'true' }), siteName: site.name };
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
  getExtends(@Req() req: Request, @Query('catalogId', IdPipe) catalogId: string): Promise<Record<string, unknown>> {
    return this.catalogs.getExtends(req.user!, catalogId);
  }

  @Put('extends/:catalogId')
  @RequirePermission('cms:catalog:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Replace the extended settings of a catalog (Catalog:Edit); the body is the settings map' })
  @ApiBody({ schema: { type: 'object', additionalProperties: true } })
  @ApiEnvelope()
  async saveExtends(@Req() req: Request, @Param('catalogId', IdPipe) catalogId: string, @Body() body: Record<string, unknown>): Promise<void> {
    await this.catalogs.saveExtends(req.user!, catalogId, body);
  }

  @Get(':catalogId')
  @RequirePermission('cms:catalog:view')
  @ApiOperation({ summary: 'One catalog (Catalog:View)' })
  @ApiEnvelope(CatalogDto)
  async get(@Req() req: Request, @Param('catalogId', IdPipe) catalogId: string): Promise<CmsCatalog> {
    const catalog = await this.catalogs.get(catalogId);
    await this.catalogs.assertCan(req.user!, 'View', catalog.catalogId);
    return catalog;
  }

  @Post()
  @RequirePermission('cms:catalog:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a catalog to the current site (Site:AddCatalog); the creator gets every permission on it' })
  @ApiEnvelope(CatalogDto)
  async create(@Req() req: Request, @Body() dto: CreateCatalogDto): Promise<CmsCatalog> {
    const site = await this.currentSite.require(req, req.user!);
    return this.catalogs.create(req.user!, site, dto);
  }

  @Post('batchAdd')
  @RequirePermission('cms:catalog:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add several catalogs under one parent of the current site (Site:AddCatalog)' })
  @ApiEnvelope(CatalogDto, { isArray: true })
  async batchAdd(@Req() req: Request, @Body() dto: BatchAddCatalogDto): Promise<CmsCatalog[]> {
    const site = await this.currentSite.require(req, req.user!);
    return this.catalogs.batchAdd(req.user!, site, dto);
  }

  @Put()
  @RequirePermission('cms:catalog:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: "Change a catalog (Catalog:Edit); a new path moves its descendants' paths along" })
  @ApiEnvelope(CatalogDto)
  update(@Req() req: Request, @Body() dto: UpdateCatalogDto): Promise<CmsCatalog> {
    return this.catalogs.update(req.user!, dto);
  }

  @Delete(':catalogId')
  @RequirePermission('cms:catalog:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete a catalog (Catalog:Delete); refused while it has sub-catalogs or content outside the recycle bin' })
  @ApiEnvelope()
  async remove(@Req() req: Request, @Param('catalogId', IdPipe) catalogId: string): Promise<void> {
    const catalog = await this.catalogs.remove(req.user!, catalogId);
    await this.publishing.removeFiles(catalog);
  }

  @Put('visible')
  @RequirePermission('cms:catalog:showHide')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Show or hide a catalog (Catalog:ShowHide)' })
  @ApiEnvelope()
  async visible(@Req() req: Request, @Body() dto: CatalogVisibleDto): Promise<void> {
    await this.catalogs.setVisible(req.user!, dto.catalogId, dto.visible);
  }

  @Post('publish')
  @RequirePermission('cms:catalog:publish')
  @OperLog({ title: TITLE, businessType: BusinessType.OTHER })
  @ApiOperation({ summary: 'Publish a catalog (Catalog:Publish), optionally its sub-catalogs and the detail pages of its content' })
  @ApiEnvelope()
  async publish(@Req() req: Request, @Body() dto: PublishCatalogDto): Promise<{ taskId: string }> {
    const catalog = await this.catalogs.get(dto.catalogId);
    await this.catalogs.assertCan(req.user!, 'Publish', catalog.catalogId);
    return this.publishing.publish(catalog, req.user!, { publishChild: !!dto.publishChild, publishDetail: !!dto.publishDetail });
  }

  @Put('apply_children/publish_pipe')
  @RequirePermission('cms:catalog:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: "Copy the catalog's templates per publish pipe to its descendants the caller may edit" })
  @ApiEnvelope()
  applyPipeProps(@Req() req: Request, @Body() dto: ApplyPipePropsDto): Promise<{ updated: number }> {
    return this.catalogs.applyPipePropsToChildren(req.user!, dto);
  }

  @Put('apply_children/config_props')
  @RequirePermission('cms:catalog:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: "Copy the catalog's extended settings to its descendants the caller may edit" })
  @ApiEnvelope()
  applyConfigProps(@Req() req: Request, @Body() dto: ApplyConfigPropsDto): Promise<{ updated: number }> {
    return this.catalogs.applyConfigPropsToChildren(req.user!, dto);
  }

  @Post('move/:from/:to')
  @RequirePermission('cms:catalog:move')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Move a catalog under another (to = 0: top level); Catalog:Move on both' })
  @ApiEnvelope(CatalogDto)
  move(@Req() req: Request, @Param('from', IdPipe) from: string, @Param('to', IdPipe) to: string): Promise<CmsCatalog> {
    return this.catalogs.move(req.user!, from, to);
  }

  @Put('sort')
  @RequirePermission('cms:catalog:sort')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Move a catalog among its siblings: sort > 0 moves it up that many places, < 0 down (Catalog:Sort)' })
  @ApiEnvelope()
  async sort(@Req() req: Request, @Body() dto: CatalogSortDto): Promise<void> {
    await this.catalogs.sort(req.user!, dto);
  }

  @Post('clear')
  @RequirePermission('cms:catalog:clear')
  @OperLog({ title: TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Move all content of a catalog to the recycle bin (Catalog:Edit and Catalog:DeleteContent)' })
  @ApiEnvelope()
  async clear(@Req() req: Request, @Body() dto: ClearCatalogDto): Promise<{ count: number }> {
    const result = await this.catalogs.clear(req.user!, dto.catalogId);
    await this.publishing.removeContentFiles(result.siteId, result.publishedIds, req.user!);
    return { count: result.count };
  }

  @Post('merge')
  @RequirePermission('cms:catalog:merge')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Move the content of mergeCatalogIds into catalogId, then delete the emptied sources without sub-catalogs' })
  @ApiEnvelope()
  merge(@Req() req: Request, @Body() dto: MergeCatalogDto): Promise<{ moved: number; deleted: string[] }> {
    return this.catalogs.merge(req.user!, dto);
  }
}
