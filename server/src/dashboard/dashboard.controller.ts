import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import type { LoginUser } from '../auth/login-user';
import { SignedIn } from '../auth/permission';
import { ApiEnvelope } from '../common/http/api-envelope.decorator';
import { DashboardDto } from './dashboard.dto';
import { DashboardService } from './dashboard.service';

/** The back-office home (首页): counts and 30-day series, each section only for staff allowed its data. */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @SignedIn()
  @ApiOperation({
    summary:
      'Figures of the last 30 days (server time zone), zero-filled: check orders, revenue, checks finished and failed (check:order:list), ' +
      'AI generations and tokens (ai:usage:list), new members (cms:member:view), content published (cms:content:view); sections the caller lacks are absent',
  })
  @ApiEnvelope(DashboardDto)
  figures(@CurrentUser() user: LoginUser): Promise<DashboardDto> {
    return this.dashboard.figures(user);
  }
}
