import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../auth/current-user.decorator';
import type { LoginUser } from '../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../auth/permission';
import { ListRoute } from '../common/export/list-route.decorator';
import { ApiEnvelope } from '../common/http/api-envelope.decorator';
import { t } from '../common/i18n/i18n';
import { IdPipe } from '../common/validation/id.pipe';
import { BusinessType, OperLog } from '../common/decorators/oper-log.decorator';
import { IdArrayBodyPipe } from '../cms/publishpipe/id-array.pipe';
import {
  CreateVoteDto,
  CreateVoteSubjectDto,
  SaveVoteItemsDto,
  UpdateVoteDto,
  UpdateVoteSubjectDto,
  VoteAnswerDto,
  VoteAnswersQueryDto,
  VoteDetailDto,
  VoteDto,
  VoteItemDto,
  VoteOptionDto,
  VoteQueryDto,
  VoteSubjectDto,
  VoteSubjectQueryDto,
} from './vote.dto';
import type { Vote, VoteSubject } from './vote.entity';
import { VoteService } from './vote.service';

const TITLE = '投票调查';
const VIEW = 'cms:vote:view';

/** Votes and surveys of the back office, as ChestnutCMS's VoteController. */
@ApiTags('vote')
@ApiBearerAuth()
@Controller('vote')
export class VoteController {
  constructor(private readonly votes: VoteService) {}

  @ListRoute<Vote>('', {
    fileName: 'vote.exportFile',
    columns: [
      { key: 'title', header: 'vote.col.title', width: 30 },
      { key: 'code', header: 'vote.codeHeader', width: 16 },
      { key: 'status', header: 'field.status', format: (v) => t(`vote.status.${String(v)}`) },
      { key: 'total', header: 'vote.totalHeader' },
      { key: 'startTime', header: 'vote.col.startTime', width: 20 },
      { key: 'endTime', header: 'vote.col.endTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Votes, paged (filters: title, code, status, userType)' })
  @ApiEnvelope(VoteDto, { paged: true })
  list(@Query() query: VoteQueryDto): Promise<PageResult<Vote>> {
    return this.votes.list(query);
  }

  @Get('userTypes')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Voter types: member (per member) and ip (anyone, per address)' })
  @ApiEnvelope(VoteOptionDto, { isArray: true })
  userTypes(): VoteOptionDto[] {
    return this.votes.userTypes();
  }

  @Get('item/types')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Item types (text)' })
  @ApiEnvelope(VoteOptionDto, { isArray: true })
  itemTypes(): VoteOptionDto[] {
    return this.votes.itemTypes();
  }

  @Get('result/:voteId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'The vote with its subjects, items and counts per item' })
  @ApiEnvelope(VoteDetailDto)
  async result(@Param('voteId', IdPipe) voteId: string): Promise<VoteDetailDto> {
    return this.votes.detail(await this.votes.get(voteId));
  }

  @ListRoute('answers', {
    fileName: 'vote.exportFile',
    columns: [
      { key: 'content', header: 'vote.col.content', width: 60 },
      { key: 'createTime', header: 'vote.col.createTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Text answers of a text subject, newest first, paged' })
  @ApiEnvelope(VoteAnswerDto, { paged: true })
  answers(@Query() query: VoteAnswersQueryDto): Promise<PageResult<VoteAnswerDto>> {
    return this.votes.answers(query);
  }

  @Get(':voteId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'One vote' })
  @ApiEnvelope(VoteDto)
  get(@Param('voteId', IdPipe) voteId: string): Promise<Vote> {
    return this.votes.get(voteId);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:vote:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a vote (code unique regardless of case; end after start; day limit at most the total limit)' })
  @ApiEnvelope(VoteDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateVoteDto): Promise<Vote> {
    return this.votes.create(user, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:vote:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a vote' })
  @ApiEnvelope(VoteDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateVoteDto): Promise<Vote> {
    return this.votes.update(user, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:vote:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete votes (body: id list) with their subjects, items, submissions and answers' })
  @ApiEnvelope()
  async remove(@Body(IdArrayBodyPipe) voteIds: string[]): Promise<void> {
    await this.votes.remove(voteIds);
  }
}

/** Subjects and items of a vote, as ChestnutCMS's VoteSubjectController. */
@ApiTags('vote')
@ApiBearerAuth()
@Controller('vote/subject')
export class VoteSubjectController {
  constructor(private readonly votes: VoteService) {}

  @Get()
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Subjects of a vote in order, each with its items' })
  @ApiEnvelope(VoteSubjectDto, { isArray: true })
  async list(@Query() query: VoteSubjectQueryDto): Promise<VoteSubjectDto[]> {
    await this.votes.get(query.voteId);
    return this.votes.subjects(query.voteId);
  }

  @Get('items/:subjectId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Items of a subject in order' })
  @ApiEnvelope(VoteItemDto, { isArray: true })
  items(@Param('subjectId', IdPipe) subjectId: string): Promise<VoteItemDto[]> {
    return this.votes.subjectItems(subjectId);
  }

  @Post('items')
  @RequireAnyPermission('cms:vote:add', 'cms:vote:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Save the ordered items of a choice subject (ids keep their counts; items left out are deleted)' })
  @ApiEnvelope(VoteItemDto, { isArray: true })
  saveItems(@Body() dto: SaveVoteItemsDto): Promise<VoteItemDto[]> {
    return this.votes.saveItems(dto);
  }

  @Get(':subjectId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'One subject' })
  @ApiEnvelope(VoteSubjectDto)
  get(@Param('subjectId', IdPipe) subjectId: string): Promise<VoteSubject> {
    return this.votes.subject(subjectId);
  }

  @Post()
  @RequireAnyPermission('cms:vote:add', 'cms:vote:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a subject (radio, checkbox or input) to a vote; by default it goes last' })
  @ApiEnvelope(VoteSubjectDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateVoteSubjectDto): Promise<VoteSubject> {
    return this.votes.addSubject(user, dto);
  }

  @Put()
  @RequireAnyPermission('cms:vote:add', 'cms:vote:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a subject’s title, type and position (a subject with items cannot become input)' })
  @ApiEnvelope(VoteSubjectDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateVoteSubjectDto): Promise<VoteSubject> {
    return this.votes.updateSubject(user, dto);
  }

  @Delete()
  @RequireAnyPermission('cms:vote:add', 'cms:vote:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete subjects (body: id list) with their items and answers' })
  @ApiEnvelope()
  async remove(@Body(IdArrayBodyPipe) subjectIds: string[]): Promise<void> {
    await this.votes.removeSubjects(subjectIds);
  }
}
