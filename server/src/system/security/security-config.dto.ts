import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { SECURITY } from '@zhiwen/shared';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { PasswordRule, RetryStrategy, type PasswordRuleValue, type RetryStrategyValue } from './security-config.entity';

const ID = /^[1-9]\d{0,17}$/;
const ID_LIST = /^[1-9]\d{0,17}(,[1-9]\d{0,17}){0,99}$/;
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** Longest password a policy may ask for (argon2 hashes anything, but longer is no safer). */
export const PASSWORD_LEN_LIMIT = 128;
/** Largest daily retry limit; beyond it a limit means nothing. */
export const RETRY_LIMIT_MAX = 10_000;

export class SecurityConfigQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['0', '1'], description: "'0' the active policy, '1' inactive ones" }) @IsOptional() @IsIn(['0', '1']) status?:
    '0' | '1';
}

export class ConfigIdParam {
  @ApiProperty() @Matches(ID, { message: 'securityConfig.idInvalid' }) configId: string;
}

export class ConfigIdsParam {
  @ApiProperty({ description: 'Comma-separated policy ids, e.g. 1,2' }) @Matches(ID_LIST, { message: 'securityConfig.idInvalid' }) configIds: string;
}

/** The rules of a policy; a field left out keeps its current (or default) value. */
export class SecurityConfigFieldsDto {
  @ApiPropertyOptional({ minimum: 1, maximum: PASSWORD_LEN_LIMIT, default: 6 })
  @IsOptional()
  @IsInt()
  @Min(1, { message: 'securityConfig.lenMinRange' })
  @Max(PASSWORD_LEN_LIMIT, { message: 'securityConfig.lenMinRange' })
  passwordLenMin?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: PASSWORD_LEN_LIMIT, default: 24, description: 'At least passwordLenMin' })
  @IsOptional()
  @IsInt()
  @Min(1, { message: 'securityConfig.lenMaxRange' })
  @Max(PASSWORD_LEN_LIMIT, { message: 'securityConfig.lenMaxRange' })
  passwordLenMax?: number;

  @ApiPropertyOptional({ enum: Object.values(PasswordRule), default: PasswordRule.LETTER_DIGIT })
  @IsOptional()
  @IsIn(Object.values(PasswordRule), { message: 'securityConfig.ruleInvalid' })
  passwordRule?: PasswordRuleValue;

  @ApiPropertyOptional({ description: 'Refuse passwords containing the account name, phone or email', default: true })
  @IsOptional()
  @IsBoolean()
  passwordSensitive?: boolean;

  @ApiPropertyOptional({ description: 'Weak passwords, one per line' })
  // Decorators apply bottom-up: the type check comes first, so a list gets "must be text", not a length message.
  @IsOptional()
  @MaxLength(20_000)
  @IsString()
  weakPasswords?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: SECURITY.passwordExpiryMaxSeconds, description: '0 = never expires; at most 100 days' })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'securityConfig.expireRange' })
  @Max(SECURITY.passwordExpiryMaxSeconds, { message: 'securityConfig.expireRange' })
  passwordExpireSeconds?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: RETRY_LIMIT_MAX, description: 'Wrong passwords allowed per day; 0 = unlimited' })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'securityConfig.retryLimitRange' })
  @Max(RETRY_LIMIT_MAX, { message: 'securityConfig.retryLimitRange' })
  passwordRetryLimit?: number;

  @ApiPropertyOptional({ enum: Object.values(RetryStrategy), default: RetryStrategy.LOCK })
  @IsOptional()
  @IsIn(Object.values(RetryStrategy), { message: 'securityConfig.retryStrategyInvalid' })
  passwordRetryStrategy?: RetryStrategyValue;

  @ApiPropertyOptional({ minimum: 0, maximum: SECURITY.lockMaxSeconds, description: 'Lock time after the limit; at most 365 days' })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'securityConfig.lockRange' })
  @Max(SECURITY.lockMaxSeconds, { message: 'securityConfig.lockRange' })
  passwordRetryLockSeconds?: number;

  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() forceModifyPwdAfterAdd?: boolean;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() forceModifyPwdAfterReset?: boolean;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateSecurityConfigDto extends SecurityConfigFieldsDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'securityConfig.idInvalid' }) configId: string;
}

/** A policy as the API answers it. */
export class SecurityConfigDto {
  @ApiProperty() configId: string;
  @ApiProperty({ enum: ['0', '1'], description: "'0' = the active policy (only one)" }) status: string;
  @ApiProperty() passwordLenMin: number;
  @ApiProperty() passwordLenMax: number;
  @ApiProperty({ enum: Object.values(PasswordRule) }) passwordRule: string;
  @ApiProperty() passwordSensitive: boolean;
  @ApiProperty() weakPasswords: string;
  @ApiProperty() passwordExpireSeconds: number;
  @ApiProperty() passwordRetryLimit: number;
  @ApiProperty({ enum: Object.values(RetryStrategy) }) passwordRetryStrategy: string;
  @ApiProperty() passwordRetryLockSeconds: number;
  @ApiProperty() forceModifyPwdAfterAdd: boolean;
  @ApiProperty() forceModifyPwdAfterReset: boolean;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateTime: Date;
}
