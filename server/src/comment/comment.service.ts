import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { ResultCode, type PageResult } from '@zhiwen/shared';
import type { LoginUser, MemberSession } from '../auth/login-user';
import { KV_STORE, type KvStore } from '../common/cache/kv-store';
import { ServiceException } from '../common/errors/service-exception';
import { paginate } from '../common/paging/paginate';
import type { PageQueryDto } from '../common/paging/page-query.dto';
import { applyTimeRange } from '../common/paging/time-range';
import type { ClientInfo } from '../common/http/client-info';
import { escapeLike } from '../database/sql-helpers';
import { CmsContentService } from '../cms/content/cms-content.service';
import { CmsSiteService } from '../cms/site/cms-site.service';
import { SITE_CONFIG_DEFAULTS } from '../cms/site/cms-site.service';
import { SensitiveWordService } from '../word/sensitive/sensitive-word.service';
import { MAX_COMMENT_LENGTH, type CommentAuditDto, type CommentQueryDto, type PublicCommentDto, type SubmitCommentDto } from './comment.dto';
import { CmsComment, CmsCommentLike, type CommentAuditStatus } from './comment.entity';

/** Comments one member may submit per minute. */
export const COMMENTS_PER_MINUTE = 5;

/**
 * Comments of members on published content (`cms_comment`), their replies and likes. A top-level comment has
 * `parent_id` 0; a reply to a comment or to another reply belongs to the top-level comment (one level of replies, as
 * ChestnutCMS) and names whom it answers. Only passed comments are public; the content's `comment_count` (through the
 * content service) and each comment's `reply_count` count passed ones and are recomputed after every change.
 */
@Injectable()
export class CommentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(KV_STORE) private readonly kv: KvStore,
    private readonly contents: CmsContentService,
    private readonly sites: CmsSiteService,
    private readonly sensitiveWords: SensitiveWordService,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CmsComment);
  }

  // ------------------------------------------------------------------------------------------------ staff

  /** Comments of a site, newest first, with filters (content, status, member, text, time). */
  list(siteId: string, query: CommentQueryDto): Promise<PageResult<CmsComment>> {
    const qb = this.repo.createQueryBuilder('c').where('c.site_id = :siteId', { siteId });
    if (query.dataId) qb.andWhere('c.data_id = :dataId', { dataId: query.dataId });
    if (query.auditStatus) qb.andWhere('c.audit_status = :status', { status: query.auditStatus });
    if (query.memberId) qb.andWhere('c.member_id = :memberId', { memberId: query.memberId });
    if (query.memberName) qb.andWhere('c.member_name ILIKE :memberName', { memberName: `%${escapeLike(query.memberName)}%` });
    if (query.commentText) qb.andWhere('c.comment_text ILIKE :commentText', { commentText: `%${escapeLike(query.commentText)}%` });
    applyTimeRange(qb, 'c.create_time', query);
    return paginate(qb, query, {
      sortable: { createTime: 'c.create_time', likeCount: 'c.like_count', replyCount: 'c.reply_count' },
      defaultOrder: { 'c.comment_id': 'DESC' },
    });
  }

  /** Every reply of a comment of the site (any status), oldest first. */
  async replies(siteId: string, commentId: string, query: PageQueryDto): Promise<PageResult<CmsComment>> {
    await this.ofSite(siteId, [commentId]);
    const qb = this.repo.createQueryBuilder('c').where('c.parent_id = :commentId', { commentId });
    return paginate(qb, query, { sortable: {}, defaultOrder: { 'c.comment_id': 'ASC' } });
  }

  /** Who liked a comment of the site, newest first. */
  async likes(siteId: string, commentId: string, query: PageQueryDto): Promise<PageResult<CmsCommentLike>> {
    await this.ofSite(siteId, [commentId]);
    const qb = this.dataSource.getRepository(CmsCommentLike).createQueryBuilder('l').where('l.comment_id = :commentId', { commentId });
    return paginate(qb, query, { sortable: {}, defaultOrder: { 'l.create_time': 'DESC', 'l.member_id': 'ASC' } });
  }

  /** Passes or does not pass comments of the site (all or none). */
  async audit(user: LoginUser, siteId: string, dto: CommentAuditDto): Promise<void> {
    const ids = [...new Set(dto.commentIds)];
    await this.dataSource.transaction(async (m) => {
      const rows = await this.ofSite(siteId, ids, m);
      await m.update(CmsComment, { commentId: In(ids) }, { auditStatus: dto.auditStatus, auditBy: user.userName, auditTime: new Date() });
      await this.recount(m, rows);
    });
  }

  /** Deletes comments of the site with their replies and likes (all or none). */
  async remove(siteId: string, commentIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const rows = await this.ofSite(siteId, commentIds, m);
      await this.deleteWithReplies(m, rows);
    });
  }

  // ------------------------------------------------------------------------------------------------ public

  /** Passed top-level comments of published content, newest first, with their passed reply counts. */
  async publicList(dataId: string, query: PageQueryDto): Promise<PageResult<PublicCommentDto>> {
    await this.publishedContent(dataId);
    const qb = this.repo
      .createQueryBuilder('c')
      .where("c.data_type = 'content' AND c.data_id = :dataId AND c.parent_id = 0 AND c.audit_status = '1'", { dataId });
    return this.publicPage(qb, query, { 'c.comment_id': 'DESC' });
  }

  /** Passed replies of a passed comment, oldest first. */
  async publicReplies(commentId: string, query: PageQueryDto): Promise<PageResult<PublicCommentDto>> {
    await this.passed(commentId);
    const qb = this.repo.createQueryBuilder('c').where("c.parent_id = :commentId AND c.audit_status = '1'", { commentId });
    return this.publicPage(qb, query, { 'c.comment_id': 'ASC' });
  }

  /** Passed comments of a member, newest first. */
  memberComments(memberId: string, query: PageQueryDto): Promise<PageResult<PublicCommentDto>> {
    const qb = this.repo.createQueryBuilder('c').where("c.member_id = :memberId AND c.audit_status = '1'", { memberId });
    return this.publicPage(qb, query, { 'c.comment_id': 'DESC' });
  }

  private async publicPage(
    qb: ReturnType<typeof this.repo.createQueryBuilder>,
    query: PageQueryDto,
    defaultOrder: Record<string, 'ASC' | 'DESC'>,
  ): Promise<PageResult<PublicCommentDto>> {
    const page = await paginate(qb, query, { sortable: {}, defaultOrder });
    return { ...page, rows: page.rows.map(publicView) };
  }

  /**
   * A member's comment or reply. Refused: content not published or not open to comments (site setting
   * `commentEnabled`), empty or over-long text, sensitive words (the words are named), more than
   * COMMENTS_PER_MINUTE a minute. Shown at once when the site auto-passes comments, else after audit.
   */
  async submit(member: MemberSession, dto: SubmitCommentDto, client: ClientInfo): Promise<PublicCommentDto & { auditStatus: CommentAuditStatus }> {
    const text = dto.content.trim();
    if (!text) throw new ServiceException('comment.textRequired');
    if ([...text].length > MAX_COMMENT_LENGTH) throw new ServiceException('comment.textTooLong', { max: MAX_COMMENT_LENGTH });
    const content = await this.publishedContent(dto.dataId);
    const site = await this.sites.get(content.siteId);
    const config = { ...SITE_CONFIG_DEFAULTS, ...(site.configProps ?? {}) };
    if (!config.commentEnabled) throw new ServiceException('comment.disabled');
    let parent: CmsComment | null = null;
    if (dto.parentId) {
      parent = await this.passed(dto.parentId);
      if (parent.dataId !== content.contentId) throw new ServiceException('comment.parentElsewhere');
    }
    const words = (await this.sensitiveWords.find(text)).map((h) => h.word);
    if (words.length) throw new ServiceException('comment.sensitive', { words: [...new Set(words)].join('、') });
    const count = await this.kv.increment(`comment:rate:${member.id}`, 60_000);
    if (count > COMMENTS_PER_MINUTE)
      throw new ServiceException('comment.tooFast', { limit: COMMENTS_PER_MINUTE }, ResultCode.ERROR, HttpStatus.TOO_MANY_REQUESTS);
    const auditStatus: CommentAuditStatus = config.commentAutoPass ? '1' : '0';
    const saved = await this.dataSource.transaction(async (m) => {
      const row = await m.getRepository(CmsComment).save(
        m.getRepository(CmsComment).create({
          siteId: content.siteId,
          dataType: 'content',
          dataId: content.contentId,
          dataTitle: content.title.slice(0, 255),
          parentId: parent ? (parent.parentId !== '0' ? parent.parentId : parent.commentId) : '0',
          replyMemberId: parent?.memberId ?? null,
          replyMemberName: parent?.memberName ?? '',
          memberId: member.id,
          memberName: (member.nickName || member.userName).slice(0, 64),
          commentText: text,
          auditStatus,
          ip: client.ipaddr.slice(0, 128),
          userAgent: client.userAgent.slice(0, 500),
        }),
      );
      if (auditStatus === '1') await this.recount(m, [row]);
      return row;
    });
    return { ...publicView(saved), auditStatus };
  }

  /** Likes a passed comment, or takes the like back when the member already likes it. */
  async toggleLike(member: MemberSession, commentId: string): Promise<{ liked: boolean; likeCount: number }> {
    await this.passed(commentId);
    return this.dataSource.transaction(async (m) => {
      const removed = await m.delete(CmsCommentLike, { commentId, memberId: member.id });
      let liked = false;
      if (!removed.affected) {
        await m
          .createQueryBuilder()
          .insert()
          .into(CmsCommentLike)
          .values({ commentId, memberId: member.id, memberName: (member.nickName || member.userName).slice(0, 64) })
          .orIgnore()
          .execute();
        liked = true;
      }
      const likeCount = await m.countBy(CmsCommentLike, { commentId });
      await m.update(CmsComment, { commentId }, { likeCount });
      return { liked, likeCount };
    });
  }

  /** Deletes a member's own comment (with its replies). */
  async removeOwn(member: MemberSession, commentId: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const row = await m.findOne(CmsComment, { where: { commentId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw ServiceException.notFound('comment.notFound');
      if (row.memberId !== member.id) throw ServiceException.forbidden('comment.notYours');
      await this.deleteWithReplies(m, [row]);
    });
  }

  // ------------------------------------------------------------------------------------------------ helpers

  /** Published content by id; 404 when missing, refused when not published. */
  private async publishedContent(contentId: string) {
    const content = await this.contents.get(contentId).catch(() => {
      throw ServiceException.notFound('comment.contentNotFound');
    });
    if (content.status !== 'published') throw new ServiceException('comment.contentNotPublished');
    return content;
  }

  /** A passed comment, or 404 (comments waiting for audit or not passed are not public). */
  private async passed(commentId: string): Promise<CmsComment> {
    const row = await this.repo.findOneBy({ commentId, auditStatus: '1' });
    if (!row) throw ServiceException.notFound('comment.notFound');
    return row;
  }

  /** The comments of a site by id, locked when in a transaction; 404 when one is missing or of another site. */
  private async ofSite(siteId: string, commentIds: string[], m?: EntityManager): Promise<CmsComment[]> {
    const ids = [...new Set(commentIds)];
    const rows = await (m ?? this.dataSource.manager).find(CmsComment, {
      where: { commentId: In(ids), siteId },
      ...(m ? { lock: { mode: 'pessimistic_write' as const } } : {}),
      order: { commentId: 'ASC' },
    });
    if (rows.length !== ids.length) throw ServiceException.notFound('comment.notFound');
    return rows;
  }

  private async deleteWithReplies(m: EntityManager, rows: CmsComment[]): Promise<void> {
    const ids = rows.map((r) => r.commentId);
    await m.createQueryBuilder().delete().from(CmsComment).where('comment_id IN (:...ids) OR parent_id IN (:...ids)', { ids }).execute();
    await this.recount(m, rows);
  }

  /** Recomputes the passed reply counts of the parents and the comment counts of the contents of `rows`. */
  private async recount(m: EntityManager, rows: CmsComment[]): Promise<void> {
    const parents = [...new Set(rows.map((r) => r.parentId).filter((p) => p !== '0'))];
    if (parents.length)
      await m.query(
        `UPDATE cms_comment p SET reply_count = (SELECT count(*) FROM cms_comment r WHERE r.parent_id = p.comment_id AND r.audit_status = '1')
          WHERE p.comment_id = ANY($1::bigint[])`,
        [parents],
      );
    for (const dataId of new Set(rows.filter((r) => r.dataType === 'content').map((r) => r.dataId))) {
      const [{ count }] = await m.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM cms_comment c
          WHERE c.data_type = 'content' AND c.data_id = $1 AND c.audit_status = '1'
            AND (c.parent_id = 0 OR EXISTS (SELECT 1 FROM cms_comment p WHERE p.comment_id = c.parent_id AND p.audit_status = '1'))`,
        [dataId],
      );
      await this.contents.setCommentCount(dataId, count);
    }
  }
}

function publicView(c: CmsComment): PublicCommentDto {
  return {
    commentId: c.commentId,
    parentId: c.parentId,
    memberId: c.memberId,
    memberName: c.memberName,
    replyMemberName: c.replyMemberName,
    content: c.commentText,
    replyCount: c.replyCount,
    likeCount: c.likeCount,
    createTime: c.createTime,
  };
}
