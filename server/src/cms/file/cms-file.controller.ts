import { Body, Controller, Get, Injectable, Post, Query, Req, UploadedFiles, UseInterceptors, type PipeTransform } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ServiceException } from '../../common/errors/service-exception';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { CmsAccessService } from '../common/cms-access.service';
import { CurrentSiteService } from '../common/current-site.service';
import type { CmsSite } from '../site/cms-site.entity';
import { AddFileDto, EditFileDto, FileListQueryDto, FilePathDto, FileRowDto, RenameFileDto, UploadFilesDto } from './cms-file.dto';
import { CmsFileService, FILE_LIMITS, type FileTreeNode } from './cms-file.service';

const TITLE = '文件管理';
const VIEW = 'cms:file:view';

/** The body of `POST /cms/file/delete`: a JSON array of `{ filePath }` (as ChestnutCMS sends it) or of paths. */
@Injectable()
export class FilePathsPipe implements PipeTransform<unknown, string[]> {
  transform(value: unknown): string[] {
    const paths = Array.isArray(value) ? value.map((v) => (v && typeof v === 'object' ? (v as { filePath?: unknown }).filePath : v)) : [];
    if (!paths.length || paths.length > FILE_LIMITS.maxDeletePaths || !paths.every((p) => typeof p === 'string' && p.length <= 1000)) {
      throw new ServiceException('cms.file.badList', { max: FILE_LIMITS.maxDeletePaths });
    }
    return [...new Set(paths as string[])];
  }
}

/**
 * The site file manager (`/cms/file`, ChestnutCMS paths) on the current site: the published folder of each pipe,
 * the theme's assets and templates. Reads need the screen and `Site:View` (the current site is one the caller may
 * view); writes need the button and `Site:Edit:<siteId>`.
 */
@ApiTags('cms/file')
@ApiBearerAuth()
@Controller('cms/file')
export class CmsFileController {
  constructor(
    private readonly files: CmsFileService,
    private readonly currentSite: CurrentSiteService,
    private readonly access: CmsAccessService,
  ) {}

  @Get('list')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Entries of a folder of the current site (folders first); the roots when filePath is empty or /' })
  @ApiEnvelope(FileRowDto, { isArray: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: FileListQueryDto): Promise<FileRowDto[]> {
    const site = await this.currentSite.require(req, user);
    return this.files.list(site, query.filePath, query.fileName);
  }

  @Get('directoryTreeData')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'The folders of the current site as a tree: a root per pipe, theme assets and templates per pipe' })
  @ApiEnvelope()
  async tree(@CurrentUser() user: LoginUser, @Req() req: Request): Promise<{ tree: FileTreeNode[] }> {
    const site = await this.currentSite.require(req, user);
    return { tree: await this.files.tree(site) };
  }

  @Post('read')
  @RequirePermission(VIEW)
  @AllowRepeatSubmit() // a read (POST as in ChestnutCMS): opening the same file again is harmless
  @ApiOperation({ summary: 'The text of an editable file (html, shtml, htm, css, js, txt, xml, json; at most 1 MB)' })
  @ApiEnvelope()
  async read(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: FilePathDto): Promise<string> {
    const site = await this.currentSite.require(req, user);
    return this.files.read(site, dto.filePath);
  }

  @Post('edit')
  @RequirePermission('cms:file:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE, saveParams: false })
  @ApiOperation({ summary: 'Save the text of an editable file; a template file is saved through Templates (syntax checked)' })
  @ApiEnvelope()
  async edit(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: EditFileDto): Promise<void> {
    await this.files.edit(user, await this.editableSite(user, req), dto.filePath, dto.fileContent);
  }

  @Post('add')
  @RequirePermission('cms:file:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Create a folder or an empty text file in a folder' })
  @ApiEnvelope()
  async add(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: AddFileDto): Promise<{ filePath: string }> {
    return this.files.add(await this.editableSite(user, req), dto);
  }

  @Post('upload')
  @RequirePermission('cms:file:upload')
  @OperLog({ title: TITLE, businessType: BusinessType.IMPORT, saveParams: false })
  // One more than allowed reaches the service, which says how many are allowed.
  @UseInterceptors(
    FilesInterceptor('file', FILE_LIMITS.maxUploadFiles + 1, {
      limits: { fileSize: FILE_LIMITS.maxUploadBytes, files: FILE_LIMITS.maxUploadFiles + 1 },
      defParamCharset: 'utf8',
    }),
  )
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['dir', 'file'],
      properties: {
        dir: { type: 'string' },
        overwrite: { type: 'string', enum: ['true', 'false'] },
        file: { type: 'array', items: { type: 'string', format: 'binary' } },
      },
    },
  })
  @ApiOperation({
    summary: 'Upload files (field `file`, up to 20 of at most 10 MB) into a folder; types checked by content; same names need overwrite=true',
  })
  @ApiEnvelope()
  async upload(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @UploadedFiles() files: Array<{ originalname: string; buffer: Buffer }> | undefined,
    @Body() dto: UploadFilesDto,
  ): Promise<{ filePath: string }[]> {
    return this.files.upload(await this.editableSite(user, req), dto.dir, files ?? [], dto.overwrite === 'true');
  }

  @Post('rename')
  @RequirePermission('cms:file:rename')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Rename a file or folder in its folder' })
  @ApiEnvelope()
  async rename(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: RenameFileDto): Promise<{ filePath: string }> {
    return this.files.rename(await this.editableSite(user, req), dto.filePath, dto.rename);
  }

  @Post('delete')
  @RequirePermission('cms:file:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete files and folders (body: JSON array of { filePath }); all are checked before any is deleted' })
  @ApiBody({ schema: { type: 'array', items: { type: 'object', properties: { filePath: { type: 'string' } } } } })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(FilePathsPipe) filePaths: string[]): Promise<void> {
    await this.files.remove(await this.editableSite(user, req), filePaths);
  }

  /** The current site, when the caller may edit it (`Site:Edit:<siteId>`), else 403. */
  private async editableSite(user: LoginUser, req: Request): Promise<CmsSite> {
    const site = await this.currentSite.require(req, user);
    await this.access.assert(user, 'Site', 'Edit', site.siteId);
    return site;
  }
}
