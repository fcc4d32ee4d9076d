import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { AI_FIELD_MAX_LENGTH, type AiFieldType } from '@zhiwen/shared';
import { PageQueryDto } from '../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class AiToolQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name or slug' }) @IsOptional() @IsString() @MaxLength(50) toolName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) category?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

export class AiFieldOptionDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(50) value: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(50) label: string;
}

export class AiToolFieldDto {
  @ApiProperty({ description: 'Value key and template name' })
  @IsString()
  @Matches(/^[A-Za-z][A-Za-z0-9_]{0,29}$/, { message: 'ai.tool.fieldNameFormat' })
  name: string;
  @ApiProperty() @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(30) label: string;
  @ApiProperty({ enum: ['text', 'textarea', 'select'] }) @IsIn(['text', 'textarea', 'select']) type: AiFieldType;
  @ApiProperty() @IsBoolean() required: boolean;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(AI_FIELD_MAX_LENGTH) minLength?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) @Max(AI_FIELD_MAX_LENGTH) maxLength?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) placeholder?: string;
  @ApiPropertyOptional({ type: [AiFieldOptionDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => AiFieldOptionDto)
  options?: AiFieldOptionDto[];
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) defaultValue?: string;
}

export class AiLevelQuotaDto {
  @ApiProperty() @IsInt() @Min(0) @Max(9999) level: number;
  @ApiProperty({ description: 'Uses per day; 0 = unlimited' }) @IsInt() @Min(0) @Max(100_000) quota: number;
}

export class UpdateAiToolDto {
  @ApiProperty() @Transform(idText) @Matches(ID) toolId: string;
  @ApiProperty() @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(50) toolName: string;
  @ApiPropertyOptional() @IsOptional() @Transform(trimmed) @IsString() @MaxLength(50) category?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) description?: string;
  @ApiProperty({ type: [AiToolFieldDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => AiToolFieldDto)
  fields: AiToolFieldDto[];
  @ApiProperty({ description: '{{name}} and {{#if name}}…{{else}}…{{/if}}' }) @IsString() @IsNotEmpty() @MaxLength(20_000) promptTemplate: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(99_999) sort?: number;
  @ApiPropertyOptional({ type: [Number], description: 'Member levels allowed; empty = all' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsInt({ each: true })
  @Min(0, { each: true })
  memberLevels?: number[];
  @ApiPropertyOptional({ description: 'Uses per member and day; 0 = unlimited' }) @IsOptional() @IsInt() @Min(0) @Max(100_000) dailyQuota?: number;
  @ApiPropertyOptional({ type: [AiLevelQuotaDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => AiLevelQuotaDto)
  levelQuotas?: AiLevelQuotaDto[];
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class ChangeAiToolStatusDto {
  @ApiProperty() @Transform(idText) @Matches(ID) toolId: string;
  @ApiProperty({ enum: ['0', '1'] }) @IsIn(['0', '1']) status: '0' | '1';
}

export class PreviewAiToolDto {
  @ApiProperty() @Transform(idText) @Matches(ID) toolId: string;
  @ApiProperty({ description: 'Field values to fill the template with' }) @IsObject() fields: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'An unsaved template to try; default the stored one' })
  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  promptTemplate?: string;
  @ApiPropertyOptional({ description: 'Field definitions to try with it; default the stored ones' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => AiToolFieldDto)
  toolFields?: AiToolFieldDto[];
  @ApiPropertyOptional({ description: 'Provider to call; default the gateway order' })
  @IsOptional()
  @Transform(idText)
  @Matches(ID)
  providerId?: string;
  @ApiPropertyOptional({ description: 'Only render the prompt, call no provider' }) @IsOptional() @IsBoolean() promptOnly?: boolean;
}

export class AiToolPreviewResultDto {
  @ApiProperty() prompt: string;
  @ApiProperty() output: string;
  @ApiProperty() providerName: string;
  @ApiProperty() model: string;
  @ApiProperty() latencyMs: number;
}

export class AiToolAdminDto {
  @ApiProperty() toolId: string;
  @ApiProperty() slug: string;
  @ApiProperty() toolName: string;
  @ApiProperty() category: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: [AiToolFieldDto] }) fields: AiToolFieldDto[];
  @ApiProperty() promptTemplate: string;
  @ApiProperty() outputFormat: string;
  @ApiProperty() conversational: boolean;
  @ApiProperty() status: '0' | '1';
  @ApiProperty() sort: number;
  @ApiProperty({ type: [Number] }) memberLevels: number[];
  @ApiProperty() dailyQuota: number;
  @ApiProperty({ type: [AiLevelQuotaDto] }) levelQuotas: AiLevelQuotaDto[];
  @ApiProperty() updateTime: Date;
}

export class AiToolPublicDto {
  @ApiProperty() slug: string;
  @ApiProperty() name: string;
  @ApiProperty() category: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: [AiToolFieldDto], description: 'minLength/maxLength are the limits in force (spec 9 included)' }) fields: AiToolFieldDto[];
  @ApiProperty({ enum: ['markdown'] }) outputFormat: 'markdown';
  @ApiProperty() conversational: boolean;
  @ApiProperty() sort: number;
  @ApiProperty({ description: 'Uses per member and day (0 = unlimited), for the default level' }) dailyQuota: number;
}

export class AiToolCatalogDto {
  @ApiProperty({ type: [AiToolPublicDto] }) tools: AiToolPublicDto[];
  @ApiProperty({ description: 'False while the site has no AI provider: generation is refused with a clear message' }) providerReady: boolean;
}
