import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { ServiceException } from '../../common/errors/service-exception';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdOrZeroPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CurrentSiteService } from '../common/current-site.service';
import {
  ContentAttrDto,
  ContentDto,
  ContentEditorDto,
  ContentIdsDto,
  ContentLogQueryDto,
  ContentOpLogDto,
  ContentQueryDto,
  CopyContentDto,
  CreateContentDto,
  MoveContentDto,
  RecycleQueryDto,
  RelaDto,
  RelaQueryDto,
  SetTopDto,
  SortContentDto,
  UpdateContentDto,
  UploadedImageDto,
  UploadedMediaDto,
} from './cms-content.dto';
import { CONTENT_TYPES, type CmsContentOpLog, type ContentType } from './cms-content.entity';
import { CmsContentMoveService } from './cms-content-move.service';
import { CmsContentOrderService } from './cms-content-order.service';
import { CmsContentRecycleService } from './cms-content-recycle.service';
import { CmsContentService, type ContentEditor, type ContentListRow } from './cms-content.service';
import { CmsContentUploadService, CONTENT_IMAGE_MAX_BYTES, CONTENT_MEDIA_MAX_BYTES } from './cms-content-upload.service';
import { CmsRelatedContentService } from './cms-related-content.service';
import { ContentIdsPipe } from './content-ids.pipe';

const TITLE = '内容管理';

@ApiTags('cms/content')
@ApiBearerAuth()
@Controller('cms/content')
export class CmsContentController {
  constructor(
    private readonly contents: CmsContentService,
    private readonly order: CmsContentOrderService,
    private readonly moves: CmsContentMoveService,
    private readonly uploads: CmsContentUploadService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<ContentListRow>('list', {
    fileName: 'cms.content.exportFile',
    columns: [
      { key: 'contentId', header: 'ID', width: 12 },
      { key: 'title', header: 'cms.content.column.title', width: 40 },
      { key: 'catalogName', header: 'cms.content.column.catalog', width: 16 },
      { key: 'contentType', header: 'cms.content.column.type', width: 10 },
      { key: 'status', header: 'cms.content.column.status', width: 10, format: (v) => t(`cms.content.status.${String(v)}`) },
      { key: 'author', header: 'cms.content.column.author', width: 14 },
      { key: 'publishDate', header: 'cms.content.column.publishDate', width: 20 },
      { key: 'createBy', header: 'cms.content.column.createBy', width: 14 },
    ],
  })
  @RequirePermission('cms:content:view')
  @ApiOperation({ summary: 'Content of the current site in viewable catalogs: top first, then newest; catalogId includes its children' })
  @ApiEnvelope(ContentDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: ContentQueryDto): Promise<PageResult<ContentListRow>> {
    const site = await this.currentSite.require(req, user);
    return this.contents.list(user, site.siteId, query);
  }

  @Get('init/:catalogId/:contentType/:contentId')
  @RequirePermission('cms:content:view')
  @ApiOperation({ summary: 'Editor data: the content (contentId) with body, media and related ids, or defaults of new content (contentId 0)' })
  @ApiEnvelope(ContentEditorDto)
  init(
    @CurrentUser() user: LoginUser,
    @Param('catalogId', IdPipe) catalogId: string,
    @Param('contentType') contentType: string,
    @Param('contentId', IdOrZeroPipe) contentId: string,
  ): Promise<ContentEditor> {
    if (!(CONTENT_TYPES as readonly string[]).includes(contentType)) throw new ServiceException('cms.content.typeInvalid');
    return this.contents.init(user, catalogId, contentType as ContentType, contentId);
  }

  @Post()
  @RequirePermission('cms:content:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add content to a catalog (needs Catalog:AddContent); it starts as a draft' })
  @ApiEnvelope(ContentEditorDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateContentDto): Promise<ContentEditor> {
    return this.contents.create(user, dto);
  }

  @Put()
  @RequirePermission('cms:content:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Save content (needs Catalog:EditContent); published content becomes re_edit; locked by another user: 400' })
  @ApiEnvelope(ContentEditorDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateContentDto): Promise<ContentEditor> {
    return this.contents.update(user, dto);
  }

  @Delete()
  @RequirePermission('cms:content:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Move content to the recycle bin (needs Catalog:DeleteContent); published pages are removed' })
  @ApiBody({ type: ContentIdsDto, description: 'Or a bare array of ids' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Body(ContentIdsPipe) ids: string[]): Promise<void> {
    await this.contents.remove(user, ids);
  }

  @Post('publish')
  @RequirePermission('cms:content:publish')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Publish content now (draft, to_publish, re_edit, offline -> published; needs Catalog:PublishContent)' })
  @ApiBody({ type: ContentIdsDto, description: 'Or a bare array of ids' })
  @ApiEnvelope()
  async publish(@CurrentUser() user: LoginUser, @Body(ContentIdsPipe) ids: string[]): Promise<void> {
    await this.contents.publish(user, ids);
  }

  @Post('to_publish')
  @RequirePermission('cms:content:toPublish')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Schedule content for its future publish date (draft, re_edit, offline -> to_publish)' })
  @ApiBody({ type: ContentIdsDto, description: 'Or a bare array of ids' })
  @ApiEnvelope()
  async toPublish(@CurrentUser() user: LoginUser, @Body(ContentIdsPipe) ids: string[]): Promise<void> {
    await this.contents.toPublish(user, ids);
  }

  @Post('offline')
  @RequirePermission('cms:content:offline')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Take content offline (published, re_edit, to_publish -> offline); its pages are removed' })
  @ApiBody({ type: ContentIdsDto, description: 'Or a bare array of ids' })
  @ApiEnvelope()
  async offline(@CurrentUser() user: LoginUser, @Body(ContentIdsPipe) ids: string[]): Promise<void> {
    await this.contents.offline(user, ids);
  }

  @Post('archive')
  @RequirePermission('cms:content:archive')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Archive content (published, offline -> archived); its pages are removed' })
  @ApiBody({ type: ContentIdsDto, description: 'Or a bare array of ids' })
  @ApiEnvelope()
  async archive(@CurrentUser() user: LoginUser, @Body(ContentIdsPipe) ids: string[]): Promise<void> {
    await this.contents.archive(user, ids);
  }

  @Post('lock/:contentId')
  @RequirePermission('cms:content:lock')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Lock content for the caller: nobody else may edit, publish or delete it' })
  @ApiEnvelope()
  async lock(@CurrentUser() user: LoginUser, @Param('contentId', IdPipe) contentId: string): Promise<void> {
    await this.contents.lock(user, contentId);
  }

  @Post('unlock/:contentId')
  @RequirePermission('cms:content:lock')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Unlock content (the holder of the lock or a super administrator)' })
  @ApiEnvelope()
  async unlock(@CurrentUser() user: LoginUser, @Param('contentId', IdPipe) contentId: string): Promise<void> {
    await this.contents.unlock(user, contentId);
  }

  @Post('copy')
  @RequirePermission('cms:content:copy')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Copy content into catalogs of its site as drafts; answers the new ids' })
  @ApiEnvelope('string', { isArray: true })
  copy(@CurrentUser() user: LoginUser, @Body() dto: CopyContentDto): Promise<string[]> {
    return this.moves.copy(user, dto);
  }

  @Post('move')
  @RequirePermission('cms:content:move')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Move content to another catalog of its site (EditContent on the source, AddContent on the target)' })
  @ApiEnvelope()
  async move(@CurrentUser() user: LoginUser, @Body() dto: MoveContentDto): Promise<void> {
    await this.moves.move(user, dto);
  }

  @Post('set_top')
  @RequirePermission('cms:content:top')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Set content top, optionally until topEndTime' })
  @ApiEnvelope()
  async setTop(@CurrentUser() user: LoginUser, @Body() dto: SetTopDto): Promise<void> {
    await this.order.setTop(user, dto);
  }

  @Post('cancel_top')
  @RequirePermission('cms:content:top')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Cancel the top flag of content' })
  @ApiBody({ type: ContentIdsDto, description: 'Or a bare array of ids' })
  @ApiEnvelope()
  async cancelTop(@CurrentUser() user: LoginUser, @Body(ContentIdsPipe) ids: string[]): Promise<void> {
    await this.order.cancelTop(user, ids);
  }

  @Post('sort')
  @RequirePermission('cms:content:sort')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Place content just before targetId in its catalog; before top content it becomes top, else its top is cancelled' })
  @ApiEnvelope()
  async sort(@CurrentUser() user: LoginUser, @Body() dto: SortContentDto): Promise<void> {
    await this.order.sort(user, dto);
  }

  @Post('attr')
  @RequirePermission('cms:content:attr')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Set recommend or hot on content' })
  @ApiEnvelope()
  async addAttr(@CurrentUser() user: LoginUser, @Body() dto: ContentAttrDto): Promise<void> {
    await this.order.setAttr(user, dto, true);
  }

  @Delete('attr')
  @RequirePermission('cms:content:attr')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Cancel recommend or hot on content' })
  @ApiEnvelope()
  async removeAttr(@CurrentUser() user: LoginUser, @Body() dto: ContentAttrDto): Promise<void> {
    await this.order.setAttr(user, dto, false);
  }

  @Post('upload/image')
  @RequireAnyPermission('cms:content:add', 'cms:content:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT, saveParams: false })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1 }, defParamCharset: 'utf8' }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({
    summary: 'Upload an image for rich text into the current site’s resource library (jpg, png, gif, webp by content; the site’s limits)',
  })
  @ApiEnvelope(UploadedImageDto)
  async uploadImage(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @UploadedFile() file: { buffer: Buffer; originalname?: string } | undefined,
  ): Promise<{ url: string; path: string }> {
    if (!file) throw new ServiceException('cms.content.imageFormat');
    const site = await this.currentSite.require(req, user);
    return this.uploads.uploadImage(user, site, file.buffer, file.originalname);
  }

  @Post('upload/media')
  @RequireAnyPermission('cms:content:add', 'cms:content:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT, saveParams: false })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: CONTENT_MEDIA_MAX_BYTES, files: 1 }, defParamCharset: 'utf8' }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({
    summary: 'Upload an audio or video file into the current site’s resource library (mp3, ogg, wav, m4a, mp4, webm by content; the site’s limits)',
  })
  @ApiEnvelope(UploadedMediaDto)
  async uploadMedia(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @UploadedFile() file: { buffer: Buffer; originalname?: string } | undefined,
  ): Promise<{ url: string; path: string; kind: 'audio' | 'video' }> {
    if (!file) throw new ServiceException('cms.content.mediaFormat');
    const site = await this.currentSite.require(req, user);
    return this.uploads.uploadMedia(user, site, file.buffer, file.originalname);
  }
}

/** The recycle bin: deleted content, restore and delete for good. */
@ApiTags('cms/content')
@ApiBearerAuth()
@Controller('cms/content/recycle')
export class CmsRecycleContentController {
  constructor(
    private readonly recycle: CmsContentRecycleService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @Get()
  @RequirePermission('cms:recycle:view')
  @ApiOperation({ summary: 'Deleted content of the current site in viewable catalogs, latest deleted first' })
  @ApiEnvelope(ContentDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: RecycleQueryDto): Promise<PageResult<ContentListRow>> {
    const site = await this.currentSite.require(req, user);
    return this.recycle.recycleList(user, site.siteId, query);
  }

  @Post('recover')
  @RequirePermission('cms:recycle:restore')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Restore content to the status it held (published content is published again)' })
  @ApiBody({ type: ContentIdsDto, description: 'Or a bare array of ids' })
  @ApiEnvelope()
  async recover(@CurrentUser() user: LoginUser, @Body(ContentIdsPipe) ids: string[]): Promise<void> {
    await this.recycle.recover(user, ids);
  }

  @Delete()
  @RequirePermission('cms:recycle:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete content of the recycle bin for good, with its body, media and relations' })
  @ApiBody({ type: ContentIdsDto, description: 'Or a bare array of ids' })
  @ApiEnvelope()
  async destroy(@CurrentUser() user: LoginUser, @Body(ContentIdsPipe) ids: string[]): Promise<void> {
    await this.recycle.destroy(user, ids);
  }
}

/** The operation log of content. */
@ApiTags('cms/content')
@ApiBearerAuth()
@Controller('cms/content/log')
export class CmsContentOpLogController {
  constructor(private readonly contents: CmsContentService) {}

  @Get()
  @RequirePermission('cms:content:view')
  @ApiOperation({ summary: 'What was done to a piece of content, newest first' })
  @ApiEnvelope(ContentOpLogDto, { paged: true })
  list(@CurrentUser() user: LoginUser, @Query() query: ContentLogQueryDto): Promise<PageResult<CmsContentOpLog>> {
    return this.contents.logs(user, query);
  }
}

/** Related content. */
@ApiTags('cms/content')
@ApiBearerAuth()
@Controller('cms/content/rela')
export class CmsContentRelaController {
  constructor(private readonly relations: CmsRelatedContentService) {}

  @Get()
  @RequirePermission('cms:content:view')
  @ApiOperation({ summary: 'Content related to contentId, paged' })
  @ApiEnvelope(ContentDto, { paged: true })
  list(@CurrentUser() user: LoginUser, @Query() query: RelaQueryDto): Promise<PageResult<ContentListRow>> {
    return this.relations.related(user, query);
  }

  @Post()
  @RequirePermission('cms:content:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Relate content of the same site to contentId' })
  @ApiEnvelope()
  async add(@CurrentUser() user: LoginUser, @Body() dto: RelaDto): Promise<void> {
    await this.relations.addRelated(user, dto);
  }

  @Delete()
  @RequirePermission('cms:content:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Remove relations of contentId' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Body() dto: RelaDto): Promise<void> {
    await this.relations.removeRelated(user, dto);
  }
}
