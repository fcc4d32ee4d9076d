// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dashboard } from '../src/pages/Dashboard';
import { httpClient } from '../src/providers/httpClient';
import { bodyText, button, container, render, useAdminHarness, waitFor } from './support/adminHarness';

// The charts need a real layout engine (jsdom has none): a stand-in that shows what it was given.
vi.mock('../src/pages/dashboard/DashboardChart', () => ({
  default: ({ spec }: { spec: { key: string; series: Array<{ data: number[] }> } }) => (
    <svg data-testid={`chart-${spec.key}`} data-values={spec.series.map((s) => s.data.join(',')).join('|')} />
  ),
}));

useAdminHarness();
afterEach(() => vi.restoreAllMocks());

const days = ['2026-11-24', '2026-11-25'];
const fig = (a: number, b: number) => ({ today: b, total: a + b, series: [a, b] });

describe('dashboard page', () => {
  it('shows the cards and charts of the sections the server sent, and hides the others', async () => {
    const get = vi.spyOn(httpClient, 'get').mockResolvedValue({
      code: 200,
      msg: '',
      data: { timeZone: 'Asia/Shanghai', days, members: { registered: fig(1, 3) }, content: { published: fig(0, 2) } },
    });
    render(<Dashboard />, {}, ['cms:member:view', 'cms:content:view']);
    await waitFor(() => container.querySelector('[data-testid="chart-members"]'));
    expect(get).toHaveBeenCalledWith('/dashboard');
    expect(container.querySelector('[data-testid="dashboard-card-registered-today"]')!.textContent).toBe('3');
    expect(container.querySelector('[data-testid="dashboard-card-registered-total"]')!.textContent).toContain('4');
    expect(container.querySelector('[data-testid="chart-members"]')!.getAttribute('data-values')).toBe('1,3');
    expect(bodyText()).toContain('新增会员');
    expect(bodyText()).toContain('每日发布内容');
    expect(container.querySelector('[data-testid="dashboard-section-orders"]')).toBeNull();
    expect(container.querySelector('[data-testid="dashboard-section-ai"]')).toBeNull();
  });

  it('shows revenue in yuan', async () => {
    vi.spyOn(httpClient, 'get').mockResolvedValue({
      code: 200,
      msg: '',
      data: { timeZone: 'UTC', days, checkOrders: { orders: fig(1, 1), revenue: fig(500, 123456), finished: fig(0, 1), failed: fig(0, 0) } },
    });
    render(<Dashboard />, {}, ['check:order:list']);
    await waitFor(() => container.querySelector('[data-testid="dashboard-card-revenue-today"]'));
    expect(container.querySelector('[data-testid="dashboard-card-revenue-today"]')!.textContent).toBe('¥1,234.56');
    expect(container.querySelector('[data-testid="dashboard-card-revenue-total"]')!.textContent).toContain('¥1,239.56');
    await waitFor(() => container.querySelector('[data-testid="chart-checks"]'));
    expect(container.querySelector('[data-testid="chart-revenue"]')!.getAttribute('data-values')).toBe('5,1234.56');
  });

  it('says when loading fails and loads again on retry', async () => {
    const get = vi
      .spyOn(httpClient, 'get')
      .mockRejectedValueOnce(new Error('服务器开小差了'))
      .mockResolvedValue({ code: 200, msg: '', data: { timeZone: 'UTC', days } });
    render(<Dashboard />, {}, []);
    await waitFor(() => container.querySelector('[data-testid="dashboard-error"]'));
    expect(bodyText()).toContain('统计加载失败：服务器开小差了');
    button('重试')!.click();
    await waitFor(() => container.querySelector('[data-testid="dashboard-empty"]'));
    expect(get).toHaveBeenCalledTimes(2);
    expect(bodyText()).toContain('您的权限下没有可查看的统计');
  });
});
