import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
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
        // A key object made once: given the string, jsonwebtoken first tries (and fails) to read it as a public key,
        // then makes a secret key, on every sign and verify (a tenth of the CPU of a short authenticated request).
        secret: config.jwtSecret ? createSecretKey(Buffer.from(config.jwtSecret)) : config.jwtSecret,
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
