// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../src/providers/dataProvider';
import { CacheMonitorScreen } from '../src/screens/monitor/cache/CacheMonitorScreen';
import { ServerMonitorScreen, type InstanceRow, type ProcessFigures } from '../src/screens/monitor/server/ServerMonitorScreen';
import { ApiDocsScreen } from '../src/screens/tool/swagger/ApiDocsScreen';
import { screenByComponent } from '../src/screens/registry';
import { bodyText, button, container, render, type, useAdminHarness, waitFor } from './support/adminHarness';
import { seen, serve, usePaymentServer } from './support/paymentServer';
import { parseUrl } from './testServer';

useAdminHarness();
// A loopback server answering the screens' routes over real HTTP (the helper is generic despite its name).
usePaymentServer();

const GB = 1024 ** 3;
const figures = (cpu: number): ProcessFigures => ({
  cpu: { model: 'Intel Xeon', cores: 8, usagePercent: cpu },
  load: [0.5, 0.75, 1],
  memory: { totalBytes: 16 * GB, usedBytes: 12 * GB, freeBytes: 4 * GB, usagePercent: 75 },
  disk: { path: '/srv/zhiwen/data', totalBytes: 100 * GB, usedBytes: 40 * GB, freeBytes: 60 * GB, usagePercent: 40 },
  heap: { usedBytes: 80 * 1024 ** 2, totalBytes: 120 * 1024 ** 2, rssBytes: 300 * 1024 ** 2 },
  eventLoop: { p50Ms: 10.2, p99Ms: 25.4, maxMs: 40 },
  uptime: { processSeconds: 3 * 3600 + 5 * 60, osSeconds: 2 * 86400 + 3600 },
  nodeVersion: 'v22.11.0',
  platform: 'Linux 6.1 x64',
  pool: { total: 5, idle: 3, waiting: 0 },
});
const api: InstanceRow = {
  instanceId: 'web-1:100:1',
  hostName: 'web-1',
  pid: 100,
  role: 'api',
  runsJobs: true,
  startTime: '2026-11-25T00:00:00Z',
  lastSeen: '2026-11-25T03:00:00Z',
  current: true,
  figures: figures(12.5),
};
const worker: InstanceRow = { ...api, instanceId: 'job-1:200:2', hostName: 'job-1', pid: 200, role: 'worker', current: false, figures: figures(63) };

describe('registry', () => {
  it('registers the three screens by their menu components', () => {
    expect(screenByComponent('monitor/server/index')?.resource).toBe('monitor/server');
    expect(screenByComponent('monitor/cache/index')?.resource).toBe('monitor/cache');
    expect(screenByComponent('tool/swagger/index')?.resource).toBe('tool/swagger');
  });
});

describe('服务监控 screen', () => {
  it('shows the figures of the answering process, the database and the queue, and every running instance', async () => {
    serve(({ method, path }) => {
      if (method !== 'GET') return undefined;
      if (path === '/monitor/server') {
        return {
          data: {
            instance: api,
            database: { version: 'PostgreSQL 16.4 on x86_64-pc-linux-gnu', name: 'zhiwen', sizeBytes: 52 * 1024 ** 2 },
            queue: { queued: 7, active: 2, byName: [{ name: 'cms-publish', queued: 5, active: 2 }] },
          },
        };
      }
      if (path === '/monitor/server/instances') return { data: [api, worker] };
      return undefined;
    });
    render(<ServerMonitorScreen />, dataProvider, ['monitor:server:list']);
    await waitFor(() => container.querySelector('[data-testid="server-cpu-usage"]'));
    const cell = (id: string) => container.querySelector(`[data-testid="${id}"]`)!.textContent;
    expect(cell('server-cpu-usage')).toBe('12.5%');
    expect(cell('server-memory-used')).toBe('12 GB (75%)');
    expect(cell('server-disk-free')).toBe('60 GB');
    expect(cell('server-heap')).toBe('80 MB / 120 MB');
    expect(cell('server-event-loop')).toBe('10.2 / 25.4 ms');
    expect(cell('server-uptime')).toBe('3 小时 5 分');
    expect(cell('server-db-size')).toBe('52 MB');
    expect(cell('server-pool')).toBe('5 / 3 / 0');
    expect(cell('server-queued')).toBe('7');
    expect(cell('server-active')).toBe('2');
    expect(bodyText()).toContain('PostgreSQL 16.4');
    expect(bodyText()).toContain('/srv/zhiwen/data');
    expect(bodyText()).toContain('cms-publish');
    expect(bodyText()).toContain('0.5 / 0.75 / 1');

    await waitFor(() => container.querySelector('[data-testid="instance-200-worker"]'));
    const apiRow = container.querySelector('[data-testid="instance-100-api"]')!.textContent!;
    expect(apiRow).toContain('web-1');
    expect(apiRow).toContain('当前');
    const workerRow = container.querySelector('[data-testid="instance-200-worker"]')!.textContent!;
    expect(workerRow).toContain('后台任务进程');
    expect(workerRow).toContain('63%');
    expect(workerRow).not.toContain('当前');

    button('刷新')!.click();
    await waitFor(() => seen('GET', '/monitor/server').length === 2 && seen('GET', '/monitor/server/instances').length === 2);
  });

  it('says when the figures cannot be loaded', async () => {
    serve(({ path }) => (path.startsWith('/monitor/server') ? { error: '数据库不可用' } : undefined));
    render(<ServerMonitorScreen />, dataProvider, ['monitor:server:list']);
    await waitFor(() => bodyText().includes('加载失败：数据库不可用'));
  });
});

describe('缓存监控 screen', () => {
  const groups = [
    { id: 'session-staff', prefix: 'session:staff:', cacheName: '后台登录会话', keys: 1, bytes: null },
    { id: 'config', prefix: 'config:', cacheName: '参数设置', keys: 2, bytes: null },
  ];
  const overview = {
    store: 'redis',
    namespace: 'zhiwen:',
    redis: {
      version: '7.2.4',
      mode: 'standalone',
      uptimeSeconds: 90000,
      connectedClients: 3,
      usedMemoryBytes: 2 * 1024 ** 2,
      peakMemoryBytes: 3 * 1024 ** 2,
      maxMemoryBytes: 0,
      hitRate: 97.5,
      opsPerSecond: 12,
      dbSize: 40,
    },
    commandStats: [
      { name: 'get', calls: 900, usecPerCall: 1.5 },
      { name: 'set', calls: 300, usecPerCall: 2 },
    ],
    memory: null,
  };

  function serveCache(deleted: string[]) {
    serve(({ method, path, query }) => {
      if (method === 'GET' && path === '/monitor/cache') return { data: overview };
      if (method === 'GET' && path === '/monitor/cache/getNames') return { data: groups };
      if (method === 'GET' && path === '/monitor/cache/getKeys/config') {
        const keys = [
          { cacheKey: 'config:sys.index.skinName', ttlMs: null },
          { cacheKey: 'config:sys.user.initPassword', ttlMs: 125_000 },
        ].filter((k) => !deleted.includes(k.cacheKey));
        return { data: { keys, truncated: false } };
      }
      if (method === 'GET' && path === '/monitor/cache/getValue') {
        return { data: { cacheKey: query.key, cacheName: '参数设置', cacheValue: 'skin-blue', ttlMs: null } };
      }
      if (method === 'DELETE' && path === '/monitor/cache/clearCacheKey') {
        deleted.push(query.key);
        return { data: null };
      }
      if (method === 'DELETE' && path === '/monitor/cache/clearCacheAll') return { data: { deleted: 3 } };
      return undefined;
    });
  }

  it('shows Redis figures and command statistics, a group’s keys, a key’s value, and deletes a key after confirmation', async () => {
    const deleted: string[] = [];
    serveCache(deleted);
    render(<CacheMonitorScreen />, dataProvider, ['monitor:cache:list', 'monitor:cache:clearCache']);
    await waitFor(() => container.querySelector('[data-testid="cache-commands"]'));
    const overviewText = container.querySelector('[data-testid="cache-overview"]')!.textContent!;
    expect(overviewText).toContain('7.2.4');
    expect(overviewText).toContain('97.5%');
    expect(overviewText).toContain('2 MB');
    expect(overviewText).toContain('不限');
    expect(overviewText).toContain('zhiwen:');
    expect(container.querySelector('[data-testid="cache-commands"]')!.textContent).toContain('900');

    (await waitFor(() => container.querySelector<HTMLElement>('[data-testid="cache-group-config"]'))).click();
    await waitFor(() => bodyText().includes('config:sys.user.initPassword'));
    expect(container.querySelector('[data-testid="cache-keys"]')!.textContent).toContain('永不过期');
    expect(container.querySelector('[data-testid="cache-keys"]')!.textContent).toContain('2 分 5 秒');

    [...container.querySelectorAll<HTMLElement>('[data-testid="cache-keys"] tbody tr')][0].querySelector('td')!.click();
    await waitFor(() => container.querySelector('[data-testid="cache-value-text"]'));
    expect(container.querySelector('[data-testid="cache-value-text"]')!.textContent).toBe('skin-blue');
    const valueCall = seen('GET', '/monitor/cache/getValue')[0];
    expect(parseUrl(valueCall).query.key).toBe('config:sys.index.skinName');

    const keyRow = [...container.querySelectorAll<HTMLElement>('[data-testid="cache-keys"] tbody tr')].find((r) =>
      r.textContent!.includes('config:sys.user.initPassword'),
    )!;
    [...keyRow.querySelectorAll('button')].find((b) => b.textContent === '删除')!.click();
    await waitFor(() => document.querySelector('[role="dialog"]'));
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('删除缓存键“config:sys.user.initPassword”？');
    button('确认')!.click();
    await waitFor(() => deleted.length === 1);
    expect(deleted).toEqual(['config:sys.user.initPassword']);
    await waitFor(() => !container.querySelector('[data-testid="cache-keys"]')?.textContent?.includes('config:sys.user.initPassword'));
    await waitFor(() => seen('GET', '/monitor/cache/getNames').length >= 2);

    button('清理全部')!.click();
    await waitFor(() => document.querySelector('[role="dialog"]')?.textContent?.includes('所有用户（包括您）需要重新登录'));
    button('确认')!.click();
    await waitFor(() => seen('DELETE', '/monitor/cache/clearCacheAll').length === 1);
  });

  it('shows the memory store without Redis, and no clear buttons without monitor:cache:clearCache', async () => {
    serve(({ method, path }) => {
      if (method === 'GET' && path === '/monitor/cache')
        return { data: { store: 'memory', namespace: '', redis: null, commandStats: [], memory: { keys: 12, bytes: 4096 } } };
      if (method === 'GET' && path === '/monitor/cache/getNames') return { data: groups.map((g) => ({ ...g, bytes: 2048 })) };
      return undefined;
    });
    render(<CacheMonitorScreen />, dataProvider, ['monitor:cache:list']);
    await waitFor(() => container.querySelector('[data-testid="cache-group-config"]'));
    await waitFor(() => container.querySelector('[data-testid="cache-overview"]'));
    expect(bodyText()).toContain('进程内存储（未配置 Redis）');
    expect(container.querySelector('[data-testid="cache-overview"]')!.textContent).toContain('4 KB');
    expect(container.querySelector('[data-testid="cache-group-config"]')!.textContent).toContain('2 (2 KB)');
    expect(container.querySelector('[data-testid="cache-commands"]')).toBeNull();
    expect(button('清理全部')).toBeUndefined();
    expect(button('清理')).toBeUndefined();
  });
});

describe('系统接口 screen', () => {
  const doc = {
    openapi: '3.0.0',
    info: { title: '智文 API', version: '0.1.0', description: 'Every answer is {code, msg, data}.' },
    tags: [{ name: 'system' }, { name: 'monitor' }],
    paths: {
      '/prod-api/system/user/list': {
        get: {
          tags: ['system'],
          summary: 'Users, paged',
          operationId: 'UserController_list',
          parameters: [
            { name: 'pageNum', in: 'query', required: false, schema: { type: 'integer' } },
            { name: 'status', in: 'query', required: false, description: '0 normal, 1 disabled', schema: { type: 'string', enum: ['0', '1'] } },
          ],
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/UserDto' } } } } },
        },
      },
      '/prod-api/system/user': {
        post: {
          tags: ['system'],
          summary: 'Add a user',
          operationId: 'UserController_add',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/UserDto' } } } },
          responses: { '201': { description: 'Created' } },
        },
      },
      '/prod-api/monitor/cache/clearCacheAll': {
        delete: {
          tags: ['monitor'],
          summary: 'Remove every key of ours',
          operationId: 'CacheMonitorController_clearAll',
          responses: { '200': { description: 'OK' } },
        },
      },
    },
    components: {
      schemas: {
        UserDto: {
          type: 'object',
          required: ['userName'],
          properties: { userName: { type: 'string', description: 'Account name' }, dept: { $ref: '#/components/schemas/DeptDto' } },
        },
        DeptDto: { type: 'object', properties: { deptName: { type: 'string' } } },
      },
    },
  };

  it('lists operations by tag, searches them and opens one with its parameters and schemas', async () => {
    serve(({ method, path }) => (method === 'GET' && path === '/tool/swagger/api-docs' ? { data: doc } : undefined));
    render(<ApiDocsScreen />, dataProvider, ['tool:swagger:list']);
    await waitFor(() => container.querySelector('[data-testid="api-tag-system"]'));
    expect(container.querySelector('[data-testid="api-count"]')!.textContent).toBe('3 个接口');
    expect(bodyText()).toContain('智文 API');
    const tags = [...container.querySelectorAll('[data-testid^="api-tag-"]')].map((e) => e.getAttribute('data-testid'));
    expect(tags).toEqual(['api-tag-system', 'api-tag-monitor']);

    type(container.querySelector<HTMLInputElement>('[data-testid="api-search"]')!, 'cache');
    await waitFor(() => container.querySelector('[data-testid="api-count"]')!.textContent === '1 个接口');
    expect(container.querySelector('[data-testid="api-tag-system"]')).toBeNull();
    type(container.querySelector<HTMLInputElement>('[data-testid="api-search"]')!, 'nothing-like-this');
    await waitFor(() => bodyText().includes('没有匹配的接口'));
    type(container.querySelector<HTMLInputElement>('[data-testid="api-search"]')!, 'user get');
    await waitFor(() => container.querySelector('[data-testid="api-count"]')!.textContent === '1 个接口');

    container.querySelector<HTMLElement>('[data-testid="api-op-get /prod-api/system/user/list"]')!.click();
    const details = await waitFor(() => container.querySelector('[data-testid="api-details-get /prod-api/system/user/list"]'));
    expect(details.textContent).toContain('pageNum');
    expect(details.textContent).toContain('"0" | "1"');
    expect(details.textContent).toContain('0 normal, 1 disabled');
    expect(details.textContent).toContain('UserDto');
    expect(details.textContent).toContain('userName *: string — Account name');
    expect(details.textContent).toContain('deptName: string');
  });

  it('says when the document cannot be loaded (no permission)', async () => {
    serve(({ path }) => (path === '/tool/swagger/api-docs' ? { error: '没有权限，请联系管理员授权' } : undefined));
    render(<ApiDocsScreen />, dataProvider, []);
    await waitFor(() => bodyText().includes('加载失败：没有权限，请联系管理员授权'));
  });
});
