import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  StreamableFile,
  UploadedFile,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor, FilesInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DOWNLOAD_FILENAME_HEADER, RESOURCE_SETTING_BOUNDS, type PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ServiceException } from '../../common/errors/service-exception';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdPipe } from '../../common/validation/id.pipe';
import { CurrentSiteService } from '../common/current-site.service';
import { IdArrayBodyPipe } from '../publishpipe/id-array.pipe';
import { ResourceDetailDto, ResourceDto, ResourceQueryDto, ResourceTypeDto, UpdateResourceDto, UploadResourceFieldsDto } from './cms-resource.dto';
import { CmsResourceService, type ResourceRow, type ResourceUsage } from './cms-resource.service';

const TITLE = '资源';
const VIEW = 'cms:resource:view';
/** Multer's limits are the largest values a site may set; the site's own limits are checked by the service. */
const MULTER_LIMITS = { fileSize: RESOURCE_SETTING_BOUNDS.maxSizeMb * 1024 * 1024, files: RESOURCE_SETTING_BOUNDS.maxCount };
type UploadedFileLike = { buffer: Buffer; originalname: string };
const FILE_BODY = {
  schema: {
    type: 'object',
    required: ['file'],
    properties: {
      file: { type: 'array', items: { type: 'string', format: 'binary' } },
      name: { type: 'string' },
      tags: { type: 'string', description: 'Comma list' },
      description: { type: 'string' },
    },
  },
};

/** The resource library of the current site (`CurrentSite` header), as ChestnutCMS's ResourceController. */
@ApiTags('cms/resource')
@ApiBearerAuth()
@Controller('cms/resource')
export class CmsResourceController {
  constructor(
    private readonly resources: CmsResourceService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @Get('types')
  @RequireAnyPermission(VIEW, 'cms:material:view')
  @ApiOperation({ summary: 'Resource types with the extensions the current site allows of each, and their icons' })
  @ApiEnvelope(ResourceTypeDto, { isArray: true })
  async types(@CurrentUser() user: LoginUser, @Req() req: Request): Promise<ResourceTypeDto[]> {
    return this.resources.types(await this.currentSite.require(req, user));
  }

  @ListRoute<ResourceRow>('', {
    fileName: 'cms.resource.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 30 },
      { key: 'resourceType', header: 'cms.resource.typeHeader', format: (v) => t(`cms.resource.type.${String(v)}`) },
      { key: 'suffix', header: 'cms.resource.suffixHeader' },
      { key: 'fileSize', header: 'cms.resource.sizeHeader' },
      { key: 'src', header: 'cms.resource.urlHeader', width: 50 },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequireAnyPermission(VIEW, 'cms:material:view')
  @ApiOperation({ summary: 'Resources of the current site, newest first (filters: resourceType, name, tag, beginTime, endTime)' })
  @ApiEnvelope(ResourceDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: ResourceQueryDto): Promise<PageResult<ResourceRow>> {
    return this.resources.list(await this.currentSite.require(req, user), query);
  }

  @Post('upload')
  @RequireAnyPermission('cms:resource:upload', 'cms:resource:add', 'cms:material:upload')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT, saveParams: false })
  @UseInterceptors(FilesInterceptor('file', RESOURCE_SETTING_BOUNDS.maxCount, { limits: MULTER_LIMITS, defParamCharset: 'utf8' }))
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @ApiOperation({ summary: 'Upload files (field `file`, several allowed) into the library: checked by content against the site’s limits' })
  @ApiEnvelope(ResourceDto, { isArray: true })
  async upload(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @UploadedFiles() files: UploadedFileLike[] | undefined,
    @Body() fields: UploadResourceFieldsDto,
  ): Promise<ResourceRow[]> {
    const site = await this.currentSite.require(req, user);
    return this.resources.upload(user, site, files ?? [], fields);
  }

  @Post()
  @RequireAnyPermission('cms:resource:add', 'cms:resource:upload')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT, saveParams: false })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MULTER_LIMITS.fileSize, files: 1 }, defParamCharset: 'utf8' }))
  @ApiConsumes('multipart/form-data')
  @ApiBody(FILE_BODY)
  @ApiOperation({ summary: 'Add one resource (field `file`), as ChestnutCMS addResource' })
  @ApiEnvelope(ResourceDto)
  async create(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @UploadedFile() file: UploadedFileLike | undefined,
    @Body() fields: UploadResourceFieldsDto,
  ): Promise<ResourceRow> {
    const site = await this.currentSite.require(req, user);
    const [row] = await this.resources.upload(user, site, file ? [file] : [], fields);
    return row;
  }

  @Put()
  @RequirePermission('cms:resource:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a resource’s name, tags and description' })
  @ApiEnvelope(ResourceDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateResourceDto): Promise<ResourceRow> {
    return this.resources.update(user, await this.currentSite.require(req, user), dto);
  }

  @Put(':resourceId/file')
  @RequirePermission('cms:resource:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE, saveParams: false })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MULTER_LIMITS.fileSize, files: 1 }, defParamCharset: 'utf8' }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: 'Replace a resource’s file by one of the same type (thumbnail made again; path kept when the extension is)' })
  @ApiEnvelope(ResourceDto)
  async replaceFile(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @Param('resourceId', IdPipe) resourceId: string,
    @UploadedFile() file: UploadedFileLike | undefined,
  ): Promise<ResourceRow> {
    if (!file) throw new ServiceException('cms.resource.noFile');
    return this.resources.replaceFile(user, await this.currentSite.require(req, user), resourceId, file);
  }

  @Delete()
  @RequireAnyPermission('cms:resource:remove', 'cms:material:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete resources (body: id list) with their files; refused while published content uses one' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) resourceIds: string[]): Promise<void> {
    await this.resources.remove(await this.currentSite.require(req, user), resourceIds);
  }

  @Get(['download/:resourceId', 'downlad/:resourceId'])
  @RequirePermission('cms:resource:download')
  @ApiOperation({ summary: 'Download a resource’s file (attachment; `download-filename` header). `downlad` is ChestnutCMS’s spelling' })
  async download(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @Param('resourceId', IdPipe) resourceId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const { fileName, mime, stream } = await this.resources.download(await this.currentSite.require(req, user), resourceId);
    const encoded = encodeURIComponent(fileName);
    res.setHeader(DOWNLOAD_FILENAME_HEADER, encoded);
    return new StreamableFile(stream, { type: mime, disposition: `attachment; filename="download"; filename*=UTF-8''${encoded}` });
  }

  @Get(':resourceId')
  @RequireAnyPermission(VIEW, 'cms:material:view')
  @ApiOperation({ summary: 'One resource with the content that uses it (usages)' })
  @ApiEnvelope(ResourceDetailDto)
  async get(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @Param('resourceId', IdPipe) resourceId: string,
  ): Promise<ResourceRow & { usages: ResourceUsage[] }> {
    return this.resources.get(await this.currentSite.require(req, user), resourceId);
  }
}
