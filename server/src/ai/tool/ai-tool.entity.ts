import type { AiToolField } from '@zhiwen/shared';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** A daily quota for members of one level (overrides the tool's `dailyQuota`). */
export interface AiLevelQuota {
  level: number;
  quota: number;
}

/** One AI writing tool of the catalog (`ai_tool`), seeded from the shared package and edited by staff. */
@Entity('ai_tool')
export class AiTool extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'tool_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) toolId: string;
  @Column({ type: 'varchar', length: 50 }) slug: string;
  @Column({ name: 'tool_name', type: 'varchar', length: 50 }) toolName: string;
  @Column({ type: 'varchar', length: 50, default: '' }) category: string;
  @Column({ type: 'varchar', length: 500, default: '' }) description: string;
  @Column({ type: 'jsonb', default: () => `'[]'` }) fields: AiToolField[];
  @Column({ name: 'prompt_template', type: 'text' }) promptTemplate: string;
  @Column({ name: 'output_format', type: 'varchar', length: 20, default: 'markdown' }) outputFormat: 'markdown';
  @Column({ type: 'boolean', default: false }) conversational: boolean;
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
  @Column({ type: 'int', default: 0 }) sort: number;
  /** Member levels allowed to use the tool; empty = every level. */
  @Column({ name: 'member_levels', type: 'int', array: true, default: () => `'{}'` }) memberLevels: number[];
  /** Uses per member and day; 0 = unlimited. */
  @Column({ name: 'daily_quota', type: 'int', default: 0 }) dailyQuota: number;
  @Column({ name: 'level_quotas', type: 'jsonb', default: () => `'[]'` }) levelQuotas: AiLevelQuota[];
}
