import { DataSource } from 'typeorm';
import { OperLogService } from '../../src/monitor/operlog/oper-log.service';
import type { TestApp } from './test-app';

/** Rows of `sys_oper_log` once every entry recorded so far is written (the service writes them in the background). */
export async function operLogRows<T = Record<string, unknown>>(t: TestApp, sql: string, params: unknown[] = []): Promise<T[]> {
  await t.app.get(OperLogService).flush();
  return t.app.get(DataSource).query(sql, params);
}
