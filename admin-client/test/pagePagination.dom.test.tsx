// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { PagePagination } from '../src/components/PagePagination';
import { bodyText, render, useAdminHarness, waitFor } from './support/adminHarness';

useAdminHarness();

describe('pager of tables outside react-admin lists', () => {
  it('reads the range and the page size in the app language and pages from 1', async () => {
    const onPage = vi.fn();
    render(<PagePagination total={35} page={2} pageSize={20} pageSizes={[10, 20]} onPage={onPage} />, {}, []);
    await waitFor(() => bodyText().includes('第 21-35 条，共 35 条'));
    expect(bodyText()).toContain('每页条数');
    document.querySelector<HTMLButtonElement>('button[aria-label="Go to previous page"], button[title="Go to previous page"]')?.click();
    expect(onPage).toHaveBeenCalledWith(1);
  });

  it('reads 共 0 条 when there is nothing', async () => {
    render(<PagePagination total={0} page={1} pageSize={20} onPage={() => undefined} />, {}, []);
    await waitFor(() => bodyText().includes('共 0 条'));
    expect(bodyText()).not.toContain('of');
  });
});
