import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';
import { LoginLogModule } from '../monitor/logininfor/login-log.module';
import { SystemModule } from '../system/system.module';
import './auth.messages';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { CaptchaService } from './captcha.service';
import { ProfileService } from './profile.service';
import { SessionService } from './session.service';
import { SignInGuardService } from './sign-in-guard.service';

/** Staff sign-in, sessions and the deny-by-default permission guard. */
@Module({
  imports: [
    SystemModule,
    LoginLogModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, CaptchaService, SessionService, ProfileService, SignInGuardService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [SessionService, AuthService, CaptchaService, ProfileService, SignInGuardService],
})
export class AuthModule {}
