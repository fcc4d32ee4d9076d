import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../../cms/common/audit-columns';
import type { SensitiveWordType } from './sensitive-matcher';

/** A sensitive word (refused or masked where text is checked) or a whitelist word (an occurrence it covers is allowed). */
@Entity('cms_sensitive_word')
export class CmsSensitiveWord extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'word_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) wordId: string;
  /** Unique regardless of case. */
  @Column({ type: 'varchar', length: 255 }) word: string;
  @Column({ name: 'word_type', type: 'varchar', length: 16, default: 'sensitive' }) wordType: SensitiveWordType;
  /** What masking puts in place of the word; '' = one `*` per character. */
  @Column({ name: 'replace_word', type: 'varchar', length: 255, default: '' }) replaceWord: string;
}
