import { Controller, Get, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PasswordCheckDto } from '../../auth/dto/auth-answers.dto';
import { SignedIn } from '../../auth/permission';
import { ProfileService } from '../../auth/profile.service';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';

@ApiTags('security')
@ApiBearerAuth()
@Controller('system/security/config')
export class SecurityCheckController {
  constructor(private readonly profile: ProfileService) {}

  @Get('check')
  @SignedIn()
  @ApiOperation({ summary: 'Whether the caller must change the password now' })
  @ApiEnvelope(PasswordCheckDto)
  check(@Req() req: Request): Promise<PasswordCheckDto> {
    return this.profile.passwordCheck(req.user!);
  }
}
