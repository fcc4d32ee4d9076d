import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import { AiModule } from './ai/ai.module';
import { AuthModule } from './auth/auth.module';
import { CommentModule } from './comment/comment.module';
import { SensitiveWordModule } from './word/sensitive/sensitive-word.module';
import { WordModule } from './word/word.module';
import { CheckLibraryCoreModule, CheckLibraryModule } from './check/library/check-library.module';
import { CheckOrderCoreModule, CheckOrderModule } from './check/order/check-order.module';
import { PaymentCoreModule, PaymentModule } from './payment/payment.module';
import { PusherCoreModule, PusherModule } from './pusher/pusher.module';
import { EventsModule } from './common/events/app-events';
import { CmsModule } from './cms/cms.module';
import { CmsCommonModule } from './cms/common/cms-common.module';
import { CmsPublishCoreModule } from './cms/publish/cms-publish.module';
import { FriendLinkCoreModule } from './cms/link/friend-link.module';
import { DynamicPageCacheModule } from './cms/dynamic/dynamic-page-cache';
import { CheckProductModule } from './check/product/check-product.module';
import { CheckTaskCoreModule, CheckTaskModule } from './check/task/check-task.module';
import { CommonModule } from './common/common.module';
import type { AppConfig } from './common/config/app-config';
import { DashboardModule } from './dashboard/dashboard.module';
import { UploadModule } from './upload/upload.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { LoginLogModule } from './monitor/logininfor/login-log.module';
import { OnlineModule } from './monitor/online/online.module';
import { ScheduledTaskCoreModule, ScheduledTaskModule } from './monitor/task/scheduled-task.module';
import { AsyncTaskModule } from './monitor/async/async-task.module';
import { CacheMonitorModule } from './monitor/cache/cache-monitor.module';
import { ServerMonitorCoreModule, ServerMonitorModule } from './monitor/server/server-monitor.module';
import { ApiDocsModule } from './tool/swagger/api-docs';
import { MemberModule } from './member/member.module';
import { OperLogModule } from './monitor/operlog/oper-log.module';
import { JobCoreModule, JobModule } from './monitor/job/job.module';
import { QueueModule } from './queue/queue.module';
import { StorageModule } from './storage/storage.module';
import { TestSupportModule } from './test-support/test-support.module';
import { SysConfigApiModule } from './system/config/sys-config-api.module';
import { DeptModule } from './system/dept/dept.module';
import { DictModule } from './system/dict/dict.module';
import { I18nModule } from './system/i18n/i18n.module';
import { IpRuleModule } from './system/iprule/ip-rule.module';
import { NoticeModule } from './system/notice/notice.module';
import { PostModule } from './system/post/post.module';
import { GenModule } from './tool/gen/gen.module';
import { SecurityConfigModule } from './system/security/security-config.module';
import { MenuModule } from './system/menu/menu.module';
import { RoleModule } from './system/role/role.module';
import { UserModule } from './system/user/user.module';
import { VoteModule } from './vote/vote.module';
import { XModelModule } from './xmodel/xmodel.module';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  /** Extra modules (tests mount fixtures this way). */
  imports?: Array<Type<unknown> | DynamicModule>;
  /** Worker processes have no HTTP controllers. */
  http?: boolean;
}

/** Feature modules with HTTP routes. New capabilities are added here. */
const FEATURE_MODULES: Array<Type<unknown>> = [
  AuthModule,
  HealthModule,
  UserModule,
  RoleModule,
  MenuModule,
  OperLogModule,
  LoginLogModule,
  OnlineModule,
  JobModule,
  ScheduledTaskModule,
  AsyncTaskModule,
  IpRuleModule,
  DeptModule,
  PostModule,
  GenModule,
  SecurityConfigModule,
  SysConfigApiModule,
  DictModule,
  NoticeModule,
  I18nModule,
  MemberModule,
  CheckLibraryModule,
  CheckTaskModule,
  CheckProductModule,
  CheckOrderModule,
  AiModule,
  CmsModule,
  SensitiveWordModule,
  WordModule,
  CommentModule,
  DashboardModule,
  UploadModule,
  PaymentModule,
  PusherModule,
  VoteModule,
  XModelModule,
  ServerMonitorModule,
  CacheMonitorModule,
  ApiDocsModule,
];

/** Modules whose background jobs run in every process that runs jobs, workers included (no HTTP routes). */
const JOB_MODULES: Array<Type<unknown>> = [
  ScheduledTaskCoreModule,
  CheckLibraryCoreModule,
  CheckTaskCoreModule,
  CheckOrderCoreModule,
  PaymentCoreModule,
  JobCoreModule,
  PusherCoreModule,
  CmsCommonModule,
  CmsPublishCoreModule,
  // Register the link_list template tag and clear dynamic page caches where publish jobs run.
  FriendLinkCoreModule,
  DynamicPageCacheModule,
  ServerMonitorCoreModule,
];

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    const { config } = options;
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id: string }).id,
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
            autoLogging: { ignore: (req: IncomingMessage) => req.url === '/prod-api/health' },
            transport: config.logPretty ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
          },
        }),
        CommonModule.forRoot(config),
        EventsModule,
        StorageModule,
        DatabaseModule.forRoot(options.databaseUrl),
        QueueModule.forRoot(options.databaseUrl),
        ...JOB_MODULES,
        ...(options.http === false ? [] : FEATURE_MODULES),
        ...(options.http !== false && config.env === 'test' ? [TestSupportModule] : []),
        ...(options.imports ?? []),
      ],
    };
  }
}
