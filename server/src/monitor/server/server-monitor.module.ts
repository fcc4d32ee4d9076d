import { Module } from '@nestjs/common';
import { ServerMonitorController } from './server-monitor.controller';
import { ServerMonitorService } from './server-monitor.service';

/** Reporting of this process into `sys_server_instance`: in every process, workers included. */
@Module({
  providers: [ServerMonitorService],
  exports: [ServerMonitorService],
})
export class ServerMonitorCoreModule {}

/** The server monitor screen's routes (`/monitor/server`). */
@Module({
  imports: [ServerMonitorCoreModule],
  controllers: [ServerMonitorController],
})
export class ServerMonitorModule {}
