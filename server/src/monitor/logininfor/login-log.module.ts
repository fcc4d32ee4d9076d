import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SysUser } from '../../system/user/sys-user.entity';
import { LoginLogAdminService } from './login-log-admin.service';
import { LoginLogController } from './login-log.controller';
import { LoginLog } from './login-log.entity';
import './login-log.messages';

/** The login log screen (`/monitor/logininfor`). Writing the log stays with LoginLogService (SystemModule). */
@Module({
  imports: [TypeOrmModule.forFeature([LoginLog, SysUser])],
  controllers: [LoginLogController],
  providers: [LoginLogAdminService],
  exports: [LoginLogAdminService],
})
export class LoginLogModule {}
