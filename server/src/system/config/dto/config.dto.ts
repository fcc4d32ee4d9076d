import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Parameter keys: letters, digits, dot, underscore, dash (`sys.account.captchaEnabled`). */
export const CONFIG_KEY = /^[A-Za-z0-9._-]+$/;

export class ConfigQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Name contains' }) @IsOptional() @IsString() @MaxLength(100) configName?: string;
  @ApiPropertyOptional({ description: 'Key contains' }) @IsOptional() @IsString() @MaxLength(100) configKey?: string;
  @ApiPropertyOptional({ enum: ['Y', 'N'], description: 'Built-in (Y) or not (N)' }) @IsOptional() @IsIn(['Y', 'N']) configType?: 'Y' | 'N';
  @ApiPropertyOptional({ description: 'Created on or after (YYYY-MM-DD)' }) @IsOptional() @Matches(DATE) beginTime?: string;
  @ApiPropertyOptional({ description: 'Created on or before (YYYY-MM-DD)' }) @IsOptional() @Matches(DATE) endTime?: string;
}

export class CreateConfigDto {
  @ApiProperty({ maxLength: 100 }) @IsString() @IsNotEmpty() @Length(1, 100) configName: string;
  @ApiProperty({ maxLength: 100, pattern: CONFIG_KEY.source }) @IsString() @IsNotEmpty() @Length(1, 100) @Matches(CONFIG_KEY) configKey: string;
  @ApiProperty({ maxLength: 500 }) @IsDefined() @IsString() @MaxLength(500) configValue: string;
  @ApiPropertyOptional({ enum: ['Y', 'N'], default: 'N', description: 'Built-in parameters cannot be deleted' })
  @IsOptional()
  @IsIn(['Y', 'N'])
  configType?: 'Y' | 'N';
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateConfigDto extends CreateConfigDto {
  @ApiProperty() @Matches(ID) configId: string;
}

/** A parameter as the API answers it. */
export class ConfigDto {
  @ApiProperty() configId: string;
  @ApiProperty() configName: string;
  @ApiProperty() configKey: string;
  @ApiProperty() configValue: string;
  @ApiProperty({ enum: ['Y', 'N'] }) configType: string;
  @ApiProperty() remark: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateBy: string;
  @ApiProperty() updateTime: Date;
}
