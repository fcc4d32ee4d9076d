import { Body, Controller, Delete, Get, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import {
  CreateXModelDto,
  CreateXModelFieldDto,
  UpdateXModelDto,
  UpdateXModelFieldDto,
  XModelAllFieldsQueryDto,
  XModelDto,
  XModelFieldDto,
  XModelFieldQueryDto,
  XModelQueryDto,
} from '../../xmodel/xmodel.dto';
import type { XModel, XModelField } from '../../xmodel/xmodel.service';
import { CurrentSiteService } from '../common/current-site.service';
import { IdArrayBodyPipe } from '../publishpipe/id-array.pipe';
import { ExModelDataListQueryDto, ExModelDataRowDto, ExModelOptionDto, ExModelRecordDto, ExModelRecordQueryDto } from './exmodel.dto';
import { ExModelService, type ExModelRecord } from './exmodel.service';

const TITLE = '扩展模型';

/** Extension models of the current site (`CurrentSite` header), as ChestnutCMS's EXModelController. */
@ApiTags('cms/exmodel')
@ApiBearerAuth()
@Controller('cms/exmodel')
export class ExModelController {
  constructor(
    private readonly exmodel: ExModelService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<XModel>('', {
    fileName: 'cms.exmodel.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'code', header: 'xmodel.header.code', width: 16 },
      { key: 'remark', header: 'field.remark', width: 30 },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission('cms:exmodel:view')
  @ApiOperation({ summary: 'Extension models of the current site, paged (filter: query on name or code)' })
  @ApiEnvelope(XModelDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: XModelQueryDto): Promise<PageResult<XModel>> {
    const site = await this.currentSite.require(req, user);
    return this.exmodel.list(site.siteId, query);
  }

  @Get('options')
  @RequireAnyPermission('cms:exmodel:view', 'cms:site:view', 'cms:catalog:view')
  @ApiOperation({ summary: "The current site's extension models as options (the site and catalog settings choose among them)" })
  @ApiEnvelope(ExModelOptionDto)
  async options(@CurrentUser() user: LoginUser, @Req() req: Request): Promise<ExModelOptionDto[]> {
    const site = await this.currentSite.require(req, user);
    return this.exmodel.options(site.siteId);
  }

  @Post()
  @RequirePermission('cms:exmodel:view', 'cms:exmodel:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add an extension model to the current site (code unique in the site)' })
  @ApiEnvelope(XModelDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateXModelDto): Promise<XModel> {
    const site = await this.currentSite.require(req, user);
    return this.exmodel.create(user, site.siteId, dto);
  }

  @Put()
  @RequirePermission('cms:exmodel:view', 'cms:exmodel:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change an extension model of the current site (name, code, remark)' })
  @ApiEnvelope(XModelDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateXModelDto): Promise<XModel> {
    const site = await this.currentSite.require(req, user);
    return this.exmodel.update(user, site.siteId, dto.modelId, dto);
  }

  @Delete()
  @RequirePermission('cms:exmodel:view', 'cms:exmodel:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete extension models of the current site (body: id list) with their fields and stored values' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) modelIds: string[]): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.exmodel.remove(site.siteId, modelIds);
  }

  @Get('data')
  @RequireAnyPermission('cms:exmodel:view', 'cms:site:view', 'cms:catalog:view', 'cms:content:view')
  @ApiOperation({
    summary:
      'The extension of a site, catalog or content for its editor: the bound model, its fields with options and the values (dataId 0 = a new one, parentId its site — default the current site — or catalog)',
  })
  @ApiEnvelope(ExModelRecordDto)
  async record(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: ExModelRecordQueryDto): Promise<ExModelRecord> {
    // A new catalog without parentId: of the current site.
    const parentId =
      query.dataType === 'catalog' && query.dataId === '0' && !query.parentId ? (await this.currentSite.require(req, user)).siteId : query.parentId;
    return this.exmodel.record(user, query.dataType, query.dataId, parentId);
  }

  @ListRoute<Record<string, unknown>>('data/list', { fileName: 'cms.exmodel.dataExportFile' })
  @RequirePermission('cms:exmodel:view')
  @ApiOperation({
    summary: 'Stored values of a model of the current site for one data type, paged; POST with cc-export: 1 exports them (a column per field)',
  })
  @ApiEnvelope(ExModelDataRowDto, { paged: true })
  async data(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @Query() query: ExModelDataListQueryDto,
  ): Promise<PageResult<Record<string, unknown>>> {
    const site = await this.currentSite.require(req, user);
    const page = await this.exmodel.data(site.siteId, query.modelId, query.dataType, query);
    const fields = await this.exmodel.fields.fieldsOf(query.modelId);
    const rows = page.rows.map((r) => {
      const row: Record<string, unknown> = { dataType: r.dataType, dataId: r.dataId };
      for (const f of fields) {
        const v = (r.data as Record<string, unknown>)[f.code];
        row[f.code] = Array.isArray(v) ? v.join(',') : (v ?? '');
      }
      row.updateTime = r.updateTime;
      return row;
    });
    return { ...page, rows };
  }
}

/** Fields of the current site's extension models (ChestnutCMS designs them on /xmodel/field; both work). */
@ApiTags('cms/exmodel')
@ApiBearerAuth()
@Controller('cms/exmodel/field')
export class ExModelFieldController {
  constructor(
    private readonly exmodel: ExModelService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  private async model(user: LoginUser, req: Request, modelId: string): Promise<XModel> {
    const site = await this.currentSite.require(req, user);
    return this.exmodel.get(site.siteId, modelId);
  }

  @Get('list')
  @RequirePermission('cms:exmodelfield:view')
  @ApiOperation({ summary: 'Fields of an extension model of the current site, paged' })
  @ApiEnvelope(XModelFieldDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: XModelFieldQueryDto): Promise<PageResult<XModelField>> {
    await this.model(user, req, query.modelId);
    return this.exmodel.fields.listFields(query);
  }

  @Get('all')
  @RequirePermission('cms:exmodelfield:view')
  @ApiOperation({ summary: 'Every field of an extension model of the current site, with options resolved' })
  @ApiEnvelope(XModelFieldDto)
  async all(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: XModelAllFieldsQueryDto): Promise<XModelField[]> {
    await this.model(user, req, query.modelId);
    return this.exmodel.fields.fieldsWithItems(query.modelId);
  }

  @Post()
  @RequirePermission('cms:exmodelfield:view', 'cms:exmodelfield:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a field to an extension model of the current site' })
  @ApiEnvelope(XModelFieldDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateXModelFieldDto): Promise<XModelField> {
    await this.model(user, req, dto.modelId);
    return this.exmodel.fields.createField(user.userName, dto);
  }

  @Put()
  @RequirePermission('cms:exmodelfield:view', 'cms:exmodelfield:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a field of an extension model of the current site' })
  @ApiEnvelope(XModelFieldDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateXModelFieldDto): Promise<XModelField> {
    await this.model(user, req, dto.modelId);
    return this.exmodel.fields.updateField(user.userName, dto);
  }

  @Delete()
  @RequirePermission('cms:exmodelfield:view', 'cms:exmodelfield:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete fields of extension models of the current site (body: id list)' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) fieldIds: string[]): Promise<void> {
    const fields = await Promise.all(fieldIds.map((id) => this.exmodel.fields.getField(id)));
    for (const modelId of new Set(fields.map((f) => String(f.modelId)))) await this.model(user, req, modelId);
    await this.exmodel.fields.removeFields(fieldIds);
  }
}
