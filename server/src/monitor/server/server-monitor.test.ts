import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Row } from '../../../test/helpers/api';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { QueueService } from '../../queue/queue.service';
import { ServerMonitorService } from './server-monitor.service';

let t1: TestApp;
let t2: TestApp;
let admin: string;
const http = api(() => t1, { token: () => admin });

beforeAll(async () => {
  t1 = await startTestApp();
  // A second instance of the same deployment, as a worker (no HTTP routes are needed for it to report).
  t2 = await startTestApp({ db: t1.db, config: { workerOnly: true } });
  admin = await tokenOf(t1.app);
});
afterAll(async () => {
  await t2?.close();
  await t1?.close();
});

describe('server monitor', () => {
  it('answers the figures of the answering process, its machine, the database and the queue', async () => {
    const queue = t1.app.get(QueueService);
    const jobName = `monitor-test-${Date.now()}`;
    // No handler for this name: the job waits in the queue and counts as queued.
    await queue.send(jobName, { n: 1 });
    await queue.send(jobName, { n: 2 });
    const res = await http.get('/monitor/server');
    expect(res.status).toBe(200);
    const { instance, database, queue: depth } = res.body.data as Row;
    expect(instance).toMatchObject({ pid: process.pid, role: 'api', runsJobs: true, current: true });
    expect(instance.instanceId).toBe(t1.app.get(ServerMonitorService).instanceId);
    const f = instance.figures;
    expect(f.cpu.cores).toBeGreaterThanOrEqual(1);
    expect(f.cpu.model).toEqual(expect.any(String));
    expect(f.cpu.usagePercent).toBeGreaterThanOrEqual(0);
    expect(f.cpu.usagePercent).toBeLessThanOrEqual(100);
    expect(f.load).toHaveLength(3);
    expect(f.memory.totalBytes).toBeGreaterThan(f.memory.usedBytes);
    expect(f.memory.usedBytes + f.memory.freeBytes).toBe(f.memory.totalBytes);
    expect(f.disk).toMatchObject({ path: t1.config.dataDir });
    expect(f.disk.totalBytes).toBeGreaterThan(0);
    expect(f.disk.freeBytes).toBeLessThanOrEqual(f.disk.totalBytes);
    expect(f.heap.usedBytes).toBeGreaterThan(0);
    expect(f.heap.usedBytes).toBeLessThanOrEqual(f.heap.totalBytes);
    expect(f.heap.rssBytes).toBeGreaterThanOrEqual(f.heap.totalBytes);
    expect(f.eventLoop.p99Ms).toBeGreaterThanOrEqual(f.eventLoop.p50Ms);
    expect(f.eventLoop.p50Ms).toBeGreaterThanOrEqual(0);
    expect(f.uptime.processSeconds).toBeGreaterThanOrEqual(0);
    expect(f.uptime.osSeconds).toBeGreaterThan(0);
    expect(f.nodeVersion).toBe(process.version);
    expect(f.pool.total).toBeGreaterThanOrEqual(1);
    expect(f.pool.idle).toBeLessThanOrEqual(f.pool.total);
    expect(f.pool.waiting).toBe(0);
    expect(database.version).toMatch(/^PostgreSQL \d+/);
    expect(database.name).toBe(t1.db.name);
    expect(database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(depth.queued).toBeGreaterThanOrEqual(2);
    expect(depth.byName).toContainEqual({ name: jobName, queued: 2, active: 0 });
  });

  it('lists every instance that reported within the last minute: two processes on one database, each from its start', async () => {
    const res = await http.get('/monitor/server/instances');
    expect(res.status).toBe(200);
    const rows = res.body.data as Row[];
    const ids = [t1.app.get(ServerMonitorService).instanceId, t2.app.get(ServerMonitorService).instanceId];
    expect(ids[0]).not.toBe(ids[1]);
    expect(rows.map((r) => r.instanceId)).toEqual(ids);
    expect(rows[0]).toMatchObject({ role: 'api', current: true, pid: process.pid });
    expect(rows[1]).toMatchObject({ role: 'worker', current: false, runsJobs: true });
    expect(rows[1].figures.cpu.cores).toBeGreaterThanOrEqual(1);
    expect(rows[1].figures.heap.usedBytes).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(rows[1].lastSeen)).toBeLessThan(60_000);
  });

  it('hides instances silent for a minute, removes rows silent for a day, and an instance that stops removes its own', async () => {
    const ds = t1.app.get(DataSource);
    const figures = JSON.stringify({ cpu: { cores: 1 } });
    await ds.query(
      `INSERT INTO sys_server_instance (instance_id, host_name, pid, role, start_time, last_seen, figures) VALUES
       ('old-host:1:1', 'old-host', 1, 'api', now() - interval '2 days', now() - interval '90 seconds', $1),
       ('gone-host:2:2', 'gone-host', 2, 'worker', now() - interval '3 days', now() - interval '25 hours', $1)`,
      [figures],
    );
    const listed = (await http.get('/monitor/server/instances')).body.data as Row[];
    expect(listed.map((r) => r.hostName)).not.toContain('old-host');
    await t1.app.get(ServerMonitorService).report();
    const kept = await ds.query(`SELECT instance_id FROM sys_server_instance WHERE instance_id IN ('old-host:1:1', 'gone-host:2:2')`);
    expect(kept).toEqual([{ instance_id: 'old-host:1:1' }]);

    const t3 = await startTestApp({ db: t1.db });
    // Its first report is made before it serves.
    const id3 = t3.app.get(ServerMonitorService).instanceId;
    expect((await http.get('/monitor/server/instances')).body.data.map((r: Row) => r.instanceId)).toContain(id3);
    await t3.close();
    expect(await ds.query('SELECT 1 FROM sys_server_instance WHERE instance_id = $1', [id3])).toEqual([]);
  });

  it('needs monitor:server:list', async () => {
    await createRole(t1.app, 'servermon', ['monitor.server']);
    await createStaffUser(t1.app, { userName: 'servermon1', password: 'Servermon1', roles: ['servermon'] });
    await createStaffUser(t1.app, { userName: 'noserver1', password: 'Noserver1' });
    const allowed = await tokenOf(t1.app, 'servermon1', 'Servermon1');
    const refused = await tokenOf(t1.app, 'noserver1', 'Noserver1');
    expect((await http.as(allowed).get('/monitor/server/instances')).status).toBe(200);
    expect((await http.as(allowed).get('/monitor/server')).status).toBe(200);
    expect((await http.as(refused).get('/monitor/server')).status).toBe(403);
  });
});
