// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../src/providers/dataProvider';
import { AsyncTaskScreen } from '../src/screens/monitor/async/AsyncTaskScreen';
import { TaskScreen } from '../src/screens/monitor/task/TaskScreen';
import { bodyText, button, buttons, render, type, useAdminHarness, waitFor } from './support/adminHarness';
import { seen, serve, usePaymentServer } from './support/paymentServer';
import { parseUrl } from './testServer';

useAdminHarness();
// The loopback server of the payment tests speaks the same envelope for any path.
usePaymentServer();

const TASK_PERMS = [
  'monitor:task:list',
  'monitor:task:query',
  'monitor:task:edit',
  'monitor:task:changeStatus',
  'monitor:task:exec',
  'monitor:task:log',
  'monitor:task:remove',
];

const publishTask = {
  taskId: 'cms-content-publish-due',
  taskName: 'cms-content-publish-due',
  description: '发布到了定时发布时间的内容',
  status: '0',
  triggerType: 'cron',
  cronExpression: '*/5 * * * *',
  declaredCron: '* * * * *',
  periodSeconds: null,
  initialDelaySeconds: 0,
  nextRunTime: '2026-11-25T02:05:00Z',
  nextRuns: [],
  lastRun: {
    logId: '9',
    taskName: 'cms-content-publish-due',
    jobId: 'j',
    manual: false,
    startTime: '2026-11-25T02:00:00Z',
    endTime: '2026-11-25T02:00:01Z',
    durationMs: 1250,
    status: '1',
    message: 'database went away',
  },
};
const sweepTask = {
  ...publishTask,
  taskId: 'payment-sweep',
  taskName: 'payment-sweep',
  description: '向支付渠道跟进待支付的交易和退款',
  status: '1',
  triggerType: 'fixedRate',
  cronExpression: '* * * * *',
  periodSeconds: 30,
  initialDelaySeconds: 10,
  nextRunTime: null,
  lastRun: null,
};

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const within = (root: HTMLElement | null, text: string) => [...(root?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === text);
const rowOf = (attr: string, id: string) => document.querySelector<HTMLElement>(`[${attr}="${id}"]`)!;

describe('计划任务 screen', () => {
  it('lists triggers, next and last runs; pauses, runs once, changes the trigger with a cron preview and reads and clears the log', async () => {
    serve(({ method, path, query }) => {
      if (method === 'GET' && path === '/monitor/task') return { data: { rows: [publishTask, sweepTask], total: 2 } };
      if (method === 'PUT' && path.startsWith('/monitor/task/disable/')) return { data: null };
      if (method === 'POST' && path.startsWith('/monitor/task/exec/')) return { data: 'job-1' };
      if (method === 'GET' && path === '/monitor/task/cronPreview') {
        if (query.cron === '61 * * * *') return { error: 'cron 表达式“61 * * * *”不正确：Constraint error, got value 61 expected range 0-59' };
        return { data: ['2026-11-25T02:10:00Z', '2026-11-25T02:20:00Z', '2026-11-25T02:30:00Z', '2026-11-25T02:40:00Z', '2026-11-25T02:50:00Z'] };
      }
      if (method === 'PUT' && path === '/monitor/task') return { data: publishTask };
      if (method === 'GET' && path === '/monitor/task/logs')
        return {
          data: {
            rows: [publishTask.lastRun, { ...publishTask.lastRun, logId: '8', status: '0', message: null, manual: true, durationMs: 80 }],
            total: 2,
          },
        };
      if (method === 'DELETE' && path === '/monitor/task/logs') return { data: 2 };
      return undefined;
    });
    render(<TaskScreen />, dataProvider, TASK_PERMS);
    await waitFor(() => bodyText().includes('cms-content-publish-due'));
    const publish = rowOf('data-task', 'cms-content-publish-due');
    expect(publish.textContent).toContain('*/5 * * * *');
    expect(publish.textContent).toContain('声明：* * * * *');
    expect(publish.textContent).toContain('失败');
    expect(publish.textContent).toContain('database went away');
    expect(publish.textContent).toContain('1.3 s');
    const sweep = rowOf('data-task', 'payment-sweep');
    expect(sweep.textContent).toContain('每 30 秒（启动后延迟 10 秒）');
    expect(sweep.textContent).toContain('暂停');
    expect(sweep.textContent).toContain('从未执行');

    // Pause the first one.
    publish.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await waitFor(() => seen('PUT', '/monitor/task/disable/cms-content-publish-due').length === 1);

    // Run once, after confirming.
    within(publish, '执行一次')!.click();
    await waitFor(() => dialog()?.textContent?.includes('立即执行一次“cms-content-publish-due”'));
    within(dialog(), '确认')!.click();
    await waitFor(() => seen('POST', '/monitor/task/exec/cms-content-publish-due').length === 1);
    await waitFor(() => !dialog());

    // The trigger dialog: a wrong cron says why, a right one shows its next five runs; then a fixed rate is saved.
    within(publish, '修改触发')!.click();
    await waitFor(() => dialog());
    const cron = dialog()!.querySelector<HTMLInputElement>('input[name="cronExpression"]')!;
    expect(cron.value).toBe('*/5 * * * *');
    await waitFor(() => dialog()!.querySelector('[data-testid="cron-preview"]'));
    expect(dialog()!.querySelector('[data-testid="cron-preview"]')!.querySelectorAll('p').length).toBe(5);
    type(cron, '61 * * * *');
    await waitFor(() => dialog()!.textContent!.includes('expected range 0-59'));
    expect(within(dialog(), '保存')!.disabled).toBe(true);
    type(cron, '*/10 * * * *');
    await waitFor(() => dialog()!.querySelector('[data-testid="cron-preview"]') && !within(dialog(), '保存')!.disabled);
    expect(parseUrl(seen('GET', '/monitor/task/cronPreview').at(-1)!).query.cron).toBe('*/10 * * * *');
    dialog()!.querySelector<HTMLInputElement>('input[value="fixedRate"]')!.click();
    await waitFor(() => dialog()!.querySelector('input[name="periodSeconds"]'));
    type(dialog()!.querySelector<HTMLInputElement>('input[name="periodSeconds"]')!, '0');
    await waitFor(() => within(dialog(), '保存')!.disabled);
    type(dialog()!.querySelector<HTMLInputElement>('input[name="periodSeconds"]')!, '45');
    type(dialog()!.querySelector<HTMLInputElement>('input[name="initialDelaySeconds"]')!, '5');
    await waitFor(() => !within(dialog(), '保存')!.disabled);
    within(dialog(), '保存')!.click();
    await waitFor(() => seen('PUT', '/monitor/task').length === 1);
    expect(JSON.parse(seen('PUT', '/monitor/task')[0].body)).toEqual({
      taskName: 'cms-content-publish-due',
      triggerType: 'fixedRate',
      periodSeconds: 45,
      initialDelaySeconds: 5,
    });
    await waitFor(() => !dialog());

    // The log drawer of the task, then 清空日志.
    within(publish, '日志')!.click();
    await waitFor(() => bodyText().includes('执行日志：cms-content-publish-due'));
    await waitFor(() => bodyText().includes('手动执行'));
    expect(parseUrl(seen('GET', '/monitor/task/logs')[0]).query.taskName).toBe('cms-content-publish-due');
    button('清空日志')!.click();
    const lastDialog = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].at(-1);
    await waitFor(() => lastDialog()?.textContent?.includes('清空“cms-content-publish-due”的全部执行日志？'));
    within(lastDialog()!, '确认')!.click();
    await waitFor(() => seen('DELETE', '/monitor/task/logs').length === 1);
    expect(parseUrl(seen('DELETE', '/monitor/task/logs')[0]).query.taskName).toBe('cms-content-publish-due');
  });

  it('shows only what the permissions allow', async () => {
    serve(({ method, path }) => (method === 'GET' && path === '/monitor/task' ? { data: { rows: [publishTask], total: 1 } } : undefined));
    render(<TaskScreen />, dataProvider, ['monitor:task:list']);
    await waitFor(() => bodyText().includes('cms-content-publish-due'));
    await new Promise((r) => setTimeout(r, 200));
    expect(button('执行一次')).toBeUndefined();
    expect(button('修改触发')).toBeUndefined();
    expect(button('日志')).toBeUndefined();
    expect(rowOf('data-task', 'cms-content-publish-due').querySelector<HTMLInputElement>('input[type="checkbox"]')!.disabled).toBe(true);
  });
});

const ASYNC_PERMS = ['monitor:async:list', 'monitor:async:stop', 'monitor:async:retry', 'monitor:async:remove'];
const job = (id: string, state: string, extra: object = {}) => ({
  id,
  name: 'cms.publish',
  state,
  progress: null,
  progressMessage: null,
  retryCount: 0,
  retryLimit: 3,
  createdOn: '2026-11-25T02:00:00Z',
  startedOn: null,
  completedOn: null,
  error: null,
  archived: false,
  ...extra,
});
const RUNNING = '11111111-1111-4111-8111-111111111111';
const FAILED = '22222222-2222-4222-8222-222222222222';
const DONE = '33333333-3333-4333-8333-333333333333';

describe('异步任务 screen', () => {
  it('lists jobs in words with progress, stops, retries and removes them, and reads again while one is running', async () => {
    serve(({ method, path }) => {
      if (method === 'GET' && path === '/async/task')
        return {
          data: {
            rows: [
              job(RUNNING, 'active', { name: 'check.run', progress: 40, progressMessage: 'compare', startedOn: '2026-11-25T02:00:01Z' }),
              job(FAILED, 'failed', { error: 'template missing', retryCount: 3 }),
              job(DONE, 'completed', { progress: 100, completedOn: '2026-11-25T02:00:05Z' }),
            ],
            total: 3,
          },
        };
      if (method === 'PUT' && (path === '/async/task/stop' || path === '/async/task/retry')) return { data: null };
      if (method === 'DELETE' && path === '/async/task/remove') return { data: null };
      return undefined;
    });
    render(<AsyncTaskScreen />, dataProvider, ASYNC_PERMS);
    await waitFor(() => bodyText().includes(RUNNING));
    const running = rowOf('data-job', RUNNING);
    expect(running.textContent).toContain('论文检测');
    expect(running.textContent).toContain('执行中');
    expect(running.textContent).toContain('40% · compare');
    expect(running.querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow')).toBe('40');
    const failed = rowOf('data-job', FAILED);
    expect(failed.textContent).toContain('内容发布');
    expect(failed.textContent).toContain('template missing');
    expect(failed.textContent).toContain('第 3 次重试（最多 3 次）');
    const done = rowOf('data-job', DONE);
    expect(done.textContent).toContain('已完成');
    expect(done.querySelector('[role="progressbar"]')).toBeNull();
    // Which row offers what.
    expect(within(running, '停止')).toBeTruthy();
    expect(within(running, '删除')).toBeUndefined();
    expect(within(failed, '重试')).toBeTruthy();
    expect(within(done, '删除')).toBeTruthy();
    expect(within(done, '停止')).toBeUndefined();

    // A job is running: the list is read again on its own.
    await waitFor(() => seen('GET', '/async/task').length >= 2, 5000);

    within(running, '停止')!.click();
    await waitFor(() => dialog()?.textContent?.includes(`停止“论文检测”任务 ${RUNNING}？`));
    within(dialog(), '确认')!.click();
    await waitFor(() => seen('PUT', '/async/task/stop').length === 1);
    expect(JSON.parse(seen('PUT', '/async/task/stop')[0].body)).toEqual({ taskIds: [RUNNING] });
    await waitFor(() => !dialog());

    within(rowOf('data-job', FAILED), '重试')!.click();
    await waitFor(() => dialog());
    within(dialog(), '确认')!.click();
    await waitFor(() => seen('PUT', '/async/task/retry').length === 1);
    expect(JSON.parse(seen('PUT', '/async/task/retry')[0].body)).toEqual({ taskIds: [FAILED] });
    await waitFor(() => !dialog());

    within(rowOf('data-job', DONE), '删除')!.click();
    await waitFor(() => dialog());
    const readsBefore = seen('GET', '/async/task').length;
    within(dialog(), '确认')!.click();
    await waitFor(() => seen('DELETE', '/async/task/remove').length === 1);
    expect(JSON.parse(seen('DELETE', '/async/task/remove')[0].body)).toEqual({ taskIds: [DONE] });
    // The list is read again after the removal.
    await waitFor(() => seen('GET', '/async/task').length > readsBefore);
  });

  it('on a server slower than its refresh, shows each answer and reads again only after it, never two reads at once', async () => {
    // Each read of the list takes longer than the screen's refresh interval (2 s); progress moves on every read.
    let inFlight = 0;
    let mostInFlight = 0;
    let reads = 0;
    serve(async ({ method, path }) => {
      if (method !== 'GET' || path !== '/async/task') return undefined;
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      reads += 1;
      const progress = reads * 10;
      await new Promise((r) => setTimeout(r, 2500));
      inFlight -= 1;
      return { data: { rows: [job(RUNNING, 'active', { name: 'check.library.rebuild', progress })], total: 1 } };
    });
    render(<AsyncTaskScreen />, dataProvider, ASYNC_PERMS);
    await waitFor(() => bodyText().includes('10%'), 5000);
    expect(rowOf('data-job', RUNNING).textContent).toContain('执行中');
    // The second answer arrives and is shown: it was not dropped for a newer read started before it came.
    await waitFor(() => rowOf('data-job', RUNNING).textContent!.includes('20%'), 8000);
    expect(mostInFlight).toBe(1);
    expect(seen('GET', '/async/task').length).toBeLessThanOrEqual(3);
  }, 20_000);

  it('filters by type, stays still when nothing is unfinished, and hides actions without their permissions', async () => {
    serve(({ method, path }) =>
      method === 'GET' && path === '/async/task' ? { data: { rows: [job(FAILED, 'failed'), job(DONE, 'completed')], total: 2 } } : undefined,
    );
    render(<AsyncTaskScreen />, dataProvider, ['monitor:async:list']);
    await waitFor(() => bodyText().includes(DONE));
    expect(buttons().some((b) => ['停止', '重试', '删除'].includes(b.textContent?.trim() ?? ''))).toBe(false);
    const typeInput = document.querySelector<HTMLInputElement>('input:not([type="hidden"]):not([aria-hidden="true"])')!;
    type(typeInput, 'check');
    await waitFor(() => seen('GET', '/async/task').some((r) => parseUrl(r).query.name === 'check'));
    const count = seen('GET', '/async/task').length;
    await new Promise((r) => setTimeout(r, 2600));
    expect(seen('GET', '/async/task').length).toBe(count);
  });
});
