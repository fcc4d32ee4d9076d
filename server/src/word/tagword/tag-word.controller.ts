import { Body, Controller, Delete, Get, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { CurrentSiteService } from '../../cms/common/current-site.service';
import { IdArrayBodyPipe } from '../../cms/publishpipe/id-array.pipe';
import { WordGroupTreeNodeDto } from '../word-group.dto';
import {
  BatchAddTagWordDto,
  CreateTagWordDto,
  CreateTagWordGroupDto,
  TagWordDto,
  TagWordGroupDto,
  TagWordGroupQueryDto,
  TagWordQueryDto,
  TagWordSuggestQueryDto,
  UpdateTagWordDto,
  UpdateTagWordGroupDto,
} from './tag-word.dto';
import type { TagWord, TagWordGroup } from './tag-word.entity';
import { TagWordService } from './tag-word.service';

const TITLE = '标签词';
const VIEW = 'cms:tagword:view';

/** Tag word groups of the current site (`CurrentSite` header), as ChestnutCMS's TagWordGroupController. */
@ApiTags('word/tagword')
@ApiBearerAuth()
@Controller('word/tagword/group')
export class TagWordGroupController {
  constructor(
    private readonly tags: TagWordService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<TagWordGroup>('', {
    fileName: 'word.tag.exportFile',
    columns: [
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'code', header: 'word.header.code', width: 16 },
      { key: 'wordTotal', header: 'word.header.wordTotal' },
      { key: 'sortFlag', header: 'field.sort' },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Groups of the current site, paged (filters: parentId, query on name or code)' })
  @ApiEnvelope(TagWordGroupDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: TagWordGroupQueryDto): Promise<PageResult<TagWordGroup>> {
    const site = await this.currentSite.require(req, user);
    return this.tags.listGroups(site.siteId, query);
  }

  @Get('treedata')
  @RequireAnyPermission(VIEW, 'cms:content:add', 'cms:content:edit')
  @ApiOperation({ summary: 'Groups of the current site as a tree (props: code, sort, logo, remark, wordTotal)' })
  @ApiEnvelope(WordGroupTreeNodeDto)
  async treedata(@CurrentUser() user: LoginUser, @Req() req: Request): Promise<WordGroupTreeNodeDto[]> {
    const site = await this.currentSite.require(req, user);
    return this.tags.groupTree(site.siteId);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:tagword:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a group to the current site (code unique in the site; parentId 0 at the top)' })
  @ApiEnvelope(TagWordGroupDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateTagWordGroupDto): Promise<TagWordGroup> {
    const site = await this.currentSite.require(req, user);
    return this.tags.createGroup(user, site.siteId, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:tagword:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a group (name, code, parent, logo, sort, remark)' })
  @ApiEnvelope(TagWordGroupDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateTagWordGroupDto): Promise<TagWordGroup> {
    const site = await this.currentSite.require(req, user);
    return this.tags.updateGroup(user, site.siteId, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:tagword:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete groups (body: id list) with their subgroups and words' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) groupIds: string[]): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.tags.removeGroups(site.siteId, groupIds);
  }
}

/** Tag words of the current site, as ChestnutCMS's TagWordController, and the content editor's suggestions. */
@ApiTags('word/tagword')
@ApiBearerAuth()
@Controller('word/tagword')
export class TagWordController {
  constructor(
    private readonly tags: TagWordService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<TagWord>('', {
    fileName: 'word.tag.exportFile',
    columns: [
      { key: 'word', header: 'word.header.word', width: 20 },
      { key: 'useCount', header: 'word.header.useCount' },
      { key: 'hitCount', header: 'word.header.hitCount' },
      { key: 'sortFlag', header: 'field.sort' },
      { key: 'remark', header: 'field.remark', width: 30 },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Tag words of the current site, paged (filters: groupId, query); POST with cc-export: 1 exports' })
  @ApiEnvelope(TagWordDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: TagWordQueryDto): Promise<PageResult<TagWord>> {
    const site = await this.currentSite.require(req, user);
    return this.tags.list(site.siteId, query);
  }

  @Get('suggest')
  @RequireAnyPermission(VIEW, 'cms:content:add', 'cms:content:edit')
  @ApiOperation({ summary: 'Up to 10 tag words of the current site containing q, most used first (the content editor’s tags field)' })
  @ApiEnvelope('string')
  async suggest(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: TagWordSuggestQueryDto): Promise<string[]> {
    const site = await this.currentSite.require(req, user);
    return this.tags.suggest(site.siteId, query.q);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:tagword:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a tag word to a group of the current site (unique in the group)' })
  @ApiEnvelope(TagWordDto)
  async create(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CreateTagWordDto): Promise<TagWord> {
    const site = await this.currentSite.require(req, user);
    return this.tags.create(user, site.siteId, dto);
  }

  @Post('batchAdd')
  @RequirePermission(VIEW, 'cms:tagword:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add several tag words to a group (blank and repeated entries dropped; one taken word refuses all)' })
  @ApiEnvelope(TagWordDto)
  async batchAdd(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: BatchAddTagWordDto): Promise<TagWord[]> {
    const site = await this.currentSite.require(req, user);
    return this.tags.batchAdd(user, site.siteId, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:tagword:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a tag word (word, logo, sort, remark)' })
  @ApiEnvelope(TagWordDto)
  async update(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: UpdateTagWordDto): Promise<TagWord> {
    const site = await this.currentSite.require(req, user);
    return this.tags.update(user, site.siteId, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:tagword:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete tag words (body: id list)' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) wordIds: string[]): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.tags.remove(site.siteId, wordIds);
  }
}
