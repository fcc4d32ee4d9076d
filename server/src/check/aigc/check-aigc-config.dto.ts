import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';

export const AIGC_BACKENDS = ['offline', 'logprob'] as const;

export class UpdateAigcConfigDto {
  @ApiProperty({ enum: AIGC_BACKENDS }) @IsIn(AIGC_BACKENDS) backend: 'offline' | 'logprob';
  @ApiPropertyOptional({ description: 'OpenAI-compatible server root, e.g. http://127.0.0.1:8000 (vLLM, llama.cpp)' })
  @ValidateIf((o: UpdateAigcConfigDto) => o.backend === 'logprob' || !!o.baseUrl)
  @Matches(/^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/, { message: 'check.aigc.baseUrlFormat' })
  @MaxLength(500)
  baseUrl?: string;
  @ApiPropertyOptional()
  @ValidateIf((o: UpdateAigcConfigDto) => o.backend === 'logprob')
  @IsString()
  @MaxLength(200)
  @Matches(/\S/, { message: 'check.aigc.modelRequired' })
  model?: string;
  @ApiPropertyOptional({ description: 'Write only; empty or absent keeps the stored key' }) @IsOptional() @IsString() @MaxLength(500) apiKey?: string;
  @ApiPropertyOptional({ description: 'Forget the stored key' }) @IsOptional() clearApiKey?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsNumber() @Min(1000) @Max(600_000) timeoutMs?: number;
  @ApiPropertyOptional({ description: 'score = sigmoid((criterion - center) / scale)' })
  @IsOptional()
  @IsNumber()
  @Min(-100)
  @Max(100)
  calibrationCenter?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() @Min(0.01) @Max(100) calibrationScale?: number;
  @ApiPropertyOptional({ description: "Weight of the LLM's log-odds beside the offline model's: 1 = the LLM alone, 0 = the offline model alone" })
  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(1)
  llmWeight?: number;
}

export class TestAigcConfigDto {
  @ApiPropertyOptional({ description: 'Text to score (default: a sample paragraph)' }) @IsOptional() @IsString() @MaxLength(2000) text?: string;
}

export class AigcConfigDto {
  @ApiProperty({ enum: AIGC_BACKENDS }) backend: 'offline' | 'logprob';
  @ApiProperty() baseUrl: string;
  @ApiProperty() model: string;
  @ApiProperty({ description: 'Whether an API key is stored (the key itself is never answered)' }) apiKeySet: boolean;
  @ApiProperty() timeoutMs: number;
  @ApiProperty() calibrationCenter: number;
  @ApiProperty() calibrationScale: number;
  @ApiProperty({ description: "Weight of the LLM's log-odds in the ensemble with the offline model" }) llmWeight: number;
  @ApiProperty() updateBy: string;
  @ApiProperty() updateTime: Date;
}

export class AigcTestResultDto {
  @ApiProperty({ description: '0-1, higher = more AI-like' }) score: number;
  @ApiProperty() model: string;
  @ApiProperty() latencyMs: number;
}
