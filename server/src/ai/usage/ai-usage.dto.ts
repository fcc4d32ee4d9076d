import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class AiUsageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the member user name' }) @IsOptional() @IsString() @MaxLength(30) memberName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) toolSlug?: string;
  @ApiPropertyOptional({ description: 'Part of the provider name' }) @IsOptional() @IsString() @MaxLength(50) providerName?: string;
  @ApiPropertyOptional({ enum: ['success', 'failed', 'cancelled'] }) @IsOptional() @IsIn(['success', 'failed', 'cancelled']) status?: string;
  @ApiPropertyOptional({ description: 'On or after (YYYY-MM-DD)' }) @IsOptional() @Matches(DATE) beginTime?: string;
  @ApiPropertyOptional({ description: 'On or before (YYYY-MM-DD)' }) @IsOptional() @Matches(DATE) endTime?: string;
}

export class AiUsageDto {
  @ApiProperty() usageId: string;
  @ApiProperty({ nullable: true, type: String }) memberId: string | null;
  @ApiProperty() memberName: string;
  @ApiProperty() toolSlug: string;
  @ApiProperty({ nullable: true, type: String }) generationId: string | null;
  @ApiProperty({ nullable: true, type: String }) providerId: string | null;
  @ApiProperty() providerName: string;
  @ApiProperty() model: string;
  @ApiProperty() promptTokens: number;
  @ApiProperty() completionTokens: number;
  @ApiProperty({ nullable: true, type: Number }) firstTokenMs: number | null;
  @ApiProperty() latencyMs: number;
  @ApiProperty({ enum: ['success', 'failed', 'cancelled'] }) status: string;
  @ApiProperty() errorMsg: string;
  @ApiProperty() ipaddr: string;
  @ApiProperty() createTime: Date;
}
