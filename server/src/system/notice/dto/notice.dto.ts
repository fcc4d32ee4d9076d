import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
/** Room for a long rich-text notice while keeping one request bounded. */
export const NOTICE_CONTENT_MAX = 100_000;

export class NoticeQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Title contains' }) @IsOptional() @IsString() @MaxLength(100) noticeTitle?: string;
  @ApiPropertyOptional({ description: 'A value of dict sys_notice_type' }) @IsOptional() @IsString() @MaxLength(1) noticeType?: string;
  @ApiPropertyOptional({ description: 'Author account contains' }) @IsOptional() @IsString() @MaxLength(64) createBy?: string;
}

export class CreateNoticeDto {
  @ApiProperty({ maxLength: 100 }) @IsString() @IsNotEmpty() @Length(1, 100) noticeTitle: string;
  @ApiProperty({ description: 'A value of dict sys_notice_type' }) @IsString() @IsNotEmpty() @MaxLength(1) noticeType: string;
  @ApiPropertyOptional({ description: 'Rich text (HTML)' }) @IsOptional() @IsString() @MaxLength(NOTICE_CONTENT_MAX) noticeContent?: string;
  @ApiPropertyOptional({ description: 'A value of dict sys_notice_status', default: '0' }) @IsOptional() @IsString() @MaxLength(1) status?: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateNoticeDto extends CreateNoticeDto {
  @ApiProperty() @Matches(ID) noticeId: string;
}

/** A notice as the API answers it. */
export class NoticeDto {
  @ApiProperty() noticeId: string;
  @ApiProperty() noticeTitle: string;
  @ApiProperty() noticeType: string;
  @ApiProperty() noticeContent: string;
  @ApiProperty() status: string;
  @ApiProperty() remark: string;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateBy: string;
  @ApiProperty() updateTime: Date;
}
