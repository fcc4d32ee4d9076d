import { Module } from '@nestjs/common';
import { AsyncTaskController } from './async-task.controller';
import './async-task.messages';
import { AsyncTaskService } from './async-task.service';

/** The async-tasks screen (`/async/task`), over the queue's jobs. */
@Module({
  controllers: [AsyncTaskController],
  providers: [AsyncTaskService],
})
export class AsyncTaskModule {}
