import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** Audit status of a comment: '0' waiting, '1' passed, '2' not passed (spec 4). */
export type CommentAuditStatus = '0' | '1' | '2';

/** A member's comment on published content, or a reply to one (`parent_id` the top-level comment). */
@Entity('cms_comment')
export class CmsComment {
  @PrimaryGeneratedColumn('identity', { name: 'comment_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) commentId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  /** What is commented: 'content' (the only type today). */
  @Column({ name: 'data_type', type: 'varchar', length: 16, default: 'content' }) dataType: string;
  @Column({ name: 'data_id', type: 'bigint' }) dataId: string;
  /** The content's title when the comment was made. */
  @Column({ name: 'data_title', type: 'varchar', length: 255, default: '' }) dataTitle: string;
  /** The top-level comment a reply belongs to; '0' for a top-level comment. */
  @Column({ name: 'parent_id', type: 'bigint', default: '0' }) parentId: string;
  /** Whom a reply answers (the author of the comment replied to). */
  @Column({ name: 'reply_member_id', type: 'bigint', nullable: true }) replyMemberId: string | null;
  @Column({ name: 'reply_member_name', type: 'varchar', length: 64, default: '' }) replyMemberName: string;
  @Column({ name: 'member_id', type: 'bigint' }) memberId: string;
  /** The member's nick name (or user name) when commenting. */
  @Column({ name: 'member_name', type: 'varchar', length: 64, default: '' }) memberName: string;
  @Column({ name: 'comment_text', type: 'varchar', length: 1000 }) commentText: string;
  @Column({ name: 'audit_status', type: 'char', length: 1, default: '0' }) auditStatus: CommentAuditStatus;
  @Column({ name: 'audit_by', type: 'varchar', length: 64, default: '' }) auditBy: string;
  @Column({ name: 'audit_time', type: 'timestamptz', nullable: true }) auditTime: Date | null;
  /** Passed replies of a top-level comment. */
  @Column({ name: 'reply_count', type: 'int', default: 0 }) replyCount: number;
  @Column({ name: 'like_count', type: 'int', default: 0 }) likeCount: number;
  @Column({ type: 'varchar', length: 128, default: '' }) ip: string;
  @Column({ name: 'user_agent', type: 'varchar', length: 500, default: '' }) userAgent: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
}

/** A member's like of a comment (once per member). */
@Entity('cms_comment_like')
export class CmsCommentLike {
  @PrimaryColumn({ name: 'comment_id', type: 'bigint' }) commentId: string;
  @PrimaryColumn({ name: 'member_id', type: 'bigint' }) memberId: string;
  @Column({ name: 'member_name', type: 'varchar', length: 64, default: '' }) memberName: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
}
