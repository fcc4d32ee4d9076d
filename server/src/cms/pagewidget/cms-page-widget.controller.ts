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
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CurrentSiteService } from '../common/current-site.service';
import { CreatePageWidgetDto, PageWidgetDto, PageWidgetQueryDto, PageWidgetTypeDto, UpdatePageWidgetDto } from './cms-page-widget.dto';
import type { CmsPageWidget } from './cms-page-widget.entity';
import { CmsPageWidgetService } from './cms-page-widget.service';
import { PageWidgetIdPipe, PageWidgetIdsPipe } from './page-widget-ids.pipe';

const TITLE = '页面部件';
const VIEW = 'cms:pagewidget:view';

/** Page widgets of the current site (`CurrentSite` header), as ChestnutCMS's PageWidgetController. */
@ApiTags('cms/pagewidget')
@ApiBearerAuth()
@Controller('cms/pagewidget')
export class CmsPageWidgetController {
  constructor(
    private readonly widgets: CmsPageWidgetService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @Get('types')
  @RequireAnyPermission(VIEW, 'cms:content:view', 'cms:block:view')
  @ApiOperation({ summary: 'Registered page widget types {rows: [{id, name}], total}' })
  types(): PageResult<PageWidgetTypeDto> {
    const rows = this.widgets.typeOptions();
    return { rows, total: rows.length };
  }

  @ListRoute<CmsPageWidget>('', {
    fileName: 'cms.pagewidget.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'code', header: 'cms.pagewidget.codeHeader', width: 16 },
      { key: 'type', header: 'cms.pagewidget.typeHeader' },
      { key: 'publishPipeCode', header: 'cms.pagewidget.pipeHeader' },
      { key: 'path', header: 'cms.pagewidget.pathHeader', width: 30 },
      { key: 'state', header: 'field.status', format: (v) => t(`cms.pagewidget.state.${String(v)}`) },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequireAnyPermission(VIEW, 'cms:content:view')
  @ApiOperation({ summary: 'Widgets of the current site, paged (filters: type, catalogId, name, code, state; Site:View)' })
  @ApiEnvelope(PageWidgetDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: PageWidgetQueryDto): Promise<PageResult<CmsPageWidget>> {
    const site = await this.currentSite.require(req, user);
    return this.widgets.list(user, site.siteId, query);
  }

  @Get(':pageWidgetId')
  @RequireAnyPermission(VIEW, 'cms:content:view')
  @ApiOperation({ summary: 'One widget (Site:View or PageWidget:View:<id>)' })
  @ApiEnvelope(PageWidgetDto)
  get(@CurrentUser() user: LoginUser, @Param('pageWidgetId', PageWidgetIdPipe) pageWidgetId: string): Promise<CmsPageWidget> {
    return this.widgets.get(user, pageWidgetId);
  }

  @Post()
  @RequirePermission('cms:pagewidget:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a widget of a registered type to the current site (Site:Edit or Site:AddPageWidget)' })
  @ApiEnvelope(PageWidgetDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreatePageWidgetDto): Promise<CmsPageWidget> {
    const site = await this.currentSite.require(req, user);
    return this.widgets.create(user, site.siteId, dto);
  }

  @Put()
  @RequirePermission('cms:pagewidget:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a widget (Site:Edit or PageWidget:Edit:<id>); a published one is published again' })
  @ApiEnvelope(PageWidgetDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdatePageWidgetDto): Promise<CmsPageWidget> {
    return this.widgets.update(user, dto);
  }

  @Delete()
  @RequirePermission('cms:pagewidget:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete widgets (body: id list) with their published files (Site:Edit or PageWidget:Delete:<id>)' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Body(PageWidgetIdsPipe) ids: string[]): Promise<void> {
    await this.widgets.remove(user, ids);
  }

  @Post('publish')
  @RequirePermission('cms:pagewidget:publish')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Publish widgets (body: id list): fragment files, then the pages showing them (Site:Publish or PageWidget:Publish:<id>)' })
  @ApiEnvelope()
  async publish(@CurrentUser() user: LoginUser, @Body(PageWidgetIdsPipe) ids: string[]): Promise<void> {
    await this.widgets.publish(user, ids);
  }
}
