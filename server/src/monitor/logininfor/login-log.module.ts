import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SystemModule } from '../../system/system.module';
import { LoginLogAdminService } from './login-log-admin.service';
import { LoginLogController } from './login-log.controller';
import { LoginLog } from './login-log.entity';
import { LoginLogService } from './login-log.service';
import './login-log.messages';

/** The login log: LoginLogService writes it (staff and member sign-ins), the screen (`/monitor/logininfor`) browses it. */
@Module({
  imports: [TypeOrmModule.forFeature([LoginLog]), SystemModule],
  controllers: [LoginLogController],
  providers: [LoginLogService, LoginLogAdminService],
  exports: [LoginLogService, LoginLogAdminService],
})
export class LoginLogModule {}
