import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../auth/current-user.decorator';
import type { LoginUser } from '../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../auth/permission';
import { BusinessType, OperLog } from '../common/decorators/oper-log.decorator';
import { ListRoute } from '../common/export/list-route.decorator';
import { ApiEnvelope } from '../common/http/api-envelope.decorator';
import { t } from '../common/i18n/i18n';
import { IdPipe } from '../common/validation/id.pipe';
import { IdArrayBodyPipe } from '../cms/publishpipe/id-array.pipe';
import {
  CreateXModelDto,
  CreateXModelFieldDto,
  UpdateXModelDto,
  UpdateXModelFieldDto,
  XModelAllFieldsQueryDto,
  XModelDto,
  XModelFieldDto,
  XModelFieldQueryDto,
  XModelOptionDto,
  XModelQueryDto,
} from './xmodel.dto';
import { XMODEL_DATA_TABLE, type XModel, type XModelField } from './xmodel.entity';
import { XModelService } from './xmodel.service';

const TITLE = '元数据模型';
const PLAIN = { ownerType: 'xmodel', ownerId: '' } as const;

/**
 * Metadata models (ChestnutCMS's XModelController): every model is listed (filter by owner type), plain metadata
 * models (owner type `xmodel`) are written here; extension models and custom forms through their own routes.
 */
@ApiTags('xmodel')
@ApiBearerAuth()
@Controller('xmodel')
export class XModelController {
  constructor(private readonly xmodel: XModelService) {}

  @Get('controls')
  @RequirePermission('cms:xmodel:view')
  @ApiOperation({ summary: 'Field control kinds (value, localized label)' })
  @ApiEnvelope(XModelOptionDto)
  controls(): XModelOptionDto[] {
    return this.xmodel.controlTypes();
  }

  @Get('validations')
  @RequirePermission('cms:xmodel:view')
  @ApiOperation({ summary: 'Field validation kinds (value, localized label)' })
  @ApiEnvelope(XModelOptionDto)
  validations(): XModelOptionDto[] {
    return this.xmodel.validationTypes();
  }

  @Get('tables')
  @RequirePermission('cms:xmodel:view')
  @ApiOperation({ summary: 'Data tables a model may store in (one shared jsonb table)' })
  @ApiEnvelope('string')
  tables(): string[] {
    return [XMODEL_DATA_TABLE];
  }

  @ListRoute<XModel>('', {
    fileName: 'xmodel.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'code', header: 'xmodel.header.code', width: 16 },
      { key: 'ownerType', header: 'xmodel.header.ownerType', format: (v) => t(`xmodel.owner.${String(v)}`) },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission('cms:xmodel:view')
  @ApiOperation({ summary: 'Models, paged (filters: ownerType, ownerId, query on name or code)' })
  @ApiEnvelope(XModelDto, { paged: true })
  list(@Query() query: XModelQueryDto): Promise<PageResult<XModel>> {
    return this.xmodel.listModels(query);
  }

  @Get(':modelId')
  @RequirePermission('cms:xmodel:view')
  @ApiOperation({ summary: 'A model' })
  @ApiEnvelope(XModelDto)
  get(@Param('modelId', IdPipe) modelId: string): Promise<XModel> {
    return this.xmodel.getModel(modelId);
  }

  @Post()
  @RequirePermission('cms:xmodel:view', 'cms:xmodel:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a metadata model (code unique among metadata models)' })
  @ApiEnvelope(XModelDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateXModelDto): Promise<XModel> {
    return this.xmodel.createModel(user.userName, PLAIN, dto);
  }

  @Put()
  @RequirePermission('cms:xmodel:view', 'cms:xmodel:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a metadata model (name, code, remark)' })
  @ApiEnvelope(XModelDto)
  async update(@CurrentUser() user: LoginUser, @Body() dto: UpdateXModelDto): Promise<XModel> {
    this.xmodel.assertPlainModel(await this.xmodel.getModel(dto.modelId));
    return this.xmodel.updateModel(user.userName, dto.modelId, dto);
  }

  @Delete()
  @RequirePermission('cms:xmodel:view', 'cms:xmodel:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete metadata models (body: id list) with their fields and values' })
  @ApiEnvelope()
  async remove(@Body(IdArrayBodyPipe) modelIds: string[]): Promise<void> {
    for (const id of modelIds) this.xmodel.assertPlainModel(await this.xmodel.getModel(id));
    await this.xmodel.removeModels(modelIds);
  }
}

/**
 * Fields of any model (ChestnutCMS's XModelFieldController): metadata models, extension models and custom forms design
 * their fields here. The route needs one of the three screens' permissions; the model's owner then decides
 * (XModelService.assertAccess: metadata models need the metadata field buttons, extension models the extension field
 * buttons and rights on their site, custom forms what the form module says).
 */
@ApiTags('xmodel')
@ApiBearerAuth()
@Controller('xmodel/field')
export class XModelFieldController {
  constructor(private readonly xmodel: XModelService) {}

  @Get('list')
  @RequireAnyPermission('cms:xmodelfield:view', 'cms:exmodelfield:view', 'cms:customform:view')
  @ApiOperation({ summary: 'Fields of a model, paged (filter: query on name or code)' })
  @ApiEnvelope(XModelFieldDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Query() query: XModelFieldQueryDto): Promise<PageResult<XModelField>> {
    await this.xmodel.assertAccess(user, await this.xmodel.getModel(query.modelId), 'view');
    return this.xmodel.listFields(query);
  }

  @Get('all')
  @RequireAnyPermission('cms:xmodelfield:view', 'cms:exmodelfield:view', 'cms:customform:view')
  @ApiOperation({ summary: 'Every field of a model in order, with its options resolved (optionItems)' })
  @ApiEnvelope(XModelFieldDto)
  async all(@CurrentUser() user: LoginUser, @Query() query: XModelAllFieldsQueryDto): Promise<XModelField[]> {
    await this.xmodel.assertAccess(user, await this.xmodel.getModel(query.modelId), 'view');
    return this.xmodel.fieldsWithItems(query.modelId);
  }

  @Post()
  @RequireAnyPermission('cms:xmodelfield:add', 'cms:exmodelfield:add', 'cms:customform:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a field to a model (code unique in the model; options needed by radio/checkbox/select)' })
  @ApiEnvelope(XModelFieldDto)
  async create(@CurrentUser() user: LoginUser, @Body() dto: CreateXModelFieldDto): Promise<XModelField> {
    await this.xmodel.assertAccess(user, await this.xmodel.getModel(dto.modelId), 'add');
    return this.xmodel.createField(user.userName, dto);
  }

  @Put()
  @RequireAnyPermission('cms:xmodelfield:edit', 'cms:exmodelfield:edit', 'cms:customform:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a field of a model' })
  @ApiEnvelope(XModelFieldDto)
  async update(@CurrentUser() user: LoginUser, @Body() dto: UpdateXModelFieldDto): Promise<XModelField> {
    await this.xmodel.assertAccess(user, await this.xmodel.getModel(dto.modelId), 'edit');
    return this.xmodel.updateField(user.userName, dto);
  }

  @Delete()
  @RequireAnyPermission('cms:xmodelfield:remove', 'cms:exmodelfield:remove', 'cms:customform:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete fields (body: id list)' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Body(IdArrayBodyPipe) fieldIds: string[]): Promise<void> {
    const fields = await Promise.all(fieldIds.map((id) => this.xmodel.getField(id)));
    for (const modelId of new Set(fields.map((f) => String(f.modelId)))) {
      await this.xmodel.assertAccess(user, await this.xmodel.getModel(modelId), 'remove');
    }
    await this.xmodel.removeFields(fieldIds);
  }
}
