import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../common/paging/page-query.dto';
import { TimeRangeQueryDto } from '../common/paging/time-range';

const ID = /^[1-9]\d{0,17}$/;
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
/** Longest comment. */
export const MAX_COMMENT_LENGTH = 1000;
export const AUDIT_STATUSES = ['0', '1', '2'] as const;

export class CommentQueryDto extends TimeRangeQueryDto {
  @ApiPropertyOptional({ description: 'Content id' }) @IsOptional() @Transform(idText) @Matches(ID, { message: 'error.badId' }) dataId?: string;
  @ApiPropertyOptional({ enum: AUDIT_STATUSES, description: "'0' waiting, '1' passed, '2' not passed" })
  @IsOptional()
  @IsIn(AUDIT_STATUSES)
  auditStatus?: '0' | '1' | '2';
  @ApiPropertyOptional({ description: 'Member id' }) @IsOptional() @Transform(idText) @Matches(ID, { message: 'error.badId' }) memberId?: string;
  @ApiPropertyOptional({ description: 'Part of the member name' }) @IsOptional() @IsString() @MaxLength(64) memberName?: string;
  @ApiPropertyOptional({ description: 'Part of the text' }) @IsOptional() @IsString() @MaxLength(200) commentText?: string;
}

export class CommentAuditDto {
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'number' ? String(v) : v)) : value))
  @Matches(ID, { each: true, message: 'error.badId' })
  commentIds: string[];
  @ApiProperty({ enum: ['1', '2'], description: "'1' pass, '2' not pass" })
  @IsIn(['1', '2'], { message: 'comment.badAuditStatus' })
  auditStatus: '1' | '2';
}

export class SubmitCommentDto {
  @ApiProperty({ description: 'Content id' }) @Transform(idText) @Matches(ID, { message: 'error.badId' }) dataId: string;
  @ApiPropertyOptional({ enum: ['content'], default: 'content' }) @IsOptional() @IsIn(['content'], { message: 'comment.badType' }) dataType?: string;
  @ApiProperty({ maxLength: MAX_COMMENT_LENGTH }) @IsString({ message: 'comment.textRequired' }) @MaxLength(20_000) content: string;
  @ApiPropertyOptional({ description: 'The comment replied to' })
  @IsOptional()
  @Transform(idText)
  @Matches(ID, { message: 'error.badId' })
  parentId?: string;
}

export class PublicCommentQueryDto extends PageQueryDto {}

/** A comment as the staff list answers it. */
export class CommentDto {
  @ApiProperty() commentId: string;
  @ApiProperty() siteId: string;
  @ApiProperty() dataType: string;
  @ApiProperty() dataId: string;
  @ApiProperty() dataTitle: string;
  @ApiProperty() parentId: string;
  @ApiProperty() memberId: string;
  @ApiProperty() memberName: string;
  @ApiProperty() replyMemberName: string;
  @ApiProperty() commentText: string;
  @ApiProperty({ enum: AUDIT_STATUSES }) auditStatus: string;
  @ApiProperty() auditBy: string;
  @ApiProperty({ nullable: true }) auditTime: Date | null;
  @ApiProperty() replyCount: number;
  @ApiProperty() likeCount: number;
  @ApiProperty() ip: string;
  @ApiProperty() createTime: Date;
}

/** A comment as the public API answers it. */
export class PublicCommentDto {
  @ApiProperty() commentId: string;
  @ApiProperty() parentId: string;
  @ApiProperty() memberId: string;
  @ApiProperty() memberName: string;
  @ApiProperty() replyMemberName: string;
  @ApiProperty() content: string;
  @ApiProperty() replyCount: number;
  @ApiProperty() likeCount: number;
  @ApiProperty() createTime: Date;
}

export class CommentLikeDto {
  @ApiProperty() memberId: string;
  @ApiProperty() memberName: string;
  @ApiProperty() createTime: Date;
}

export class SubmittedCommentDto extends PublicCommentDto {
  @ApiProperty({ enum: AUDIT_STATUSES, description: "'1' shown at once (auto-pass), '0' waiting for audit" }) auditStatus: string;
}

export class LikeResultDto {
  @ApiProperty({ description: 'Whether the member likes the comment now' }) liked: boolean;
  @ApiProperty() likeCount: number;
}
