import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type AiCallStatus = 'success' | 'failed' | 'cancelled';

/** One upstream LLM call (`ai_usage_log`): who, which tool and provider, tokens, latency and outcome. */
@Entity('ai_usage_log')
export class AiUsageLog {
  @PrimaryGeneratedColumn('identity', { name: 'usage_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) usageId: string;
  @Column({ name: 'member_id', type: 'bigint', nullable: true }) memberId: string | null;
  @Column({ name: 'member_name', type: 'varchar', length: 30, default: '' }) memberName: string;
  @Column({ name: 'tool_slug', type: 'varchar', length: 50, default: '' }) toolSlug: string;
  @Column({ name: 'generation_id', type: 'bigint', nullable: true }) generationId: string | null;
  @Column({ name: 'provider_id', type: 'bigint', nullable: true }) providerId: string | null;
  @Column({ name: 'provider_name', type: 'varchar', length: 50, default: '' }) providerName: string;
  @Column({ type: 'varchar', length: 200, default: '' }) model: string;
  @Column({ name: 'prompt_tokens', type: 'int', default: 0 }) promptTokens: number;
  @Column({ name: 'completion_tokens', type: 'int', default: 0 }) completionTokens: number;
  @Column({ name: 'first_token_ms', type: 'int', nullable: true }) firstTokenMs: number | null;
  @Column({ name: 'latency_ms', type: 'int', default: 0 }) latencyMs: number;
  @Column({ type: 'varchar', length: 16 }) status: AiCallStatus;
  @Column({ name: 'error_msg', type: 'varchar', length: 500, default: '' }) errorMsg: string;
  @Column({ type: 'varchar', length: 128, default: '' }) ipaddr: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
}
