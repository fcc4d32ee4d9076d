import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ScheduledTaskController } from './scheduled-task.controller';
import './scheduled-task.messages';
import { ScheduledTaskService } from './scheduled-task.service';
import { ScheduledTaskStore } from './scheduled-task.store';
import { SysScheduledTaskLog } from './sys-scheduled-task-log.entity';

/**
 * Keeps schedule overrides and run logs for the queue in every process that runs jobs (workers included), so a
 * paused task stays paused and a changed trigger holds after restarts.
 */
@Module({ providers: [ScheduledTaskStore] })
export class ScheduledTaskCoreModule {}

/** The scheduled-tasks screen (`/monitor/task`). */
@Module({
  imports: [TypeOrmModule.forFeature([SysScheduledTaskLog])],
  controllers: [ScheduledTaskController],
  providers: [ScheduledTaskService],
})
export class ScheduledTaskModule {}
