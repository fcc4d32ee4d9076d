// @vitest-environment jsdom
import { formatDateTime } from '@zhiwen/shared';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../src/providers/dataProvider';
import { JobDialog, JobList, JobLogPage, type JobHandlerView } from '../src/screens/monitor/job/JobScreens';
import { DETAIL_PAGES, screenByComponent, SCREEN_API_PATHS, SCREEN_PERMISSION_PATHS } from '../src/screens/registry';
import { bodyText, button, render, type, useAdminHarness, waitFor } from './support/adminHarness';
import { seen, serve, usePaymentServer } from './support/paymentServer';

useAdminHarness();
// A loopback server answering the dialog's routes over real HTTP (the helper is generic despite its name).
usePaymentServer();

const HANDLERS: JobHandlerView[] = [
  {
    name: 'monitor.cleanJobLog',
    description: '清理调度日志：删除若干天前的调度日志',
    params: [{ name: 'days', label: '保留天数', type: 'integer', required: false, default: 30, min: 1, max: 3650 }],
  },
  {
    name: 'system.noop',
    description: '空任务',
    params: [
      { name: 'message', label: '消息', type: 'string', required: false, default: 'ok', maxLength: 200 },
      { name: 'fail', label: '执行失败（用于测试）', type: 'boolean', required: false, default: false },
    ],
  },
];
const NEXT = [
  '2026-11-26T18:00:00.000Z',
  '2026-11-27T18:00:00.000Z',
  '2026-11-28T18:00:00.000Z',
  '2026-11-29T18:00:00.000Z',
  '2026-11-30T18:00:00.000Z',
];

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`);
function choose(name: string, value: string) {
  const select = document.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

function serveJobRoutes() {
  serve(({ method, path, query }) => {
    if (method === 'GET' && path === '/monitor/job/handlers') return { data: HANDLERS };
    if (method === 'GET' && path === '/system/dict/data/type/sys_job_group')
      return {
        data: [
          { dictLabel: '默认', dictValue: 'DEFAULT' },
          { dictLabel: '系统', dictValue: 'SYSTEM' },
        ],
      };
    if (method === 'GET' && path === '/monitor/job/cron/next') {
      if (query.cron === '0 0 2 * * ?') return { data: { valid: true, nextTimes: NEXT } };
      return { data: { valid: false, message: 'cron 表达式第 3 个字段（时）的值“25”超出范围 0–23', nextTimes: [] } };
    }
    if (method === 'POST' && path === '/monitor/job') return { data: { jobId: '9' } };
    if (method === 'PUT' && path === '/monitor/job') return { data: { jobId: '4' } };
    return undefined;
  });
}

describe('registry', () => {
  it('registers 定时任务, 调度日志 and one job’s log page', () => {
    expect(screenByComponent('monitor/job/index')?.resource).toBe('monitor/job');
    expect(screenByComponent('monitor/job/log')?.resource).toBe('monitor/joblog');
    expect(SCREEN_API_PATHS['monitor/joblog']).toBe('monitor/jobLog');
    expect(SCREEN_PERMISSION_PATHS['monitor/joblog']).toBe('monitor/joblog');
    expect(DETAIL_PAGES.find((p) => p.path === 'monitor/job-log/index/:jobId')?.permission).toBe('monitor:job:list');
  });
});

describe('定时任务 dialog', () => {
  it('previews the next 5 runs as the cron is typed, says what is wrong with a bad one, and saves the handler with its parameters', async () => {
    serveJobRoutes();
    let saved = 0;
    render(<JobDialog onClose={() => undefined} onSaved={() => saved++} />, dataProvider, ['monitor:job:add']);
    await waitFor(() => document.querySelector('select[name="handler"] option[value="system.noop"]'));

    type(field('cronExpression')!, '0 0 25 * * ?');
    await waitFor(() => document.querySelector('[data-testid="cron-preview-error"]'));
    expect(bodyText()).toContain('cron 表达式第 3 个字段（时）的值“25”超出范围 0–23');

    type(field('cronExpression')!, '0 0 2 * * ?');
    const preview = await waitFor(() => document.querySelector('[data-testid="cron-preview"]'));
    expect([...preview.querySelectorAll('li')].map((li) => li.textContent)).toEqual(NEXT.map((t) => formatDateTime(t)));
    expect(document.querySelector('[data-testid="cron-preview-error"]')).toBeNull();
    // The preview asked only for what had settled, not for every keystroke.
    expect(seen('GET', '/monitor/job/cron/next').map((r) => new URL(r.url, 'http://x').searchParams.get('cron'))).toEqual([
      '0 0 25 * * ?',
      '0 0 2 * * ?',
    ]);

    // Picking a handler shows its parameters from the schema, with their defaults.
    choose('handler', 'monitor.cleanJobLog');
    const days = await waitFor(() => field('params.days'));
    expect(days.value).toBe('30');
    expect(bodyText()).toContain('清理调度日志：删除若干天前的调度日志');
    expect(bodyText()).toContain('1 到 3650 之间的整数');
    type(days, '7');
    type(field('jobName')!, '清理旧日志');
    choose('jobGroup', 'SYSTEM');
    choose('misfirePolicy', '2');
    field('status')!.click();
    button('保存')!.click();

    await waitFor(() => seen('POST', '/monitor/job').length === 1);
    expect(JSON.parse(seen('POST', '/monitor/job')[0].body)).toEqual({
      jobName: '清理旧日志',
      jobGroup: 'SYSTEM',
      handler: 'monitor.cleanJobLog',
      params: { days: 7 },
      cronExpression: '0 0 2 * * ?',
      misfirePolicy: '2',
      concurrent: '1',
      status: '0',
      remark: '',
    });
    await waitFor(() => saved === 1);
  });

  it('edits a job with PUT, keeping only the chosen handler’s parameters, and shows the server’s refusal', async () => {
    serveJobRoutes();
    serve(({ method, path, query }) => {
      if (method === 'PUT' && path === '/monitor/job') return { error: '参数“消息”必须是不超过 200 个字符的文本' };
      if (method === 'GET' && path === '/monitor/job/handlers') return { data: HANDLERS };
      if (method === 'GET' && path === '/system/dict/data/type/sys_job_group') return { data: [{ dictLabel: '默认', dictValue: 'DEFAULT' }] };
      if (method === 'GET' && path === '/monitor/job/cron/next') return { data: { valid: true, nextTimes: query.cron ? NEXT : [] } };
      return undefined;
    });
    const job = {
      jobId: '4',
      jobName: '演示',
      jobGroup: 'DEFAULT',
      handler: 'system.noop',
      params: { message: 'hi', fail: false },
      cronExpression: '0 0 2 * * ?',
      misfirePolicy: '0',
      concurrent: '0',
      status: '0',
      remark: '',
    };
    render(<JobDialog job={job} onClose={() => undefined} onSaved={() => undefined} />, dataProvider, ['monitor:job:edit']);
    const message = await waitFor(() => field('params.message'));
    expect(message.value).toBe('hi');
    await waitFor(() => document.querySelector('[data-testid="cron-preview"]'));
    type(message, 'x'.repeat(10));
    field('params.fail')!.click();
    button('保存')!.click();
    await waitFor(() => seen('PUT', '/monitor/job').length === 1);
    expect(JSON.parse(seen('PUT', '/monitor/job')[0].body)).toMatchObject({
      jobId: '4',
      handler: 'system.noop',
      params: { message: 'xxxxxxxxxx', fail: true },
      concurrent: '0',
    });
    await waitFor(() => document.querySelector('[data-testid="job-save-error"]'));
    expect(bodyText()).toContain('参数“消息”必须是不超过 200 个字符的文本');
  });
});

const JOB = {
  jobId: '4',
  jobName: '夜间清理',
  jobGroup: 'SYSTEM',
  handler: 'monitor.cleanJobLog',
  params: { days: 30 },
  cronExpression: '0 10 3 * * ?',
  misfirePolicy: '2',
  concurrent: '1',
  status: '0',
  remark: '',
  nextFireTime: '2026-11-26T19:10:00.000Z',
};
const LOG = {
  jobLogId: '77',
  jobId: '4',
  jobName: '夜间清理',
  jobGroup: 'SYSTEM',
  handler: 'monitor.cleanJobLog',
  params: { days: 30 },
  triggerType: 'manual',
  status: '1',
  jobMessage: '磁盘已满',
  exceptionInfo: 'Error: 磁盘已满\n    at clean (job.ts:1:1)',
  startTime: '2026-11-25T19:10:00.000Z',
  endTime: '2026-11-25T19:10:01.500Z',
  durationMs: 1500,
};

describe('定时任务 list and 调度日志', () => {
  it('lists jobs, runs one once after confirming, opens the add dialog and links to the job log', async () => {
    serve(({ method, path }) => {
      if (method === 'GET' && path === '/monitor/job/list') return { data: { rows: [JOB], total: 1 } };
      if (method === 'GET' && path === '/system/dict/data/type/sys_job_group') return { data: [{ dictLabel: '系统', dictValue: 'SYSTEM' }] };
      if (method === 'GET' && path === '/monitor/job/handlers') return { data: HANDLERS };
      if (method === 'PUT' && path === '/monitor/job/run') return { data: null };
      return undefined;
    });
    render(
      <ResourceContextProvider value="monitor/job">
        <JobList />
      </ResourceContextProvider>,
      dataProvider,
      ['monitor:job:list', 'monitor:job:add', 'monitor:job:edit', 'monitor:job:changeStatus', 'monitor:job:remove', 'monitor:joblog:list'],
    );
    await waitFor(() => bodyText().includes('夜间清理'));
    expect(bodyText()).toContain('monitor.cleanJobLog {"days":30}');
    expect(bodyText()).toContain(formatDateTime(JOB.nextFireTime));
    const link = document.querySelector<HTMLAnchorElement>('a[href="/monitor/job-log/index/4"]');
    expect(link?.textContent).toContain('调度日志');

    button('执行一次')!.click();
    await waitFor(() => bodyText().includes('确认要立即执行一次“夜间清理”任务吗？'));
    button('确认')!.click();
    await waitFor(() => seen('PUT', '/monitor/job/run').length === 1);
    expect(JSON.parse(seen('PUT', '/monitor/job/run')[0].body)).toEqual({ jobId: '4' });

    button('新增')!.click();
    await waitFor(() => bodyText().includes('添加任务'));
  });

  it("shows one job's runs with their message and error", async () => {
    serve(({ method, path, query }) => {
      if (method === 'GET' && path === '/monitor/job/4') return { data: JOB };
      if (method === 'GET' && path === '/monitor/jobLog/list')
        return { data: { rows: query.jobId === '4' ? [LOG] : [], total: query.jobId === '4' ? 1 : 0 } };
      if (method === 'GET' && path === '/monitor/jobLog/77') return { data: LOG };
      if (method === 'GET' && path === '/system/dict/data/type/sys_job_group') return { data: [{ dictLabel: '系统', dictValue: 'SYSTEM' }] };
      return undefined;
    });
    render(
      <Routes>
        <Route path="/monitor/job-log/index/:jobId" element={<JobLogPage />} />
      </Routes>,
      dataProvider,
      ['monitor:job:list', 'monitor:joblog:list', 'monitor:joblog:remove'],
      '/monitor/job-log/index/4',
    );
    await waitFor(() => bodyText().includes('磁盘已满'));
    expect(bodyText()).toContain('定时任务 / 夜间清理');
    expect(bodyText()).toContain('失败');
    expect(bodyText()).toContain('手动执行');
    expect(bodyText()).toContain('1,500');
    expect(button('清空')).toBeTruthy();
    (document.querySelector('tbody tr') as HTMLElement).click();
    const detail = await waitFor(() => document.querySelector('[data-testid="job-log-detail"]'));
    await waitFor(() => detail.textContent?.includes('at clean (job.ts:1:1)'));
  });
});
