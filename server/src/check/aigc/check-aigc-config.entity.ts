import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The AI-content scoring backend of checks (`check_aigc_config`, one row): the offline model, or an LLM-logprob server. */
@Entity('check_aigc_config')
export class CheckAigcConfig {
  @PrimaryColumn({ name: 'config_id', type: 'smallint' }) configId: number;
  @Column({ type: 'varchar', length: 16 }) backend: 'offline' | 'logprob';
  @Column({ name: 'base_url', type: 'varchar', length: 500, default: '' }) baseUrl: string;
  @Column({ type: 'varchar', length: 200, default: '' }) model: string;
  /** Sealed by SecretBox; never answered. */
  @Column({ name: 'api_key', type: 'text', default: '', select: false }) apiKey: string;
  @Column({ name: 'timeout_ms', type: 'int', default: 30000 }) timeoutMs: number;
  @Column({ name: 'calibration_center', type: 'double precision', default: 1 }) calibrationCenter: number;
  @Column({ name: 'calibration_scale', type: 'double precision', default: 1 }) calibrationScale: number;
  /** Weight of the LLM's log-odds beside the offline model's (the ensemble); 1 = the LLM alone. */
  @Column({ name: 'llm_weight', type: 'double precision', default: 0.5 }) llmWeight: number;
  @Column({ name: 'update_by', type: 'varchar', length: 64, default: '' }) updateBy: string;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}
