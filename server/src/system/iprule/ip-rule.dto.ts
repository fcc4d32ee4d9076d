import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

/** An id as text: up to 18 digits always fits a bigint (a 19-digit number may not, and the query would fail). */
const ID = /^[1-9]\d{0,17}$/;
/** `YYYY-MM-DD HH:mm[:ss]` (server time) or ISO 8601 with an offset. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

/** Filters of the IP rule list. */
export class IpRuleQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['allow', 'deny'] }) @IsOptional() @IsIn(['allow', 'deny']) ruleType?: 'allow' | 'deny';
  @ApiPropertyOptional({ description: 'CIDR text contains this, or (for an address) the network contains the address' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  cidr?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

class IpRuleFieldsDto {
  @ApiProperty({ enum: ['allow', 'deny'] }) @IsIn(['allow', 'deny']) ruleType: 'allow' | 'deny';

  @ApiProperty({ description: 'IPv4 or IPv6 address or network; an address means /32 or /128', example: '192.168.1.0/24' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  cidr: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'YYYY-MM-DD HH:mm:ss or ISO 8601, in the future; empty = never expires' })
  @IsOptional()
  @Transform(emptyToNull)
  @Matches(DATE_TIME)
  expireTime?: string | null;

  @ApiPropertyOptional({ enum: ['0', '1'], default: '0' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class CreateIpRuleDto extends IpRuleFieldsDto {}

export class UpdateIpRuleDto extends IpRuleFieldsDto {
  @ApiProperty() @Matches(ID) ruleId: string;
}
