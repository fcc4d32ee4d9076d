import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

export const PasswordRule = {
  NONE: 'NONE',
  LETTER_DIGIT: 'LETTER_DIGIT',
  UPPER_LOWER_DIGIT: 'UPPER_LOWER_DIGIT',
  LETTER_DIGIT_SPECIAL: 'LETTER_DIGIT_SPECIAL',
  UPPER_LOWER_DIGIT_SPECIAL: 'UPPER_LOWER_DIGIT_SPECIAL',
} as const;
export type PasswordRuleValue = (typeof PasswordRule)[keyof typeof PasswordRule];
export const RetryStrategy = { NONE: 'NONE', LOCK: 'LOCK', DISABLE: 'DISABLE' } as const;
export type RetryStrategyValue = (typeof RetryStrategy)[keyof typeof RetryStrategy];

/** A password and login policy; exactly one is active (status '0'). */
@Entity('sys_security_config')
export class SecurityConfig extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'config_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) configId: string;
  @Column({ type: 'char', length: 1, default: '1' }) status: '0' | '1';
  @Column({ name: 'password_len_min', type: 'int', default: 6 }) passwordLenMin: number;
  @Column({ name: 'password_len_max', type: 'int', default: 24 }) passwordLenMax: number;
  @Column({ name: 'password_rule', type: 'varchar', length: 40, default: PasswordRule.LETTER_DIGIT }) passwordRule: PasswordRuleValue;
  /** Refuse passwords containing the account name, phone or email. */
  @Column({ name: 'password_sensitive', type: 'boolean', default: true }) passwordSensitive: boolean;
  /** One weak password per line. */
  @Column({ name: 'weak_passwords', type: 'text', default: '' }) weakPasswords: string;
  @Column({ name: 'password_expire_seconds', type: 'int', default: 0 }) passwordExpireSeconds: number;
  @Column({ name: 'password_retry_limit', type: 'int', default: 5 }) passwordRetryLimit: number;
  @Column({ name: 'password_retry_strategy', type: 'varchar', length: 10, default: RetryStrategy.LOCK }) passwordRetryStrategy: RetryStrategyValue;
  @Column({ name: 'password_retry_lock_seconds', type: 'int', default: 3600 }) passwordRetryLockSeconds: number;
  @Column({ name: 'force_modify_pwd_after_add', type: 'boolean', default: false }) forceModifyPwdAfterAdd: boolean;
  @Column({ name: 'force_modify_pwd_after_reset', type: 'boolean', default: false }) forceModifyPwdAfterReset: boolean;
}

/** The seeded policy's values; also what a new policy starts with and what login enforces when none is active. */
export const POLICY_DEFAULTS = {
  passwordLenMin: 6,
  passwordLenMax: 24,
  passwordRule: PasswordRule.LETTER_DIGIT as PasswordRuleValue,
  passwordSensitive: true,
  weakPasswords: '',
  passwordExpireSeconds: 0,
  passwordRetryLimit: 5,
  passwordRetryStrategy: RetryStrategy.LOCK as RetryStrategyValue,
  passwordRetryLockSeconds: 3600,
  forceModifyPwdAfterAdd: false,
  forceModifyPwdAfterReset: false,
};
