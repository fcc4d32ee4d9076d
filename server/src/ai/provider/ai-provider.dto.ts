import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
/** http(s), no user or password, no query: the root the OpenAI paths are appended to (`.../v1`). */
export const BASE_URL = /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/;

export class AiProviderQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() @MaxLength(50) providerName?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

export class CreateAiProviderDto {
  @ApiProperty({ maxLength: 50 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(50) providerName: string;
  @ApiProperty({ description: 'OpenAI-compatible root, e.g. https://api.deepseek.com/v1 (…/chat/completions is appended)' })
  @Transform(trimmed)
  @IsString()
  @Matches(BASE_URL, { message: 'ai.provider.baseUrlFormat' })
  @MaxLength(500)
  baseUrl: string;
  @ApiPropertyOptional({ description: 'Write only; empty or absent keeps the stored key' }) @IsOptional() @IsString() @MaxLength(500) apiKey?: string;
  @ApiPropertyOptional({ description: 'Forget the stored key' }) @IsOptional() @IsBoolean() clearApiKey?: boolean;
  @ApiProperty({ maxLength: 200 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(200) model: string;
  @ApiPropertyOptional({ default: 4096 }) @IsOptional() @IsInt() @Min(1) @Max(1_000_000) maxTokens?: number;
  @ApiPropertyOptional({ default: 0.7 }) @IsOptional() @IsNumber() @Min(0) @Max(2) temperature?: number;
  @ApiPropertyOptional({ default: 60000, description: 'Longest wait for the first token, and between two chunks' })
  @IsOptional()
  @IsInt()
  @Min(1000)
  @Max(600_000)
  timeoutMs?: number;
  @ApiPropertyOptional({ default: 8, description: 'Calls at once to this provider' }) @IsOptional() @IsInt() @Min(1) @Max(1000) concurrency?: number;
  @ApiPropertyOptional({ default: 0, description: 'Lower is tried first' }) @IsOptional() @IsInt() @Min(-9999) @Max(9999) priority?: number;
  @ApiPropertyOptional({ enum: ['0', '1'], description: '0 enabled, 1 disabled' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateAiProviderDto extends CreateAiProviderDto {
  @ApiProperty() @Transform(idText) @Matches(ID) providerId: string;
}

export class ChangeAiProviderStatusDto {
  @ApiProperty() @Transform(idText) @Matches(ID) providerId: string;
  @ApiProperty({ enum: ['0', '1'] }) @IsIn(['0', '1']) status: '0' | '1';
}

export class AiProviderDto {
  @ApiProperty() providerId: string;
  @ApiProperty() providerName: string;
  @ApiProperty() baseUrl: string;
  @ApiProperty({ description: 'Whether an API key is stored (the key itself is never answered)' }) apiKeySet: boolean;
  @ApiProperty() model: string;
  @ApiProperty() maxTokens: number;
  @ApiProperty() temperature: number;
  @ApiProperty() timeoutMs: number;
  @ApiProperty() concurrency: number;
  @ApiProperty() priority: number;
  @ApiProperty() status: '0' | '1';
  @ApiProperty() remark: string;
  @ApiProperty() updateTime: Date;
}

/** The outcome of a connection test; what the server answered is never part of it. */
export class AiProviderTestDto {
  @ApiProperty() providerName: string;
  @ApiProperty() model: string;
  @ApiProperty({ description: 'Whether the provider streamed an answer' }) ok: boolean;
  @ApiProperty({ description: 'HTTP status the provider answered, null when none came', nullable: true, type: Number }) status: number | null;
  @ApiProperty({ description: 'First-token time, or the time until the failure' }) latencyMs: number;
  @ApiProperty({ description: 'Short reason of a failure (empty when ok)' }) reason: string;
}

export class AiProviderSummaryDto {
  @ApiProperty({ description: 'Enabled providers of the back office' }) enabled: number;
  @ApiProperty({ description: 'The provider given by LLM_BASE_URL, if any (no key)', nullable: true, type: Object })
  env: { baseUrl: string; model: string } | null;
}
