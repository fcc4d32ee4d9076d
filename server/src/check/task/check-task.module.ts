import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckAigcConfig } from '../aigc/check-aigc-config.entity';
import { CheckAigcConfigController } from '../aigc/check-aigc-config.controller';
import { CheckAigcConfigService } from '../aigc/check-aigc-config.service';
import '../aigc/check-aigc.messages';
import { CheckLibraryCoreModule } from '../library/check-library.module';
import { CheckRunner } from './check-runner';
import { CheckTask } from './check-task.entity';
import { CheckTaskController } from './check-task.controller';
import './check-task.messages';
import { CheckTaskService } from './check-task.service';
import { CHECK_TYPO_DICTIONARY, seededTypoDictionaryProvider } from './check-typo-dictionary';

/**
 * Check tasks without HTTP: the service, its job, the worker-thread pool and the AI-content backend settings. Workers
 * import it, so they run checks.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CheckTask, CheckAigcConfig]), CheckLibraryCoreModule],
  providers: [CheckRunner, CheckTaskService, CheckAigcConfigService, seededTypoDictionaryProvider],
  exports: [CheckTaskService, CheckAigcConfigService, CheckRunner, CHECK_TYPO_DICTIONARY],
})
export class CheckTaskCoreModule {}

/** Check tasks in the back office (`/check/task`): submit a paper, follow its progress, read its reports; AIGC settings. */
@Module({
  imports: [CheckTaskCoreModule],
  controllers: [CheckTaskController, CheckAigcConfigController],
})
export class CheckTaskModule {}
