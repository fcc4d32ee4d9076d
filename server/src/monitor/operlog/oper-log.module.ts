import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperLogController } from './oper-log.controller';
import { OperLogInterceptor } from './oper-log.interceptor';
import './oper-log.messages';
import { OperLogService } from './oper-log.service';
import { SysOperLog } from './sys-oper-log.entity';

/** The operation log: records every `@OperLog` route (globally) and serves `/monitor/operlog`. */
@Module({
  imports: [TypeOrmModule.forFeature([SysOperLog])],
  controllers: [OperLogController],
  providers: [OperLogService, { provide: APP_INTERCEPTOR, useClass: OperLogInterceptor }],
  exports: [OperLogService],
})
export class OperLogModule {}
