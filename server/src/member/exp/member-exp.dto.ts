import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MemberExpOp } from '@zhiwen/shared';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { TimeRangeQueryDto } from '../../common/paging/time-range';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
const OPS = Object.values(MemberExpOp);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class ExpConfigQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: OPS }) @IsOptional() @IsIn(OPS) opType?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

export class CreateExpConfigDto {
  @ApiProperty({ enum: OPS }) @IsIn(OPS) opType: (typeof OPS)[number];
  @ApiProperty({ minimum: 1 }) @IsInt() @Min(1) @Max(1_000_000) exp: number;
  @ApiProperty({ minimum: 0, description: 'Grants per member and day; 0 = unlimited' }) @IsInt() @Min(0) @Max(1_000_000) dayLimit: number;
  @ApiProperty({ minimum: 0, description: 'Grants per member in all; 0 = unlimited' }) @IsInt() @Min(0) @Max(1_000_000_000) totalLimit: number;
  @ApiPropertyOptional({ enum: ['0', '1'], default: '0' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateExpConfigDto extends CreateExpConfigDto {
  @ApiProperty() @Transform(idText) @Matches(ID) configId: string;
}

export class ExpConfigDto {
  @ApiProperty() configId: string;
  @ApiProperty({ enum: OPS }) opType: string;
  @ApiProperty() exp: number;
  @ApiProperty() dayLimit: number;
  @ApiProperty() totalLimit: number;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
  @ApiProperty() remark: string;
}

export class ExpLogQueryDto extends TimeRangeQueryDto {
  @ApiPropertyOptional() @IsOptional() @Matches(ID) memberId?: string;
  @ApiPropertyOptional({ description: 'Part of the member’s user name' }) @IsOptional() @IsString() @MaxLength(30) userName?: string;
  @ApiPropertyOptional({ enum: OPS }) @IsOptional() @IsIn(OPS) opType?: string;
}

export class ExpLogDto {
  @ApiProperty() logId: string;
  @ApiProperty() memberId: string;
  @ApiProperty() userName: string;
  @ApiProperty() nickName: string;
  @ApiProperty({ enum: OPS }) opType: string;
  @ApiProperty() exp: number;
  @ApiProperty() refId: string;
  @ApiProperty() expAfter: number;
  @ApiProperty() levelAfter: number;
  @ApiProperty() createTime: Date;
}
