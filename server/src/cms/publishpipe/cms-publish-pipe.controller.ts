import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CurrentSiteService } from '../common/current-site.service';
import { CreatePublishPipeDto, PublishPipeDto, PublishPipeOptionDto, PublishPipeQueryDto, UpdatePublishPipeDto } from './cms-publish-pipe.dto';
import type { CmsPublishPipe } from './cms-publish-pipe.entity';
import { CmsPublishPipeService } from './cms-publish-pipe.service';
import { IdArrayBodyPipe } from './id-array.pipe';

const TITLE = '发布通道';
const VIEW = 'cms:publishpipe:view';

/** Publish pipes of the current site (`CurrentSite` header), as ChestnutCMS's PublishPipeController. */
@ApiTags('cms/publishpipe')
@ApiBearerAuth()
@Controller('cms/publishpipe')
export class CmsPublishPipeController {
  constructor(
    private readonly pipes: CmsPublishPipeService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @Get('selectData')
  // The catalog, content and template screens pick pipes too.
  @RequireAnyPermission(VIEW, 'cms:site:view', 'cms:catalog:view', 'cms:content:view', 'cms:template:view')
  @ApiOperation({ summary: 'Enabled pipes of the current site as options {rows: [{pipeCode, pipeName}], total}' })
  async selectData(@CurrentUser() user: LoginUser, @Req() req: Request): Promise<PageResult<PublishPipeOptionDto>> {
    const site = await this.currentSite.require(req, user);
    const rows = await this.pipes.selectData(site.siteId);
    return { rows, total: rows.length };
  }

  @ListRoute<CmsPublishPipe>('list', {
    fileName: 'cms.publishpipe.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'code', header: 'cms.publishpipe.codeHeader', width: 14 },
      { key: 'status', header: 'field.status', format: (v) => t(`cms.publishpipe.status.${String(v)}`) },
      { key: 'sort', header: 'field.sort' },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Pipes of the current site, paged (filters: name, status)' })
  @ApiEnvelope(PublishPipeDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: PublishPipeQueryDto): Promise<PageResult<CmsPublishPipe>> {
    const site = await this.currentSite.require(req, user);
    return this.pipes.list(site.siteId, query);
  }

  @Get(':publishpipeId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'One pipe (Site:View on its site)' })
  @ApiEnvelope(PublishPipeDto)
  get(@CurrentUser() user: LoginUser, @Param('publishpipeId', IdPipe) publishpipeId: string): Promise<CmsPublishPipe> {
    return this.pipes.get(user, publishpipeId);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:publishpipe:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a pipe to the current site (Site:Edit; code letters, digits, underscore, unique in the site)' })
  @ApiEnvelope(PublishPipeDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreatePublishPipeDto): Promise<CmsPublishPipe> {
    const site = await this.currentSite.require(req, user);
    return this.pipes.create(user, site.siteId, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:publishpipe:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a pipe’s name, status, sort, remark (Site:Edit); the code stays' })
  @ApiEnvelope(PublishPipeDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdatePublishPipeDto): Promise<CmsPublishPipe> {
    return this.pipes.update(user, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:publishpipe:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete pipes (body: id list) with their templates and output; never a site’s last enabled pipe' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Body(IdArrayBodyPipe) publishpipeIds: string[]): Promise<void> {
    await this.pipes.remove(user, publishpipeIds);
  }

  @Post('enable/:publishpipeId')
  @RequirePermission(VIEW, 'cms:publishpipe:changeStatus')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Enable a pipe (Site:Edit)' })
  @ApiEnvelope()
  async enable(@CurrentUser() user: LoginUser, @Param('publishpipeId', IdPipe) publishpipeId: string): Promise<void> {
    await this.pipes.setStatus(user, publishpipeId, '0');
  }

  @Post('disable/:publishpipeId')
  @RequirePermission(VIEW, 'cms:publishpipe:changeStatus')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Disable a pipe (Site:Edit); the last enabled pipe of a site stays enabled' })
  @ApiEnvelope()
  async disable(@CurrentUser() user: LoginUser, @Param('publishpipeId', IdPipe) publishpipeId: string): Promise<void> {
    await this.pipes.setStatus(user, publishpipeId, '1');
  }
}
