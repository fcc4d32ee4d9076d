import { Injectable, type OnModuleInit } from '@nestjs/common';
import { t } from '../../common/i18n/i18n';
import { chinaYesterday, PaymentReconcileService } from '../../payment/payment-reconcile.service';
import { PaymentConfigService } from '../../payment/payment-config.service';
import type { PayChannel } from '../../payment/payment-gateway';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobLogService } from './job-log.service';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The handlers scheduled jobs can invoke out of the box, registered from the services of the modules they serve. */
@Injectable()
export class BuiltinJobHandlers implements OnModuleInit {
  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly jobLogs: JobLogService,
    private readonly reconcile: PaymentReconcileService,
    private readonly channels: PaymentConfigService,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      name: 'system.noop',
      description: 'jobHandler.system.noop',
      params: {
        message: { type: 'string', label: 'jobHandler.system.noop.message', maxLength: 200, default: 'ok' },
        delayMs: { type: 'integer', label: 'jobHandler.system.noop.delayMs', min: 0, max: 600_000, default: 0 },
        fail: { type: 'boolean', label: 'jobHandler.system.noop.fail', default: false },
      },
      run: async ({ message, delayMs, fail }) => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (fail) throw new Error(message);
        return message;
      },
    });
    this.registry.register({
      name: 'monitor.cleanJobLog',
      description: 'jobHandler.monitor.cleanJobLog',
      params: { days: { type: 'integer', label: 'jobHandler.monitor.cleanJobLog.days', min: 1, max: 3650, default: 30 } },
      run: async ({ days }) => t('jobHandler.monitor.cleanJobLog.done', { count: await this.jobLogs.cleanOlderThan(days), days }),
    });
    this.registry.register({
      name: 'payment.reconcile',
      description: 'jobHandler.payment.reconcile',
      params: {
        billDate: { type: 'string', label: 'jobHandler.payment.reconcile.billDate', maxLength: 10, pattern: DATE, hint: 'jobHandler.date' },
      },
      run: async ({ billDate }) => {
        const day = billDate ?? chinaYesterday();
        // Unlike the nightly job, a failure of a channel fails the run, so staff see it in the log.
        for (const channel of ['wechat', 'alipay'] as PayChannel[]) {
          if (await this.channels.active(channel)) await this.reconcile.run(channel, day, 'system');
        }
        return t('jobHandler.payment.reconcile.done', { billDate: day });
      },
    });
  }
}
