import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** A system parameter (`sys_config`): a named key with a string value; fixed ones (`Y`) cannot be deleted. */
@Entity('sys_config')
export class SysConfig extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'config_id', type: 'bigint', generatedIdentity: 'ALWAYS' })
  configId: string;

  @Column({ name: 'config_name', type: 'varchar', length: 100 })
  configName: string;

  @Column({ name: 'config_key', type: 'varchar', length: 100, unique: true })
  configKey: string;

  @Column({ name: 'config_value', type: 'text' })
  configValue: string;

  @Column({ name: 'config_type', type: 'char', length: 1, default: 'N' })
  configType: 'Y' | 'N';
}
