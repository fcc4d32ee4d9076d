import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { AI_CONVERSATION } from '@zhiwen/shared';

export class ChatTurnDto {
  @ApiProperty({ enum: ['user', 'assistant'] }) @IsIn(['user', 'assistant']) role: 'user' | 'assistant';
  @ApiProperty() @IsString() @MaxLength(AI_CONVERSATION.maxTurnLength) content: string;
}

export class GenerateDto {
  @ApiProperty({
    description: "Values of the tool's fields, e.g. {title, coreContent, length}",
    example: { title: '春天', coreContent: '写一篇踏青的短文' },
  })
  @IsObject()
  fields: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Conversational tools (/aiwnwd): continue this conversation (earlier turns are loaded)' })
  @IsOptional()
  @IsUUID()
  conversationId?: string;

  @ApiPropertyOptional({ type: [ChatTurnDto], description: 'Conversational tools: the earlier turns, when the client keeps them instead' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(AI_CONVERSATION.maxTurns * 2)
  @ValidateNested({ each: true })
  @Type(() => ChatTurnDto)
  history?: ChatTurnDto[];
}
