import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityConfigController } from './security-config.controller';
import { SecurityConfig } from './security-config.entity';
import './security-config.messages';
import { SecurityConfigService } from './security-config.service';

/** Security policy administration (`/system/security/config`); the active policy is read by SecurityPolicyService. */
@Module({
  imports: [TypeOrmModule.forFeature([SecurityConfig])],
  controllers: [SecurityConfigController],
  providers: [SecurityConfigService],
  exports: [SecurityConfigService],
})
export class SecurityConfigModule {}
