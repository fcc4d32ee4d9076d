import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** A translation staff can edit: menu titles (`menu.<key>`), dictionary labels, server messages. */
@Entity('sys_i18n_dict')
export class I18nDict extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'dict_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) dictId: string;
  @Column({ name: 'lang_tag', type: 'varchar', length: 20 }) langTag: string;
  @Column({ name: 'lang_key', type: 'varchar', length: 200 }) langKey: string;
  @Column({ name: 'lang_value', type: 'text' }) langValue: string;
}
