import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Who may vote: signed-in members (counted per member) or anyone (counted per IP address). */
export const VOTE_USER_TYPES = ['member', 'ip'] as const;
export type VoteUserType = (typeof VOTE_USER_TYPES)[number];
/** '0' normal, '1' disabled, '2' closed (ChestnutCMS's VoteStatus). */
export const VOTE_STATUSES = ['0', '1', '2'] as const;
export type VoteStatus = (typeof VOTE_STATUSES)[number];
/** Who sees the results: '0' nobody, '1' a voter after voting, '2' anyone (ChestnutCMS's VoteViewType). */
export const VOTE_VIEW_TYPES = ['0', '1', '2'] as const;
export type VoteViewType = (typeof VOTE_VIEW_TYPES)[number];
/** Subjects: single choice, multiple choice, free text. */
export const VOTE_SUBJECT_TYPES = ['radio', 'checkbox', 'input'] as const;
export type VoteSubjectType = (typeof VOTE_SUBJECT_TYPES)[number];
/** Item types (ChestnutCMS has one: text). */
export const VOTE_ITEM_TYPES = ['text'] as const;
export type VoteItemType = (typeof VOTE_ITEM_TYPES)[number];

/** A vote or survey. */
@Entity('vote')
export class Vote {
  @PrimaryGeneratedColumn('identity', { name: 'vote_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) voteId: string;
  @Column({ type: 'varchar', length: 50 }) code: string;
  @Column({ type: 'varchar', length: 200 }) title: string;
  @Column({ type: 'char', length: 1, default: '0' }) status: VoteStatus;
  @Column({ name: 'start_time', type: 'timestamptz' }) startTime: Date;
  @Column({ name: 'end_time', type: 'timestamptz' }) endTime: Date;
  @Column({ name: 'user_type', type: 'varchar', length: 16 }) userType: VoteUserType;
  @Column({ name: 'view_type', type: 'char', length: 1, default: '2' }) viewType: VoteViewType;
  @Column({ name: 'day_limit', type: 'int', default: 1 }) dayLimit: number;
  @Column({ name: 'total_limit', type: 'int', default: 1 }) totalLimit: number;
  /** Submissions so far. */
  @Column({ type: 'int', default: 0 }) total: number;
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @Column({ name: 'update_by', type: 'varchar', length: 64, default: '' }) updateBy: string;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
  @Column({ type: 'varchar', length: 500, default: '' }) remark: string;
}

/** A question of a vote. */
@Entity('vote_subject')
export class VoteSubject {
  @PrimaryGeneratedColumn('identity', { name: 'subject_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) subjectId: string;
  @Column({ name: 'vote_id', type: 'bigint' }) voteId: string;
  @Column({ name: 'subject_type', type: 'varchar', length: 16 }) type: VoteSubjectType;
  @Column({ type: 'varchar', length: 500 }) title: string;
  @Column({ name: 'sort_flag', type: 'int', default: 0 }) sortFlag: number;
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @Column({ name: 'update_by', type: 'varchar', length: 64, default: '' }) updateBy: string;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}

/** An option of a choice subject, with its vote count. */
@Entity('vote_item')
export class VoteItem {
  @PrimaryGeneratedColumn('identity', { name: 'item_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) itemId: string;
  @Column({ name: 'vote_id', type: 'bigint' }) voteId: string;
  @Column({ name: 'subject_id', type: 'bigint' }) subjectId: string;
  @Column({ name: 'item_type', type: 'varchar', length: 16, default: 'text' }) type: VoteItemType;
  @Column({ type: 'varchar', length: 500 }) content: string;
  @Column({ type: 'varchar', length: 500, default: '' }) description: string;
  @Column({ name: 'sort_flag', type: 'int', default: 0 }) sortFlag: number;
  @Column({ type: 'int', default: 0 }) total: number;
}
