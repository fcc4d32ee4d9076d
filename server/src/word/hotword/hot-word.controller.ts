import { Body, Controller, Delete, Get, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { CurrentSiteService } from '../../cms/common/current-site.service';
import { IdArrayBodyPipe } from '../../cms/publishpipe/id-array.pipe';
import { CreateWordGroupDto, UpdateWordGroupDto, WordGroupQueryDto, WordGroupTreeNodeDto } from '../word-group.dto';
import { CreateHotWordDto, HotWordDto, HotWordGroupDto, HotWordGroupOptionDto, HotWordQueryDto, UpdateHotWordDto } from './hot-word.dto';
import type { HotWord, HotWordGroup } from './hot-word.entity';
import { HotWordService } from './hot-word.service';

const TITLE = '热词';
const VIEW = 'cms:hotword:view';

/** Hot word groups of the current site (`CurrentSite` header), as ChestnutCMS's HotWordGroupController. */
@ApiTags('word/hotword')
@ApiBearerAuth()
@Controller('word/hotword/group')
export class HotWordGroupController {
  constructor(
    private readonly hot: HotWordService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<HotWordGroup>('', {
    fileName: 'word.hot.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'code', header: 'word.header.code', width: 16 },
      { key: 'wordTotal', header: 'word.header.wordTotal' },
      { key: 'sortFlag', header: 'field.sort' },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Groups of the current site, paged (filter: query on name or code)' })
  @ApiEnvelope(HotWordGroupDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: WordGroupQueryDto): Promise<PageResult<HotWordGroup>> {
    const site = await this.currentSite.require(req, user);
    return this.hot.listGroups(site.siteId, query);
  }

  @Get('options')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Groups of the current site as options, by sort' })
  @ApiEnvelope(HotWordGroupOptionDto)
  async options(@CurrentUser() user: LoginUser, @Req() req: Request): Promise<HotWordGroupOptionDto[]> {
    const site = await this.currentSite.require(req, user);
    return this.hot.options(site.siteId);
  }

  @Get('treedata')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Groups of the current site as tree nodes (props: code, sort, remark, wordTotal)' })
  @ApiEnvelope(WordGroupTreeNodeDto)
  async treedata(@CurrentUser() user: LoginUser, @Req() req: Request): Promise<WordGroupTreeNodeDto[]> {
    const site = await this.currentSite.require(req, user);
    return this.hot.groupTree(site.siteId);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:hotword:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a group to the current site (code unique in the site)' })
  @ApiEnvelope(HotWordGroupDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateWordGroupDto): Promise<HotWordGroup> {
    const site = await this.currentSite.require(req, user);
    return this.hot.createGroup(user, site.siteId, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:hotword:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a group (name, code, sort, remark)' })
  @ApiEnvelope(HotWordGroupDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateWordGroupDto): Promise<HotWordGroup> {
    const site = await this.currentSite.require(req, user);
    return this.hot.updateGroup(user, site.siteId, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:hotword:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete groups (body: id list) with their words' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) groupIds: string[]): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.hot.removeGroups(site.siteId, groupIds);
  }
}

/** Hot words of the current site, as ChestnutCMS's HotWordController. */
@ApiTags('word/hotword')
@ApiBearerAuth()
@Controller('word/hotword')
export class HotWordController {
  constructor(
    private readonly hot: HotWordService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<HotWord>('', {
    fileName: 'word.hot.exportFile',
    columns: [
      { key: 'word', header: 'word.header.word', width: 20 },
      { key: 'url', header: 'word.header.url', width: 40 },
      { key: 'urlTarget', header: 'word.header.urlTarget', format: (v) => t(`word.hot.target.${String(v)}`) },
      { key: 'useCount', header: 'word.header.useCount' },
      { key: 'hitCount', header: 'word.header.hitCount' },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Hot words of the current site, paged (filters: groupId, query); POST with cc-export: 1 exports' })
  @ApiEnvelope(HotWordDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: HotWordQueryDto): Promise<PageResult<HotWord>> {
    const site = await this.currentSite.require(req, user);
    return this.hot.list(site.siteId, query);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:hotword:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a hot word to a group of the current site (unique in the group; url http(s) or /path; target _self or _blank)' })
  @ApiEnvelope(HotWordDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateHotWordDto): Promise<HotWord> {
    const site = await this.currentSite.require(req, user);
    return this.hot.create(user, site.siteId, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:hotword:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a hot word (word, url, target, remark)' })
  @ApiEnvelope(HotWordDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateHotWordDto): Promise<HotWord> {
    const site = await this.currentSite.require(req, user);
    return this.hot.update(user, site.siteId, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:hotword:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete hot words (body: id list)' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) wordIds: string[]): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.hot.remove(site.siteId, wordIds);
  }
}
