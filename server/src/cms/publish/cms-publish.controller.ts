import { Controller, Delete, Get, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import type { Permission } from '../../auth/permissions';
import { ServiceException } from '../../common/errors/service-exception';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CmsAccessService } from '../common/cms-access.service';
import { CurrentSiteService } from '../common/current-site.service';
import type { CmsPublishTask } from './cms-publish-task.entity';
import { PreviewQueryDto, PublishTaskDto, PublishTaskQueryDto } from './cms-publish.dto';
import { CmsPublishService } from './cms-publish.service';

/** Any CMS screen: the publish indicator and preview are used from all of them. */
const CMS_VIEWS: Permission[] = ['cms:site:view', 'cms:catalog:view', 'cms:content:view', 'cms:template:view'];

/** Only what the page's own resources need; no scripts, no forms, no top navigation (an opaque origin). */
const PREVIEW_CSP = "sandbox; default-src 'none'; img-src * data: blob:; media-src *; style-src * 'unsafe-inline'; font-src * data:; frame-src *";

@ApiTags('cms/publish')
@ApiBearerAuth()
@Controller('cms/publish')
export class CmsPublishController {
  constructor(
    private readonly publish: CmsPublishService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @Get('taskCount')
  @RequireAnyPermission(...CMS_VIEWS)
  @ApiOperation({ summary: 'Publish tasks waiting or running (the navbar indicator polls it)' })
  @ApiEnvelope('integer')
  taskCount(): Promise<number> {
    return this.publish.taskCount();
  }

  @Delete('clear')
  @RequirePermission('cms:site:publish')
  @OperLog({ title: '发布任务', businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Drop the publish tasks still waiting (running ones finish)' })
  @ApiEnvelope()
  async clear(): Promise<void> {
    await this.publish.clear();
  }

  @Get('tasks')
  @RequirePermission('cms:site:view')
  @ApiOperation({ summary: 'Publish tasks of the current site with their progress, newest first' })
  @ApiEnvelope(PublishTaskDto, { paged: true })
  async tasks(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: PublishTaskQueryDto): Promise<PageResult<CmsPublishTask>> {
    const site = await this.currentSite.require(req, user);
    return this.publish.listTasks(site.siteId, query);
  }
}

@ApiTags('cms/publish')
@ApiBearerAuth()
@Controller('cms/preview')
export class CmsPreviewController {
  constructor(
    private readonly publish: CmsPublishService,
    private readonly access: CmsAccessService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  @RequireAnyPermission(...CMS_VIEWS)
  @ApiOperation({ summary: 'A page as it would be published (home, a list page of a catalog, a detail page), as HTML; nothing is written' })
  @ApiProduces('text/html')
  async preview(@CurrentUser() user: LoginUser, @Query() query: PreviewQueryDto, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const siteId = await this.siteOf(query.type, query.id);
    // Not found and not allowed look alike to a caller without the site.
    if (!siteId || !(await this.access.can(user, 'Site', 'View', siteId))) {
      if (!siteId) throw ServiceException.notFound();
      throw ServiceException.forbidden();
    }
    const html = await this.publish.preview(siteId, { type: query.type, id: query.id, pipe: query.pipe, page: query.page });
    res.setHeader('Content-Security-Policy', PREVIEW_CSP);
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(Buffer.from(html, 'utf8'), { type: 'text/html; charset=utf-8' });
  }

  /** The site an object of the preview belongs to. */
  private async siteOf(type: PreviewQueryDto['type'], id: string): Promise<string | null> {
    const table = { site: 'cms_site', catalog: 'cms_catalog', content: 'cms_content' }[type];
    const column = { site: 'site_id', catalog: 'catalog_id', content: 'content_id' }[type];
    const rows: Array<{ site_id: string }> = await this.dataSource.query(`SELECT site_id FROM ${table} WHERE ${column} = $1`, [id]);
    return rows.length ? String(rows[0].site_id) : null;
  }
}
