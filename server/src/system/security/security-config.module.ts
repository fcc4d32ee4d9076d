import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth/auth.module';
import { SecurityCheckController } from './security-check.controller';
import { SecurityConfigController } from './security-config.controller';
import { SecurityConfig } from './security-config.entity';
import './security-config.messages';
import { SecurityConfigService } from './security-config.service';

/**
 * Security policy administration (`/system/security/config`) and the caller's password check; the active policy is read
 * by SecurityPolicyService.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SecurityConfig]), AuthModule],
  controllers: [SecurityConfigController, SecurityCheckController],
  providers: [SecurityConfigService],
  exports: [SecurityConfigService],
})
export class SecurityConfigModule {}
