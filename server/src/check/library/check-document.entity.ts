import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DocumentStatus, OriginType } from './check-library.constants';

/**
 * A source document of a comparison library (`check_document`). Its text is in `check_document_text` and its
 * fingerprints in `check_fingerprint`, both keyed by `doc_id`, the engine's document id.
 */
@Entity('check_document')
export class CheckDocument {
  @PrimaryGeneratedColumn('identity', { name: 'doc_id', type: 'int', generatedIdentity: 'BY DEFAULT' }) docId: number;
  @Column({ name: 'library_id', type: 'bigint' }) libraryId: string;
  @Column({ type: 'varchar', length: 255, default: '' }) title: string;
  @Column({ type: 'varchar', length: 100, default: '' }) author: string;
  /** File name (path inside a zip), CMS content id or check order id. */
  @Column({ type: 'varchar', length: 500, default: '' }) origin: string;
  @Column({ name: 'origin_type', type: 'varchar', length: 16 }) originType: OriginType;
  /** The member whose paper this is (self library). */
  @Column({ name: 'member_id', type: 'bigint', nullable: true }) memberId: string | null;
  @Column({ name: 'paper_md5', type: 'varchar', length: 32, default: '' }) paperMd5: string;
  /** FILE_STORAGE key of the uploaded file; empty for texts handed over by the CMS or a check. */
  @Column({ name: 'file_key', type: 'varchar', length: 255, default: '' }) fileKey: string;
  @Column({ name: 'file_size', type: 'int', default: 0 }) fileSize: number;
  /** Characters of the text, whitespace not counted. */
  @Column({ name: 'char_count', type: 'int', default: 0 }) charCount: number;
  @Column({ name: 'fingerprint_count', type: 'int', default: 0 }) fingerprintCount: number;
  @Column({ type: 'varchar', length: 16, default: 'pending' }) status: DocumentStatus;
  /** Message key of the failure (`check.input.*`, ...) and its arguments, translated per request. */
  @Column({ name: 'error_key', type: 'varchar', length: 64, default: '' }) errorKey: string;
  @Column({ name: 'error_args', type: 'jsonb', default: () => `'{}'::jsonb` }) errorArgs: Record<string, string | number>;
  @Column({ name: 'indexed_time', type: 'timestamptz', nullable: true }) indexedTime: Date | null;
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}
