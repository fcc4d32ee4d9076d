import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../auth/current-user.decorator';
import { PasswordCheckDto } from '../../auth/dto/auth-answers.dto';
import type { LoginUser } from '../../auth/login-user';
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
  check(@CurrentUser() user: LoginUser): Promise<PasswordCheckDto> {
    return this.profile.passwordCheck(user);
  }
}
