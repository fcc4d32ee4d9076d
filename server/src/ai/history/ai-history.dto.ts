import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

export class AiHistoryQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) toolSlug?: string;
  @ApiPropertyOptional({ description: 'Turns of one conversation, oldest first' }) @IsOptional() @IsUUID() conversationId?: string;
}

export class AiGenerationDto {
  @ApiProperty() generationId: string;
  @ApiProperty() toolSlug: string;
  @ApiProperty() toolName: string;
  @ApiProperty({ nullable: true, type: String }) conversationId: string | null;
  @ApiProperty({ description: 'The field values sent' }) input: Record<string, string>;
  @ApiProperty({ description: 'The generated Markdown' }) output: string;
  @ApiProperty({ enum: ['running', 'success', 'failed', 'cancelled'] }) status: string;
  @ApiProperty() createTime: Date;
  @ApiProperty({ nullable: true, type: Date }) finishTime: Date | null;
}
