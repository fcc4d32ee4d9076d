import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CurrentSiteService } from '../common/current-site.service';
import { PageWidgetDto } from '../pagewidget/cms-page-widget.dto';
import type { CmsPageWidget } from '../pagewidget/cms-page-widget.entity';
import { CmsPageWidgetService } from '../pagewidget/cms-page-widget.service';
import { PageWidgetIdPipe, PageWidgetIdsPipe } from '../pagewidget/page-widget-ids.pipe';
import { CreateManualBlockDto, ManualBlockQueryDto, UpdateManualBlockDto } from './cms-block.dto';
import { MANUAL_BLOCK_TYPE } from './manual-block.type';

const TITLE = '手动区块';
const VIEW = 'cms:block:view';

/**
 * Manual blocks of the current site (`CurrentSite` header): page widgets of type `manual`, through the page widget
 * service (rights, publishing and files as for every widget). An id of another type answers "missing or invalid".
 */
@ApiTags('cms/block')
@ApiBearerAuth()
@Controller('cms/block')
export class CmsBlockController {
  constructor(
    private readonly widgets: CmsPageWidgetService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<CmsPageWidget>('', {
    fileName: 'cms.block.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'code', header: 'cms.pagewidget.codeHeader', width: 16 },
      { key: 'publishPipeCode', header: 'cms.pagewidget.pipeHeader' },
      { key: 'path', header: 'cms.pagewidget.pathHeader', width: 30 },
      { key: 'state', header: 'field.status', format: (v) => t(`cms.pagewidget.state.${String(v)}`) },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Manual blocks of the current site, paged (filters: catalogId, name, code, state; Site:View)' })
  @ApiEnvelope(PageWidgetDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: ManualBlockQueryDto): Promise<PageResult<CmsPageWidget>> {
    const site = await this.currentSite.require(req, user);
    return this.widgets.list(user, site.siteId, { ...query, type: MANUAL_BLOCK_TYPE });
  }

  @Get(':pageWidgetId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'One manual block with its rows (Site:View or PageWidget:View:<id>)' })
  @ApiEnvelope(PageWidgetDto)
  get(@CurrentUser() user: LoginUser, @Param('pageWidgetId', PageWidgetIdPipe) pageWidgetId: string): Promise<CmsPageWidget> {
    return this.widgets.get(user, pageWidgetId, MANUAL_BLOCK_TYPE);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:block:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a manual block (content: {rows: [{items: [{title, url, logo, summary}]}]}; Site:Edit or Site:AddPageWidget)' })
  @ApiEnvelope(PageWidgetDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateManualBlockDto): Promise<CmsPageWidget> {
    const site = await this.currentSite.require(req, user);
    return this.widgets.create(user, site.siteId, { ...dto, type: MANUAL_BLOCK_TYPE });
  }

  @Put()
  @RequirePermission(VIEW, 'cms:block:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({
    summary: 'Change a manual block, its rows and their order (Site:Edit or PageWidget:Edit:<id>); a published one is published again',
  })
  @ApiEnvelope(PageWidgetDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateManualBlockDto): Promise<CmsPageWidget> {
    return this.widgets.update(user, dto, MANUAL_BLOCK_TYPE);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:block:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete manual blocks (body: id list) with their published files' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Body(PageWidgetIdsPipe) ids: string[]): Promise<void> {
    await this.widgets.remove(user, ids, MANUAL_BLOCK_TYPE);
  }

  @Post('publish')
  @RequirePermission(VIEW, 'cms:block:publish')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Publish manual blocks (body: id list), then the pages showing them' })
  @ApiEnvelope()
  async publish(@CurrentUser() user: LoginUser, @Body(PageWidgetIdsPipe) ids: string[]): Promise<void> {
    await this.widgets.publish(user, ids, MANUAL_BLOCK_TYPE);
  }
}
