import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** An OpenAI-compatible chat completions server (`ai_provider`); enabled ones are tried by ascending priority. */
@Entity('ai_provider')
export class AiProvider extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'provider_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) providerId: string;
  @Column({ name: 'provider_name', type: 'varchar', length: 50 }) providerName: string;
  @Column({ name: 'base_url', type: 'varchar', length: 500 }) baseUrl: string;
  /** Sealed by SecretBox; never answered. */
  @Column({ name: 'api_key', type: 'text', default: '', select: false }) apiKey: string;
  @Column({ type: 'varchar', length: 200 }) model: string;
  @Column({ name: 'max_tokens', type: 'int', default: 4096 }) maxTokens: number;
  @Column({ type: 'double precision', default: 0.7 }) temperature: number;
  @Column({ name: 'timeout_ms', type: 'int', default: 60000 }) timeoutMs: number;
  @Column({ type: 'int', default: 8 }) concurrency: number;
  @Column({ type: 'int', default: 0 }) priority: number;
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
}
