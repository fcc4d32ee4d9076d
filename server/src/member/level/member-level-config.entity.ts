import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** One level of a level track (`member_level_config`): reached with the sum of `nextNeedExp` of the levels below. */
@Entity('member_level_config')
export class MemberLevelConfig extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'config_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) configId: string;
  @Column({ name: 'level_type', type: 'varchar', length: 20, default: 'exp' }) levelType: string;
  @Column({ type: 'int' }) level: number;
  @Column({ name: 'level_name', type: 'varchar', length: 50 }) levelName: string;
  /** Exp needed from this level to the next one (ignored on the top level). */
  @Column({ name: 'next_need_exp', type: 'int', default: 0 }) nextNeedExp: number;
}
