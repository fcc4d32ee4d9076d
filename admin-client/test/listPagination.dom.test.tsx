// @vitest-environment jsdom
import { ResourceContextProvider, TextField, Datagrid, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { ScreenList } from '../src/components/ScreenList';
import { httpClient } from '../src/providers/httpClient';
import { ContentList } from '../src/screens/cms/content/ContentScreens';
import { bodyText, render, useAdminHarness, waitFor } from './support/adminHarness';

useAdminHarness();

const ok = (data: unknown) => ({ code: 200, msg: '', data });
/** The pager's text (react-admin's range, or the shared "共 0 条"). */
const pagerText = () => document.querySelector('.MuiTablePagination-displayedRows, [role="status"]')?.textContent ?? '';

/** A plain screen list of one column. */
const screen = (getList: DataProvider['getList']) =>
  render(
    <ResourceContextProvider value="system/post">
      <ScreenList exportable={false} creatable={false} empty={false}>
        <Datagrid bulkActionButtons={false}>
          <TextField source="postName" />
        </Datagrid>
      </ScreenList>
    </ResourceContextProvider>,
    { getList },
    ['system:post:list'],
  );

describe('the shared list pager', () => {
  it('counts the rows the server reports', async () => {
    screen((async () => ({
      data: [
        { id: 1, postName: '董事长' },
        { id: 2, postName: '项目经理' },
      ],
      total: 2,
    })) as unknown as DataProvider['getList']);
    await waitFor(() => bodyText().includes('项目经理'));
    await waitFor(() => pagerText().includes('第 1-2 条，共 2 条'));
  });

  it('reads 约 N 条 when the server estimated the total of a large list', async () => {
    screen((async () => ({
      data: [
        { id: 1, postName: '董事长' },
        { id: 2, postName: '项目经理' },
      ],
      total: 20000,
      meta: { totalExact: false },
    })) as unknown as DataProvider['getList']);
    await waitFor(() => bodyText().includes('项目经理'));
    await waitFor(() => pagerText().includes('第 1-20 条，约 20000 条'));
  });

  it('reads 共 0 条 for an empty result', async () => {
    screen((async () => ({ data: [], total: 0 })) as unknown as DataProvider['getList']);
    await waitFor(() => pagerText() === '共 0 条');
    expect(bodyText()).not.toContain('共 20 条');
  });

  it('reads 共 0 条, not the page size, when the list request fails', async () => {
    screen((async () => {
      throw new Error('没有可用的站点');
    }) as unknown as DataProvider['getList']);
    await waitFor(() => pagerText() === '共 0 条');
    expect(bodyText()).not.toMatch(/共 20 条|第 1-20 条/);
  });

  it('shows 共 0 条 on the CMS content list of a new install (no site: the server refuses the list)', async () => {
    vi.spyOn(httpClient, 'get').mockImplementation(
      async (url: string) => ok(url === '/cms/catalog/tree' ? { rows: [], siteName: '' } : null) as never,
    );
    const getList = vi.fn(async () => {
      throw new Error('当前没有可用的站点');
    });
    render(
      <ResourceContextProvider value="cms/content">
        <ContentList />
      </ResourceContextProvider>,
      { getList: getList as unknown as DataProvider['getList'] },
      ['cms:content:view'],
    );
    await waitFor(() => getList.mock.calls.length > 0);
    await waitFor(() => pagerText() === '共 0 条');
    expect(bodyText()).not.toMatch(/共 20 条|第 1-20 条/);
  });
});
