import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

export type IpRuleType = 'allow' | 'deny';

/** An address rule of the API (`sys_ip_rule`): deny a network, or allow only listed networks. */
@Entity('sys_ip_rule')
export class SysIpRule extends AuditedEntity {
  @ApiProperty({ description: 'bigint as string' })
  @PrimaryGeneratedColumn('identity', { name: 'rule_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  ruleId: string;

  @ApiProperty({ enum: ['allow', 'deny'], description: 'Dict sys_ip_rule_type' })
  @Column({ name: 'rule_type', type: 'varchar', length: 10 })
  ruleType: IpRuleType;

  @ApiProperty({ example: '192.168.1.0/24' })
  @Column({ type: 'cidr' })
  cidr: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'The rule stops applying at this time; null = never' })
  @Column({ name: 'expire_time', type: 'timestamptz', nullable: true })
  expireTime: Date | null;

  @ApiProperty({ enum: ['0', '1'], description: '0 enabled, 1 disabled' })
  @Column({ type: 'char', length: 1, default: '0' })
  status: '0' | '1';
}
