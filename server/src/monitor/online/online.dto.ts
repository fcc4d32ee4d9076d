import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

export class OnlineQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the client address' }) @IsOptional() @IsString() @MaxLength(128) ipaddr?: string;
  @ApiPropertyOptional({ description: 'Part of the account name (any case)' }) @IsOptional() @IsString() @MaxLength(100) userName?: string;
}
