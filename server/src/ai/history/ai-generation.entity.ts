import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type AiGenerationStatus = 'running' | 'success' | 'failed' | 'cancelled';

/** One generation of a member (`ai_generation`): the input, the prompt sent and the text answered. */
@Entity('ai_generation')
export class AiGeneration {
  @PrimaryGeneratedColumn('identity', { name: 'generation_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) generationId: string;
  @Column({ name: 'member_id', type: 'bigint' }) memberId: string;
  @Column({ name: 'tool_slug', type: 'varchar', length: 50 }) toolSlug: string;
  @Column({ name: 'tool_name', type: 'varchar', length: 50, default: '' }) toolName: string;
  @Column({ name: 'conversation_id', type: 'uuid', nullable: true }) conversationId: string | null;
  @Column({ type: 'jsonb', default: () => `'{}'` }) input: Record<string, string>;
  @Column({ type: 'text', default: '' }) prompt: string;
  @Column({ type: 'text', default: '' }) output: string;
  @Column({ type: 'varchar', length: 16, default: 'running' }) status: AiGenerationStatus;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @Column({ name: 'finish_time', type: 'timestamptz', nullable: true }) finishTime: Date | null;
  @Column({ name: 'del_flag', type: 'char', length: 1, default: '0', select: false }) delFlag: string;
}
