import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class LevelConfigQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) levelType?: string;
  @ApiPropertyOptional({ description: 'Part of the level name' }) @IsOptional() @IsString() @MaxLength(50) levelName?: string;
}

export class CreateLevelConfigDto {
  @ApiPropertyOptional({ default: 'exp', description: "Level track; member levels follow 'exp'" })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(1, 20)
  @Matches(/^[A-Za-z0-9_]+$/)
  levelType?: string;
  @ApiProperty({ minimum: 0 }) @IsInt() @Min(0) @Max(9999) level: number;
  @ApiProperty({ maxLength: 50 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(50) levelName: string;
  @ApiProperty({ minimum: 0, description: 'Exp needed from this level to the next one' }) @IsInt() @Min(0) @Max(1_000_000_000) nextNeedExp: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateLevelConfigDto extends CreateLevelConfigDto {
  @ApiProperty() @Transform(idText) @Matches(ID) configId: string;
}

export class LevelConfigDto {
  @ApiProperty() configId: string;
  @ApiProperty() levelType: string;
  @ApiProperty() level: number;
  @ApiProperty() levelName: string;
  @ApiProperty() nextNeedExp: number;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}
