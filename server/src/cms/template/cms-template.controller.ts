import { Body, Controller, Delete, Get, Injectable, Param, Post, Put, Query, Req, type PipeTransform } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { ServiceException } from '../../common/errors/service-exception';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CmsAccessService } from '../common/cms-access.service';
import { CurrentSiteService } from '../common/current-site.service';
import {
  CreateTemplateDto,
  RenameTemplateDto,
  SaveTemplateDto,
  TemplateDetailDto,
  TemplateDto,
  TemplateQueryDto,
  TemplateTagDocDto,
} from './cms-template.dto';
import type { CmsTemplate } from './cms-template.entity';
import { CmsTemplateService, type CmsTemplateDetail } from './cms-template.service';
import type { TemplateTagDoc } from './engine';

const TITLE = '模板管理';
const VIEW = 'cms:template:view';

/** The request body of `DELETE /cms/template`: a JSON array of template ids (as ChestnutCMS sends it), at most 500. */
@Injectable()
export class TemplateIdsPipe implements PipeTransform<unknown, string[]> {
  transform(value: unknown): string[] {
    const ids = Array.isArray(value) ? value.map((v) => (typeof v === 'number' ? String(v) : v)) : [];
    if (!ids.length || ids.length > 500 || !ids.every((id) => typeof id === 'string' && /^[1-9]\d{0,17}$/.test(id))) {
      throw new ServiceException('cms.template.badIds');
    }
    return [...new Set(ids as string[])];
  }
}

/**
 * Templates of the current site (`/cms/template`). Reads need the screen and `Site:View` of the site (the current
 * site is one the caller may view); writes need the button and `Site:Edit:<siteId>`.
 */
@ApiTags('cms/template')
@ApiBearerAuth()
@Controller('cms/template')
export class CmsTemplateController {
  constructor(
    private readonly templates: CmsTemplateService,
    private readonly currentSite: CurrentSiteService,
    private readonly access: CmsAccessService,
  ) {}

  @Get('tags')
  @RequireAnyPermission(VIEW, 'cms:templatetag:view')
  @ApiOperation({ summary: 'The template help: CMS tags, filters and objects with syntax, zh-CN description and example' })
  @ApiEnvelope(TemplateTagDocDto, { isArray: true })
  tags(): readonly TemplateTagDoc[] {
    return this.templates.tags();
  }

  @Get()
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Templates of the current site, by pipe and part of the path, paged' })
  @ApiEnvelope(TemplateDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: TemplateQueryDto): Promise<PageResult<CmsTemplate>> {
    const site = await this.currentSite.require(req, user);
    return this.templates.list(site.siteId, query);
  }

  @Get(':templateId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'One template of the current site with its text' })
  @ApiEnvelope(TemplateDetailDto)
  async get(@CurrentUser() user: LoginUser, @Req() req: Request, @Param('templateId', IdPipe) templateId: string): Promise<CmsTemplateDetail> {
    const site = await this.currentSite.require(req, user);
    return this.templates.get(site.siteId, templateId);
  }

  @Post()
  @RequirePermission('cms:template:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a template file on a pipe of the current site (path unique per pipe, syntax checked)' })
  @ApiEnvelope(TemplateDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateTemplateDto): Promise<CmsTemplate> {
    const siteId = await this.editableSite(user, req);
    return this.templates.create(user, siteId, dto);
  }

  @Put()
  @RequirePermission('cms:template:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Save the text of a template; a syntax error answers 400 with its line and column (data.syntaxErrors)' })
  @ApiEnvelope(TemplateDto)
  async save(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: SaveTemplateDto): Promise<CmsTemplate> {
    const siteId = await this.editableSite(user, req);
    return this.templates.save(user, siteId, dto);
  }

  @Post('rename')
  @RequirePermission('cms:template:rename')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Move a template to another path of its pipe' })
  @ApiEnvelope(TemplateDto)
  async rename(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: RenameTemplateDto): Promise<CmsTemplate> {
    const siteId = await this.editableSite(user, req);
    return this.templates.rename(user, siteId, dto);
  }

  @Delete()
  @RequirePermission('cms:template:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete templates of the current site with their files (body: JSON array of ids)' })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(TemplateIdsPipe) templateIds: string[]): Promise<void> {
    const siteId = await this.editableSite(user, req);
    await this.templates.remove(siteId, templateIds);
  }

  @Post('clearTemplateCache')
  @RequirePermission('cms:template:clearCache')
  @OperLog({ title: TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: "Drop this server's cached template texts of the current site" })
  @ApiEnvelope()
  async clearCache(@CurrentUser() user: LoginUser, @Req() req: Request): Promise<void> {
    const siteId = await this.editableSite(user, req);
    this.templates.clearCache(siteId);
  }

  @Delete('clearIncludeCache')
  @RequirePermission('cms:template:clearCache')
  @OperLog({ title: TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Same as clearTemplateCache (ChestnutCMS keeps a separate include cache; here includes are templates too)' })
  @ApiEnvelope()
  async clearIncludeCache(@CurrentUser() user: LoginUser, @Req() req: Request): Promise<void> {
    await this.clearCache(user, req);
  }

  /** The current site, when the caller may edit it (`Site:Edit:<siteId>`), else 403. */
  private async editableSite(user: LoginUser, req: Request): Promise<string> {
    const site = await this.currentSite.require(req, user);
    await this.access.assert(user, 'Site', 'Edit', site.siteId);
    return site.siteId;
  }
}
