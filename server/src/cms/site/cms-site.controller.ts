import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DOWNLOAD_FILENAME_HEADER, type PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission, SignedIn } from '../../auth/permission';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { ServiceException } from '../../common/errors/service-exception';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Answer } from '../../common/http/envelope';
import { t } from '../../common/i18n/i18n';
import { IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { IdArrayBodyPipe } from '../publishpipe/id-array.pipe';
import { CmsSitePropertyService } from './cms-site-property.service';
import { CmsSiteThemeService, THEME_LIMITS } from './cms-site-theme.service';
import {
  ApplyDefaultTemplatesDto,
  CreateSiteDto,
  CreateSitePropDto,
  CurrentSiteDto,
  PublishSiteDto,
  SaveDefaultTemplatesDto,
  SiteDto,
  SiteExtendsDto,
  SiteIdBodyDto,
  ImportThemeDto,
  SiteIdQueryDto,
  SitePropQueryDto,
  SiteQueryDto,
  UpdateSiteDto,
  UpdateSitePropDto,
} from './cms-site.dto';
import type { CmsSite, CmsSiteProperty } from './cms-site.entity';
import { CmsSiteService } from './cms-site.service';
import { dynamicPageTypes, type DynamicPageType } from './dynamic-page-types';

const TITLE = '站点管理';
const VIEW = 'cms:site:view';

/** Site properties (`/cms/site/prop...`). Registered before the site routes so `DELETE /cms/site/prop` is not read as a site id. */
@ApiTags('cms/site')
@ApiBearerAuth()
@Controller('cms/site/prop')
export class CmsSitePropertyController {
  constructor(private readonly props: CmsSitePropertyService) {}

  @ListRoute<CmsSiteProperty>('list', { fileName: 'cms.site.exportFile' })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Properties of a site, paged (Site:View; filters propName, propCode)' })
  list(@CurrentUser() user: LoginUser, @Query() query: SitePropQueryDto): Promise<PageResult<CmsSiteProperty>> {
    return this.props.list(user, query);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:site:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a property (Site:Edit; code unique in the site)' })
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateSitePropDto): Promise<CmsSiteProperty> {
    return this.props.create(user, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:site:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a property (Site:Edit)' })
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateSitePropDto): Promise<CmsSiteProperty> {
    return this.props.update(user, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:site:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete properties (body: id list; Site:Edit)' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Body(IdArrayBodyPipe) propertyIds: string[]): Promise<void> {
    await this.props.remove(user, propertyIds);
  }
}

/** Sites (`/cms/site...`), as ChestnutCMS's SiteController; every route checks the site's own permission too. */
@ApiTags('cms/site')
@ApiBearerAuth()
@Controller('cms/site')
export class CmsSiteController {
  constructor(
    private readonly sites: CmsSiteService,
    private readonly themes: CmsSiteThemeService,
  ) {}

  @ListRoute<CmsSite>('list', {
    fileName: 'cms.site.exportFile',
    columns: [
      { key: 'siteId', header: 'ID', width: 10 },
      { key: 'name', header: 'field.name', width: 24 },
      { key: 'path', header: 'cms.site.pathHeader', width: 16 },
      { key: 'sort', header: 'field.sort' },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Sites the caller may view (Site:View), paged; filter siteName' })
  @ApiEnvelope(SiteDto, { paged: true })
  list(@CurrentUser() user: LoginUser, @Query() query: SiteQueryDto): Promise<PageResult<CmsSite>> {
    return this.sites.list(user, query);
  }

  @Get('getCurrentSite')
  @SignedIn()
  @ApiOperation({
    summary: 'The current site {siteId, siteName}: the CurrentSite header when viewable, else the first viewable site; null when none',
  })
  @ApiEnvelope(CurrentSiteDto)
  getCurrentSite(@CurrentUser() user: LoginUser, @Req() req: Request): Promise<{ siteId: string; siteName: string } | null> {
    return this.sites.current(req, user);
  }

  @Post('setCurrentSite/:siteId')
  @SignedIn()
  @AllowRepeatSubmit() // choosing the same site twice is harmless
  @ApiOperation({
    summary: 'Check that the caller may view the site chosen as current (Site:View) and answer it; the client sends it as the CurrentSite header',
  })
  @ApiEnvelope(CurrentSiteDto)
  setCurrentSite(@CurrentUser() user: LoginUser, @Param('siteId', IdPipe) siteId: string): Promise<{ siteId: string; siteName: string }> {
    return this.sites.setCurrent(user, siteId);
  }

  @Get('extends')
  @RequirePermission(VIEW)
  @ApiOperation({
    summary: 'Extension settings of a site (Site:View): pageSize, titleRepeatCheck, recycleKeepDays, sitemapEnabled, default templates',
  })
  getExtends(@CurrentUser() user: LoginUser, @Query() query: SiteIdQueryDto) {
    return this.sites.getExtends(user, query.siteId);
  }

  @Post('extends/:siteId')
  @RequirePermission(VIEW, 'cms:site:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Save extension settings (Site:Edit); fields not sent keep their value' })
  saveExtends(@CurrentUser() user: LoginUser, @Param('siteId', IdPipe) siteId: string, @Body() dto: SiteExtendsDto) {
    return this.sites.saveExtends(user, siteId, dto);
  }

  @Get('default_template')
  @RequirePermission(VIEW)
  @ApiOperation({
    summary: 'Default catalog templates per publish pipe (Site:View): [{pipeCode, pipeName, indexTemplate, listTemplate, detailTemplate}]',
  })
  defaultTemplates(@CurrentUser() user: LoginUser, @Query() query: SiteIdQueryDto) {
    return this.sites.defaultTemplates(user, query.siteId);
  }

  @Post('default_template')
  @RequirePermission(VIEW, 'cms:site:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Save default catalog templates per publish pipe (Site:Edit; templates must exist)' })
  saveDefaultTemplates(@CurrentUser() user: LoginUser, @Body() dto: SaveDefaultTemplatesDto) {
    return this.sites.saveDefaultTemplates(user, dto);
  }

  @Post('apply_default_template')
  @RequirePermission(VIEW, 'cms:site:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Set the default templates on catalogs that have none (all of the site, or catalogIds); answers {count}' })
  async applyDefaultTemplates(@CurrentUser() user: LoginUser, @Body() dto: ApplyDefaultTemplatesDto) {
    const result = await this.sites.applyDefaultTemplates(user, dto);
    return new Answer(result, t('cms.site.applied', result));
  }

  @Get('dashboard')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Counts of a site (Site:View): catalogs, content by status, templates, pipes, resource files' })
  dashboard(@CurrentUser() user: LoginUser, @Query() query: SiteIdQueryDto) {
    return this.sites.dashboard(user, query.siteId);
  }

  @Post('publish')
  @RequirePermission(VIEW, 'cms:site:publish')
  @OperLog({ title: TITLE, businessType: BusinessType.OTHER })
  @ApiOperation({ summary: 'Queue publishing of the whole site, or only its home page with publishIndex (Site:Publish); answers {taskId}' })
  async publish(@CurrentUser() user: LoginUser, @Body() dto: PublishSiteDto) {
    return new Answer(await this.sites.publish(user, dto), t('cms.site.publishQueued'));
  }

  @Post('exportTheme')
  @HttpCode(200)
  @RequirePermission(VIEW, 'cms:site:theme')
  @AllowRepeatSubmit() // a download
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Download the site’s theme as a zip: templates/<pipe>/... and assets/<pipe>/... (Site:Edit)' })
  async exportTheme(@CurrentUser() user: LoginUser, @Body() dto: SiteIdBodyDto, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const { fileName, data } = await this.themes.exportTheme(user, dto.siteId);
    const encoded = encodeURIComponent(fileName);
    res.setHeader(DOWNLOAD_FILENAME_HEADER, encoded);
    return new StreamableFile(data, { type: 'application/zip', disposition: `attachment; filename="theme.zip"; filename*=UTF-8''${encoded}` });
  }

  @Post('importTheme')
  @RequirePermission(VIEW, 'cms:site:theme')
  @OperLog({ title: TITLE, businessType: BusinessType.IMPORT, saveParams: false })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: THEME_LIMITS.maxUploadBytes, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'siteId'],
      properties: { file: { type: 'string', format: 'binary' }, siteId: { type: 'string' }, replace: { type: 'boolean' } },
    },
  })
  @ApiOperation({
    summary:
      "Import a theme zip into the site (Site:Edit): files replace those at the same path; with replace, the imported pipes keep only the zip's files",
  })
  async importTheme(@CurrentUser() user: LoginUser, @UploadedFile() file: { buffer: Buffer } | undefined, @Body() dto: ImportThemeDto) {
    if (!file) throw new ServiceException('cms.theme.fileRequired');
    const result = await this.themes.importTheme(user, dto.siteId, file.buffer, { replace: dto.replace ?? false });
    return new Answer(result, t('cms.theme.imported', result));
  }

  @Get(':siteId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'One site (Site:View) with publishPipes [{pipeCode, pipeName, status, url, indexTemplate, siteUrl}]' })
  @ApiEnvelope(SiteDto)
  detail(@CurrentUser() user: LoginUser, @Param('siteId', IdPipe) siteId: string) {
    return this.sites.detail(user, siteId);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:site:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Create a site with publish pipes pc and h5 and the default theme; the creator gets its permissions' })
  @ApiEnvelope(SiteDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateSiteDto): Promise<CmsSite> {
    return this.sites.create(user, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:site:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a site (Site:Edit), with publishPipeProps {<pipe>: {url, indexTemplate}}; the folder stays' })
  @ApiEnvelope(SiteDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateSiteDto): Promise<CmsSite> {
    return this.sites.update(user, dto);
  }

  @Delete(':siteId')
  @RequirePermission(VIEW, 'cms:site:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete a site with its catalogs, content, templates, pipes and files (Site:Delete)' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Param('siteId', IdPipe) siteId: string): Promise<void> {
    await this.sites.remove(user, siteId);
  }
}

/** `GET /cms/dynamicPageTypes`: the kinds of pages rendered on request (search, tags, member pages). */
@ApiTags('cms/site')
@ApiBearerAuth()
@Controller('cms')
export class CmsDynamicPageTypeController {
  @Get('dynamicPageTypes')
  @RequirePermission('cms:dynamicpage:view')
  @ApiOperation({ summary: 'Dynamic page types: type, name, description, requestPath, requestArgs' })
  list(): DynamicPageType[] {
    return dynamicPageTypes();
  }
}
