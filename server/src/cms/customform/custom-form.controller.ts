import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DOWNLOAD_FILENAME_HEADER, formatDateTime, type PageResult, type XModelFieldView } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Answer } from '../../common/http/envelope';
import { t } from '../../common/i18n/i18n';
import { IdPipe } from '../../common/validation/id.pipe';
import { XModelFieldDto, XModelOptionDto, CreateXModelFieldDto, UpdateXModelFieldDto } from '../../xmodel/xmodel.dto';
import type { XModelField } from '../../xmodel/xmodel.service';
import { CurrentSiteService } from '../common/current-site.service';
import { IdArrayBodyPipe } from '../publishpipe/id-array.pipe';
import { CustomFormDataService } from './custom-form-data.service';
import { CustomFormFields } from './custom-form-fields';
import {
  CreateCustomFormDto,
  CustomFormDataDetailQueryDto,
  CustomFormDataDto,
  CustomFormDataQueryDto,
  CustomFormDto,
  CustomFormFieldIdsDto,
  CustomFormFieldQueryDto,
  CustomFormKindsDto,
  CustomFormQueryDto,
  CustomFormRulesDto,
  SaveCustomFormDataDto,
  UpdateCustomFormDto,
} from './custom-form.dto';
import type { CmsCustomForm } from './custom-form.entity';
import { CustomFormService } from './custom-form.service';

const TITLE = '自定义表单';
const VIEW = 'cms:customform:view';
const DATA = 'cms:customform:data';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Custom forms of the current site, as ChestnutCMS's CustomFormController. */
@ApiTags('customform')
@ApiBearerAuth()
@Controller('cms/customform')
export class CustomFormController {
  constructor(
    private readonly forms: CustomFormService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<CmsCustomForm>('', {
    fileName: 'customform.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 30 },
      { key: 'code', header: 'customform.col.code', width: 16 },
      { key: 'status', header: 'field.status', format: (v) => t(`customform.status.${String(v)}`) },
      { key: 'ruleLimit', header: 'customform.col.rule', format: (v) => t(`customform.rule.${String(v)}`) },
      { key: 'createTime', header: 'customform.col.formCreateTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Custom forms of the current site, paged (filters: name, status)' })
  @ApiEnvelope(CustomFormDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: CustomFormQueryDto): Promise<PageResult<CmsCustomForm>> {
    return this.forms.list(await this.currentSite.require(req, user), query);
  }

  @Get('limit_rules')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Limit rules (unlimited, ip, member, browser) and periods (day, total)' })
  @ApiEnvelope(CustomFormRulesDto)
  limitRules(): CustomFormRulesDto {
    return this.forms.limitRules();
  }

  @Get(':formId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'One form of the current site' })
  @ApiEnvelope(CustomFormDto)
  async get(@CurrentUser() user: LoginUser, @Req() req: Request, @Param('formId', IdPipe) formId: string): Promise<CmsCustomForm> {
    return this.forms.get(await this.currentSite.require(req, user), formId);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:customform:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a draft form and its field model (code unique in the site regardless of case)' })
  @ApiEnvelope(CustomFormDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateCustomFormDto): Promise<CmsCustomForm> {
    return this.forms.create(user, await this.currentSite.require(req, user), dto);
  }

  @Put()
  @RequireAnyPermission('cms:customform:add', 'cms:customform:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a form’s name, code, captcha, limit rule and success message' })
  @ApiEnvelope(CustomFormDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateCustomFormDto): Promise<CmsCustomForm> {
    return this.forms.update(user, await this.currentSite.require(req, user), dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:customform:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete forms (body: id list) with their fields, submitted data and limit counters' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) formIds: string[]): Promise<void> {
    await this.forms.remove(await this.currentSite.require(req, user), formIds);
  }

  @Put('publish')
  @RequirePermission(VIEW, 'cms:customform:publish')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Publish forms (body: id list; each needs a field): shown by {% customform %}, taking submissions' })
  @ApiEnvelope()
  async publish(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) formIds: string[]): Promise<Answer<null>> {
    await this.forms.publish(user, await this.currentSite.require(req, user), formIds);
    return new Answer(null, t('customform.published'));
  }

  @Put('offline')
  @RequirePermission(VIEW, 'cms:customform:publish')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Take forms offline (body: id list): no longer shown, submissions refused; the data stays' })
  @ApiEnvelope()
  async offline(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) formIds: string[]): Promise<Answer<null>> {
    await this.forms.offline(user, await this.currentSite.require(req, user), formIds);
    return new Answer(null, t('customform.offlined'));
  }
}

/** The form designer: a form's fields (a metadata model owned by the form) through the field-definition layer. */
@ApiTags('customform')
@ApiBearerAuth()
@Controller('cms/customform/field')
export class CustomFormFieldController {
  constructor(
    private readonly forms: CustomFormService,
    private readonly fields: CustomFormFields,
    private readonly currentSite: CurrentSiteService,
  ) {}

  private async form(user: LoginUser, req: Request, formId: string): Promise<CmsCustomForm> {
    return this.forms.get(await this.currentSite.require(req, user), formId);
  }

  @Get('kinds')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Control kinds and validation kinds of fields, with their localized names' })
  @ApiEnvelope(CustomFormKindsDto)
  kinds(): CustomFormKindsDto {
    return { controls: this.fields.controlTypes(), validations: this.fields.validationTypes() };
  }

  @Get()
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'The fields of a form in order, with option fields’ items resolved (optionItems)' })
  @ApiEnvelope(XModelFieldDto, { isArray: true })
  async list(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @Query() query: CustomFormFieldQueryDto,
  ): Promise<Array<XModelFieldView & { optionItems: XModelOptionDto[] }>> {
    const form = await this.form(user, req, query.formId);
    const fields = form.modelId ? await this.fields.fieldsOf(form.modelId) : [];
    return Promise.all(fields.map(async (f) => ({ ...f, optionItems: await this.fields.options(f) })));
  }

  @Post()
  @RequireAnyPermission('cms:customform:add', 'cms:customform:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a field to a form (modelId: the form’s model; kind, options, required, validation rules)' })
  @ApiEnvelope(XModelFieldDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateXModelFieldDto): Promise<XModelField> {
    return this.fields.addField(user, await this.formOfModel(user, req, dto.modelId), dto);
  }

  @Put()
  @RequireAnyPermission('cms:customform:add', 'cms:customform:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a field of a form' })
  @ApiEnvelope(XModelFieldDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateXModelFieldDto): Promise<XModelField> {
    return this.fields.editField(user, await this.formOfModel(user, req, dto.modelId), dto);
  }

  @Put('sort')
  @RequireAnyPermission('cms:customform:add', 'cms:customform:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Reorder a form’s fields (fieldIds: every field of the form, in the new order)' })
  @ApiEnvelope(XModelFieldDto, { isArray: true })
  async sort(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CustomFormFieldIdsDto): Promise<XModelFieldView[]> {
    return this.fields.sortFields(user, await this.form(user, req, dto.formId), dto.fieldIds);
  }

  @Delete()
  @RequireAnyPermission('cms:customform:add', 'cms:customform:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete fields of a form (formId, fieldIds); submitted values of them stay in the rows' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CustomFormFieldIdsDto): Promise<void> {
    await this.fields.removeFields(await this.form(user, req, dto.formId), dto.fieldIds);
  }

  /** The form of the current site that owns this model (404 otherwise). */
  private async formOfModel(user: LoginUser, req: Request, modelId: string): Promise<CmsCustomForm> {
    return this.forms.byModel(await this.currentSite.require(req, user), modelId);
  }
}

/** Submitted data of a form, as ChestnutCMS's CustomFormDataController, plus the .xlsx export. */
@ApiTags('customform')
@ApiBearerAuth()
@Controller('cms/customform/data')
export class CustomFormDataController {
  constructor(
    private readonly data: CustomFormDataService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @Get()
  @RequirePermission(DATA)
  @ApiOperation({ summary: 'Submitted rows of a form, newest first, paged (formId; filters: beginTime, endTime)' })
  @ApiEnvelope(CustomFormDataDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: CustomFormDataQueryDto): Promise<PageResult<CustomFormDataDto>> {
    return this.data.list(await this.currentSite.require(req, user), query);
  }

  @Get('detail')
  @RequirePermission(DATA)
  @ApiOperation({ summary: 'One submitted row (formId, dataId)' })
  @ApiEnvelope(CustomFormDataDto)
  async detail(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: CustomFormDataDetailQueryDto): Promise<CustomFormDataDto> {
    return this.data.detail(await this.currentSite.require(req, user), query.formId, query.dataId);
  }

  @Get('export')
  @RequirePermission(DATA)
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({ summary: 'The rows of the filter as .xlsx (formId, beginTime, endTime): one column per field, headed by its name' })
  async export(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @Query() query: CustomFormDataQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const { form, stream } = await this.data.export(await this.currentSite.require(req, user), query);
    const encoded = encodeURIComponent(`${form.name}_${formatDateTime(new Date()).replace(/\D/g, '')}.xlsx`);
    res.setHeader(DOWNLOAD_FILENAME_HEADER, encoded);
    res.setHeader('Access-Control-Expose-Headers', DOWNLOAD_FILENAME_HEADER);
    return new StreamableFile(stream, { type: XLSX_TYPE, disposition: `attachment; filename="export.xlsx"; filename*=UTF-8''${encoded}` });
  }

  @Post()
  @RequirePermission(DATA)
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a row to a form (values checked by its fields)' })
  @ApiEnvelope(CustomFormDataDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: SaveCustomFormDataDto): Promise<CustomFormDataDto> {
    return this.data.add(user, await this.currentSite.require(req, user), dto);
  }

  @Put()
  @RequirePermission(DATA)
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a row’s values (dataId required; checked by the form’s fields)' })
  @ApiEnvelope(CustomFormDataDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: SaveCustomFormDataDto): Promise<CustomFormDataDto> {
    return this.data.edit(user, await this.currentSite.require(req, user), dto);
  }

  @Delete()
  @RequirePermission(DATA)
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete rows (body: data id list)' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) dataIds: string[]): Promise<void> {
    await this.data.remove(await this.currentSite.require(req, user), dataIds);
  }
}
