import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentCoreModule } from '../../payment/payment.module';
import { BuiltinJobHandlers } from './job-builtin-handlers';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobLogService } from './job-log.service';
import { JobScheduler } from './job-scheduler.service';
import { JobController, JobLogController } from './job.controller';
import { SysJob, SysJobLog } from './job.entity';
import './job.messages';
import { JobService } from './job.service';

/**
 * Scheduled jobs, the core: the handler registry (other modules import this module and register theirs at init), the
 * built-in handlers and the scheduler that fires due jobs in processes that run jobs. No routes, so workers have it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SysJob, SysJobLog]), PaymentCoreModule],
  providers: [JobHandlerRegistry, JobLogService, JobScheduler, BuiltinJobHandlers],
  exports: [JobHandlerRegistry, JobLogService, JobScheduler],
})
export class JobCoreModule {}

/** 定时任务 and 调度日志: `/monitor/job` and `/monitor/jobLog`. */
@Module({
  imports: [JobCoreModule],
  controllers: [JobController, JobLogController],
  providers: [JobService],
})
export class JobModule {}
