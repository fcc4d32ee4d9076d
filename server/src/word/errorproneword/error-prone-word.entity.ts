import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../../cms/common/audit-columns';

/** An error-prone word (易错词) and the word that replaces it; one list for all sites, as ChestnutCMS. */
@Entity('cms_error_prone_word')
export class ErrorProneWord extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'word_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) wordId: string;
  @Column({ type: 'varchar', length: 100 }) word: string;
  @Column({ name: 'replace_word', type: 'varchar', length: 100 }) replaceWord: string;
}
