import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { AuthService } from '../../auth/auth.service';
import { OnlineSessionDto } from '../../auth/dto/auth-answers.dto';
import { RequirePermission } from '../../auth/permission';
import { SessionService } from '../../auth/session.service';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import type { PageResult } from '@zhiwen/shared';

class OnlineQueryDto {
  @IsOptional() @IsString() @MaxLength(128) ipaddr?: string;
  @IsOptional() @IsString() @MaxLength(100) userName?: string;
}

@ApiTags('monitor')
@ApiBearerAuth()
@Controller('monitor/online')
export class OnlineController {
  constructor(
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
  ) {}

  @Get('list')
  @RequirePermission('monitor:online:list')
  @ApiOperation({ summary: 'Staff sessions now open' })
  @ApiEnvelope(OnlineSessionDto, { paged: true })
  async list(@Query() query: OnlineQueryDto): Promise<PageResult<OnlineSessionDto>> {
    const rows = (await this.sessions.list())
      .filter((s) => !query.ipaddr || s.ipaddr.includes(query.ipaddr))
      .filter((s) => !query.userName || s.userName.toLowerCase().includes(query.userName.toLowerCase()))
      .map(({ tokenId, userName, deptName, ipaddr, browser, os, loginTime, lastAccessTime }) => ({
        tokenId, userName, deptName, ipaddr, browser, os, loginTime, lastAccessTime,
      }));
    return { rows, total: rows.length };
  }

  @Delete(':tokenId')
  @RequirePermission('monitor:online:forceLogout')
  @ApiOperation({ summary: 'Force a session offline; it ends at its next request on every instance' })
  @ApiEnvelope()
  async forceLogout(@Param('tokenId') tokenId: string): Promise<void> {
    await this.auth.forceLogout(tokenId);
  }
}
