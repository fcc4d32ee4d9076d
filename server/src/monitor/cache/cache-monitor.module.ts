import { Module } from '@nestjs/common';
import { CacheMonitorController } from './cache-monitor.controller';
import './cache-monitor.messages';
import { CacheMonitorService } from './cache-monitor.service';

/** The cache monitor screen (`/monitor/cache`) over the shared store (KV_STORE). */
@Module({
  controllers: [CacheMonitorController],
  providers: [CacheMonitorService],
})
export class CacheMonitorModule {}
