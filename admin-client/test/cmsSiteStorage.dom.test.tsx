// @vitest-environment jsdom
import type { DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { httpClient } from '../src/providers/httpClient';
import { SiteTabsPage } from '../src/screens/cms/site/SiteTabsPage';
import { bodyText, button, input, render, type, useAdminHarness, waitFor } from './support/adminHarness';

useAdminHarness();

const site = { id: '7', siteId: '7', name: '演示站', path: 'demo', publishPipes: [], publishPipeProps: {}, configProps: {} };
const stored = {
  driver: 's3',
  endpoint: 'http://minio.internal:9000',
  region: 'us-east-1',
  bucket: 'demo-res',
  accessKey: 'AK1',
  secretKeySet: true,
  publicUrl: 'https://cdn.demo.com',
  resourceBase: 'https://cdn.demo.com/site/demo/',
  fileCount: 12,
};

function showStorageTab(permissions: string[]) {
  vi.spyOn(httpClient, 'get').mockImplementation((async (url: string) => {
    if (url === '/cms/site/storage/7') return { code: 200, msg: '', data: stored };
    if (url === '/cms/site/dashboard') return { code: 200, msg: '', data: { siteId: '7', contentByStatus: {} } };
    throw new Error(`unexpected GET ${url}`);
  }) as typeof httpClient.get);
  render(
    <Routes>
      <Route path="/cms/site/tabs" element={<SiteTabsPage />} />
    </Routes>,
    { getOne: (async () => ({ data: site })) as unknown as DataProvider['getOne'] },
    permissions,
    '/cms/site/tabs?siteId=7&tab=storage',
  );
}

describe('site storage tab', () => {
  it('shows where the resources live and keeps the stored secret when the public URL changes, after confirming the copy', async () => {
    const put = vi.spyOn(httpClient, 'put').mockResolvedValue({ code: 200, msg: '已切换存储', data: { copied: 0, bytes: 0, keptInPrevious: 0 } });
    showStorageTab(['cms:site:view', 'cms:site:edit', 'cms:site:storage']);
    await waitFor(() => input('publicUrl'));
    expect(bodyText()).toContain('资源文件 12 个');
    expect(bodyText()).toContain('https://cdn.demo.com/site/demo/');
    expect(bodyText()).toContain('已保存，留空则不修改');
    expect(input('secretKey')!.value).toBe('');

    type(input('publicUrl')!, 'https://cdn2.demo.com');
    button('切换存储')!.click();
    await waitFor(() => bodyText().includes('将把 12 个资源文件复制到新存储'));
    expect(put).not.toHaveBeenCalled();
    button('确认')!.click();
    await waitFor(() => put.mock.calls.length === 1);
    expect(put).toHaveBeenCalledWith('/cms/site/storage/7', {
      driver: 's3',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      bucket: 'demo-res',
      accessKey: 'AK1',
      publicUrl: 'https://cdn2.demo.com',
    });
  });

  it('is not offered without the storage permission', async () => {
    showStorageTab(['cms:site:view', 'cms:site:edit']);
    await waitFor(() => document.querySelectorAll('[role="tab"]').length > 0);
    expect([...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).not.toContain('存储');
    expect(input('publicUrl')).toBeNull();
  });
});
