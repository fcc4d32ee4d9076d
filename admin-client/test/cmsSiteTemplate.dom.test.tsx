// @vitest-environment jsdom
import { HttpError, ResourceContextProvider, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpClient } from '../src/providers/httpClient';
import { SiteCreate } from '../src/screens/cms/site/SiteScreens';
import { SiteTabsPage } from '../src/screens/cms/site/SiteTabsPage';
import { TemplateEditorPage } from '../src/screens/cms/template/TemplateEditorPage';
import { bodyText, button, input, render, type, useAdminHarness, waitFor } from './support/adminHarness';

// CodeMirror needs a real layout engine: the editor page gets a plain textarea with the same props instead.
vi.mock('../src/screens/cms/template/CodeEditor', () => ({
  default: ({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

useAdminHarness();

afterEach(() => {
  document.cookie = 'CurrentSite=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('site create form', () => {
  it('sends the site fields only, then offers to switch to the new site', async () => {
    const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
      data: { ...params.data, siteId: '9', id: '9' },
    }));
    const post = vi.spyOn(httpClient, 'post').mockResolvedValue({ code: 200, msg: '', data: { siteId: '9', siteName: '新闻网' } });
    render(
      <Routes>
        <Route
          path="/cms/site/create"
          element={
            <ResourceContextProvider value="cms/site">
              <SiteCreate />
            </ResourceContextProvider>
          }
        />
        <Route path="/redirect/*" element={<p>redirected</p>} />
      </Routes>,
      { create: create as unknown as DataProvider['create'] },
      ['cms:site:view', 'cms:site:add'],
      '/cms/site/create',
    );
    await waitFor(() => input('name'));
    type(input('name')!, ' 新闻网 ');
    type(input('path')!, 'news');
    type(input('seoTitle')!, '新闻');
    button('保存')!.click();
    await waitFor(() => create.mock.calls.length === 1);
    expect(create.mock.calls[0][0]).toBe('cms/site');
    expect(create.mock.calls[0][1].data).toEqual({
      name: '新闻网',
      path: 'news',
      logo: '',
      resourceUrl: '',
      description: '',
      staticSuffix: 'html',
      sort: 0,
      seoTitle: '新闻',
      seoKeywords: '',
      seoDescription: '',
      remark: '',
    });

    await waitFor(() => bodyText().includes('是否切换到新站点“新闻网”作为当前站点？'));
    button('切换到该站点')!.click();
    await waitFor(() => bodyText().includes('redirected'));
    expect(post).toHaveBeenCalledWith('/cms/site/setCurrentSite/9');
    expect(document.cookie).toContain('CurrentSite=9');
  });

  it('refuses a site folder with other characters than letters and digits', async () => {
    const create = vi.fn();
    render(
      <ResourceContextProvider value="cms/site">
        <SiteCreate />
      </ResourceContextProvider>,
      { create: create as unknown as DataProvider['create'] },
      ['cms:site:view', 'cms:site:add'],
    );
    await waitFor(() => input('name'));
    type(input('name')!, '新闻网');
    type(input('path')!, 'news-site');
    button('保存')!.click();
    await waitFor(() => bodyText().includes('只能包含字母和数字'));
    await new Promise((r) => setTimeout(r, 100));
    expect(create).not.toHaveBeenCalled();
  });
});

describe('site editor page', () => {
  const site = {
    id: '7',
    siteId: '7',
    name: '演示站',
    path: 'demo',
    logo: '',
    resourceUrl: '',
    description: '',
    staticSuffix: 'html',
    sort: 1,
    seoTitle: '',
    seoKeywords: '',
    seoDescription: '',
    remark: '',
    createTime: '2025-01-01T00:00:00Z',
    configProps: {},
    publishPipeProps: {},
    publishPipes: [
      { pipeCode: 'pc', pipeName: 'PC', status: '0', url: '', indexTemplate: 'index.template.html', siteUrl: '/site/demo/pc/' },
      { pipeCode: 'h5', pipeName: 'H5', status: '0', url: '', indexTemplate: '', siteUrl: '/site/demo/h5/' },
    ],
  };

  it('shows the dashboard counts and saves the basic tab with the pipes as publishPipeProps', async () => {
    vi.spyOn(httpClient, 'get').mockImplementation((async (url: string) => {
      if (url === '/cms/site/dashboard') {
        return {
          code: 200,
          msg: '',
          data: {
            siteId: '7',
            siteName: '演示站',
            catalogCount: 20,
            contentCount: 105,
            contentByStatus: { published: 100, draft: 5 },
            templateCount: 12,
            publishPipeCount: 2,
            resourceCount: 3,
          },
        };
      }
      throw new Error(`unexpected GET ${url}`);
    }) as typeof httpClient.get);
    const update = vi.fn(async (_resource: string, params: { id: string; data: Record<string, unknown> }) => ({
      data: { ...params.data, id: params.id },
    }));
    render(
      <Routes>
        <Route path="/cms/site/tabs" element={<SiteTabsPage />} />
      </Routes>,
      { getOne: (async () => ({ data: site })) as unknown as DataProvider['getOne'], update: update as unknown as DataProvider['update'] },
      ['cms:site:view', 'cms:site:edit'],
      '/cms/site/tabs?siteId=7',
    );
    await waitFor(() => input('publishPipes.0.url'));
    expect([...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual(['基本信息', '扩展设置', '站点属性', '默认模板']);
    await waitFor(() => document.querySelector('[data-testid="dash-catalogCount"]')?.textContent?.startsWith('20'));
    expect(document.querySelector('[data-testid="dash-status-published"]')?.textContent).toBe('已发布: 100');
    expect(input('path')!.readOnly).toBe(true);

    type(input('publishPipes.0.url')!, 'https://www.demo.com/');
    type(input('publishPipes.1.indexTemplate')!, 'm/index.template.html');
    button('保存')!.click();
    await waitFor(() => update.mock.calls.length === 1);
    expect(update.mock.calls[0][0]).toBe('cms/site');
    const body = update.mock.calls[0][1].data;
    expect(body).toMatchObject({ siteId: '7', name: '演示站', path: 'demo', sort: 1, staticSuffix: 'html' });
    expect(body.publishPipeProps).toEqual({
      pc: { url: 'https://www.demo.com/', indexTemplate: 'index.template.html' },
      h5: { url: '', indexTemplate: 'm/index.template.html' },
    });
    expect(body).not.toHaveProperty('publishPipes');
  });
});

describe('template editor', () => {
  const detail = { templateId: '5', siteId: '1', publishPipeCode: 'pc', path: 'news/list.template.html', content: '<h1>{{ catalog.name }}</h1>\n' };
  const list = {
    rows: [
      { templateId: '4', siteId: '1', publishPipeCode: 'pc', path: 'index.template.html' },
      { templateId: '5', siteId: '1', publishPipeCode: 'pc', path: 'news/list.template.html' },
    ],
    total: 2,
  };

  function showEditor() {
    vi.spyOn(httpClient, 'get').mockImplementation((async (url: string) => {
      if (url === '/cms/template/5') return { code: 200, msg: '', data: detail };
      if (url === '/cms/template') return { code: 200, msg: '', data: list };
      throw new Error(`unexpected GET ${url}`);
    }) as typeof httpClient.get);
    render(
      <Routes>
        <Route path="/cms/template/editor" element={<TemplateEditorPage />} />
      </Routes>,
      {},
      ['cms:template:view', 'cms:template:edit'],
      '/cms/template/editor?templateId=5',
    );
  }

  it('shows the syntax error the server names and keeps the typed text', async () => {
    const message = '模板语法错误（第 2 行第 1 列）：tag "endfor" not opened';
    const put = vi
      .spyOn(httpClient, 'put')
      .mockRejectedValue(
        new HttpError(message, 500, { code: 500, msg: message, data: { syntaxErrors: [{ line: 2, col: 1, message: 'tag "endfor" not opened' }] } }),
      );
    showEditor();
    const editor = await waitFor(() => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="模板代码"]'));
    expect(editor.value).toBe(detail.content);
    // The file tree lists the pipe's templates, the open one inside its expanded folder.
    expect(bodyText()).toContain('index.template.html');
    expect(bodyText()).toContain('list.template.html');

    const edited = '<h1>{{ catalog.name }}</h1>\n{% endfor %}\n';
    type(editor, edited);
    await waitFor(() => bodyText().includes('未保存'));
    button('保存')!.click();
    await waitFor(() => put.mock.calls.length === 1);
    expect(put.mock.calls[0]).toEqual(['/cms/template', { templateId: '5', content: edited }]);
    const alert = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="template-save-error"]'));
    expect(alert.textContent).toContain(message);
    expect(document.querySelector<HTMLTextAreaElement>('textarea[aria-label="模板代码"]')!.value).toBe(edited);
    expect(bodyText()).toContain('未保存');
  });

  it('saves the text and clears the unsaved mark', async () => {
    const put = vi.spyOn(httpClient, 'put').mockResolvedValue({ code: 200, msg: '', data: { templateId: '5' } });
    showEditor();
    const editor = await waitFor(() => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="模板代码"]'));
    type(editor, '<p>ok</p>');
    await waitFor(() => bodyText().includes('未保存'));
    button('保存')!.click();
    await waitFor(() => put.mock.calls.length === 1);
    await waitFor(() => !bodyText().includes('未保存'));
    expect(document.querySelector('[data-testid="template-save-error"]')).toBeNull();
  });
});
