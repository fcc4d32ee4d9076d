import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentMember, CurrentUser } from '../auth/current-user.decorator';
import type { LoginUser, MemberSession } from '../auth/login-user';
import { AcceptPageToken, MemberOnly, RequirePermission } from '../auth/permission';
import { AllowRepeatSubmit } from '../common/decorators/allow-repeat-submit.decorator';
import { BusinessType, OperLog } from '../common/decorators/oper-log.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ServiceException } from '../common/errors/service-exception';
import { ListRoute } from '../common/export/list-route.decorator';
import { ApiEnvelope } from '../common/http/api-envelope.decorator';
import { clientInfo } from '../common/http/client-info';
import { Answer } from '../common/http/envelope';
import { t } from '../common/i18n/i18n';
import { PageQueryDto } from '../common/paging/page-query.dto';
import { IdPipe } from '../common/validation/id.pipe';
import { IdArrayBodyPipe } from '../cms/publishpipe/id-array.pipe';
import { CurrentSiteService } from '../cms/common/current-site.service';
import {
  CommentAuditDto,
  CommentDto,
  CommentLikeDto,
  CommentQueryDto,
  LikeResultDto,
  PublicCommentDto,
  PublicCommentQueryDto,
  SubmitCommentDto,
  SubmittedCommentDto,
} from './comment.dto';
import type { CmsComment, CmsCommentLike } from './comment.entity';
import { CommentService } from './comment.service';

const TITLE = '评论管理';
const VIEW = 'cms:comment:view';

/** Comments of the current site (`CurrentSite` header) for staff (互动 > 评论管理), as ChestnutCMS's CommentController. */
@ApiTags('comment')
@ApiBearerAuth()
@Controller('comment')
export class CommentController {
  constructor(
    private readonly comments: CommentService,
    private readonly currentSite: CurrentSiteService,
  ) {}

  @ListRoute<CmsComment>('', {
    fileName: 'comment.exportFile',
    columns: [
      { key: 'commentText', header: 'comment.textHeader', width: 40 },
      { key: 'memberName', header: 'comment.memberHeader', width: 16 },
      { key: 'dataTitle', header: 'comment.contentHeader', width: 30 },
      { key: 'auditStatus', header: 'field.status', format: (v) => t(`comment.status.${String(v)}`) },
      { key: 'likeCount', header: 'comment.likeHeader' },
      { key: 'replyCount', header: 'comment.replyHeader' },
      { key: 'ip', header: 'comment.ipHeader', width: 16 },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Comments and replies of the current site, newest first (filters: content, status, member, text, time)' })
  @ApiEnvelope(CommentDto, { paged: true })
  async list(@CurrentUser() user: LoginUser, @Req() req: Request, @Query() query: CommentQueryDto): Promise<PageResult<CmsComment>> {
    const site = await this.currentSite.require(req, user);
    return this.comments.list(site.siteId, query);
  }

  @Get('reply/:commentId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Replies of a comment (any status), oldest first' })
  @ApiEnvelope(CommentDto, { paged: true })
  async replies(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @Param('commentId', IdPipe) commentId: string,
    @Query() query: PageQueryDto,
  ): Promise<PageResult<CmsComment>> {
    const site = await this.currentSite.require(req, user);
    return this.comments.replies(site.siteId, commentId, query);
  }

  @Get('like/:commentId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Members who liked a comment, newest first' })
  @ApiEnvelope(CommentLikeDto, { paged: true })
  async likes(
    @CurrentUser() user: LoginUser,
    @Req() req: Request,
    @Param('commentId', IdPipe) commentId: string,
    @Query() query: PageQueryDto,
  ): Promise<PageResult<CmsCommentLike>> {
    const site = await this.currentSite.require(req, user);
    return this.comments.likes(site.siteId, commentId, query);
  }

  @Put('audit')
  @RequirePermission(VIEW, 'cms:comment:audit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: "Pass ('1') or not pass ('2') comments of the current site" })
  @ApiEnvelope()
  async audit(@CurrentUser() user: LoginUser, @Req() req: Request, @Body() dto: CommentAuditDto): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.comments.audit(user, site.siteId, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:comment:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete comments of the current site (body: id list) with their replies' })
  @ApiEnvelope()
  async remove(@CurrentUser() user: LoginUser, @Req() req: Request, @Body(IdArrayBodyPipe) commentIds: string[]): Promise<void> {
    const site = await this.currentSite.require(req, user);
    await this.comments.remove(site.siteId, commentIds);
  }
}

/** The public comment API of published pages (`/api/comment...`), as ChestnutCMS's CommentApiController. */
@ApiTags('api/comment')
@Controller('api/comment')
export class CommentApiController {
  constructor(private readonly comments: CommentService) {}

  // Declared before `:type/:dataId`, which would take `reply/<id>` and `user/<id>` too.
  @Get('reply/:commentId')
  @Public()
  @ApiOperation({ summary: 'Passed replies of a passed comment, oldest first' })
  @ApiEnvelope(PublicCommentDto, { paged: true })
  replies(@Param('commentId', IdPipe) commentId: string, @Query() query: PublicCommentQueryDto): Promise<PageResult<PublicCommentDto>> {
    return this.comments.publicReplies(commentId, query);
  }

  @Get('user/:uid')
  @Public()
  @ApiOperation({ summary: "A member's passed comments, newest first" })
  @ApiEnvelope(PublicCommentDto, { paged: true })
  memberComments(@Param('uid', IdPipe) uid: string, @Query() query: PublicCommentQueryDto): Promise<PageResult<PublicCommentDto>> {
    return this.comments.memberComments(uid, query);
  }

  @Get(':type/:dataId')
  @Public()
  @ApiOperation({ summary: "Passed comments of published content (type 'content'), newest first, with passed reply counts" })
  @ApiEnvelope(PublicCommentDto, { paged: true })
  list(
    @Param('type') type: string,
    @Param('dataId', IdPipe) dataId: string,
    @Query() query: PublicCommentQueryDto,
  ): Promise<PageResult<PublicCommentDto>> {
    if (type !== 'content') throw new ServiceException('comment.badType');
    return this.comments.publicList(dataId, query);
  }

  @Post('submit')
  @MemberOnly()
  // Page script of a published page may act with the member's page token (comment and like only).
  @AcceptPageToken()
  @ApiOperation({
    summary:
      'Comment on published content or reply (parentId): up to 1000 characters, no sensitive words, 5 a minute; auto-passed or waiting for audit',
  })
  @ApiEnvelope(SubmittedCommentDto)
  async submit(@CurrentMember() member: MemberSession, @Body() dto: SubmitCommentDto, @Req() req: Request): Promise<Answer<SubmittedCommentDto>> {
    const saved = await this.comments.submit(member, dto, clientInfo(req));
    return new Answer(saved, t(saved.auditStatus === '1' ? 'comment.submitted' : 'comment.submittedForAudit'));
  }

  @Put('like/:commentId')
  @MemberOnly()
  @AcceptPageToken()
  // Liking and taking the like back are two calls of the same request.
  @AllowRepeatSubmit()
  @ApiOperation({ summary: 'Like a passed comment; a second call takes the like back' })
  @ApiEnvelope(LikeResultDto)
  like(@CurrentMember() member: MemberSession, @Param('commentId', IdPipe) commentId: string): Promise<LikeResultDto> {
    return this.comments.toggleLike(member, commentId);
  }

  @Delete(':commentId')
  @MemberOnly()
  @ApiOperation({ summary: "Delete one's own comment (with its replies)" })
  @ApiEnvelope()
  async remove(@CurrentMember() member: MemberSession, @Param('commentId', IdPipe) commentId: string): Promise<void> {
    await this.comments.removeOwn(member, commentId);
  }
}
