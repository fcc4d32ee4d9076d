// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { Notification, ResourceContextProvider, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { httpClient } from '../src/providers/httpClient';
import { CatalogPage } from '../src/screens/cms/catalog/CatalogScreens';
import { ContentEditorPage } from '../src/screens/cms/content/ContentEditorPage';
import { ContentList } from '../src/screens/cms/content/ContentScreens';
import { bodyText, button, container, render as renderAdmin, type, useAdminHarness, waitFor } from './support/adminHarness';

// Quill needs a real layout engine: the article body is a plain textarea here (the real editor is its own chunk).
vi.mock('../src/screens/cms/content/RichTextEditor', () => ({
  default: ({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) => (
    <textarea aria-label={label} defaultValue={value} onInput={(e) => onChange((e.target as HTMLTextAreaElement).value)} />
  ),
}));

useAdminHarness();

/** The screens show who holds a content lock: the signed-in user has an identity here. */
const render = (ui: ReactNode, dataProvider: Partial<DataProvider>, permissions: string[], path = '/') =>
  renderAdmin(ui, dataProvider, permissions, path, { getIdentity: async () => ({ id: 'ann', userName: 'ann', fullName: 'Ann' }) });

const ok = (data: unknown) => ({ code: 200, msg: '', data });

const TREE = { rows: [{ id: '5', parentId: '0', name: '新闻', props: { catalogType: 'common', visible: true }, children: [] }], siteName: '演示站' };

describe('content list', () => {
  const rows = [
    {
      id: '11',
      contentId: '11',
      catalogId: '5',
      catalogName: '新闻',
      contentType: 'article',
      title: '草稿一',
      status: 'draft',
      topFlag: '0',
      recommend: false,
      hot: false,
      author: 'Ann',
      publishDate: null,
      lockUser: '',
    },
    {
      id: '12',
      contentId: '12',
      catalogId: '5',
      catalogName: '新闻',
      contentType: 'image',
      title: '置顶图集',
      status: 'offline',
      topFlag: '1700000000000',
      recommend: true,
      hot: false,
      author: 'Bob',
      publishDate: '2025-01-01T00:00:00Z',
      lockUser: 'bob',
    },
  ];

  it('lists content with its flags and publishes the selected rows', async () => {
    vi.spyOn(httpClient, 'get').mockImplementation(async (url: string) => ok(url === '/cms/catalog/tree' ? TREE : null) as never);
    const request = vi.spyOn(httpClient, 'request').mockResolvedValue(ok(null) as never);
    const getList = vi.fn(async () => ({ data: rows, total: 2 }));
    render(
      <ResourceContextProvider value="cms/content">
        <ContentList />
      </ResourceContextProvider>,
      { getList: getList as unknown as DataProvider['getList'] },
      ['cms:content:view', 'cms:content:publish', 'cms:content:edit', 'cms:recycle:view'],
    );
    await waitFor(() => bodyText().includes('置顶图集'));
    expect(bodyText()).toContain('草稿一');
    expect(bodyText()).toContain('初稿'); // status chip
    expect(bodyText()).toContain('已下线');
    expect(bodyText()).toContain('推荐');
    expect(bodyText()).toContain('bob 已锁定');
    expect(document.querySelector('[role="tree"]')?.textContent).toContain('新闻');
    expect([...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual([
      '全部',
      '初稿',
      '待发布',
      '已发布',
      '重新编辑',
      '已下线',
      '已归档',
      '回收站',
    ]);

    // Select both rows: publish is legal for draft and offline.
    const boxes = [...container.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]')];
    expect(boxes).toHaveLength(2);
    boxes.forEach((b) => b.click());
    const publish = await waitFor(() => button('发布'));
    expect(button('下线')).toBeUndefined(); // not legal for a draft; no permission either
    publish.click();
    await waitFor(() => request.mock.calls.length === 1);
    expect(request.mock.calls[0]).toEqual(['/cms/content/publish', { method: 'POST', data: { contentIds: ['11', '12'] } }]);
    expect(localStorage.getItem('publish_flag')).toBe('true');

    // The status tab filters the list.
    const tab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === '已发布')!;
    tab.click();
    await waitFor(() =>
      getList.mock.calls.some((c) => (c as unknown as [string, { filter: Record<string, unknown> }])[1].filter.status === 'published'),
    );
  });
});

describe('content editor', () => {
  it('saves a new article with its fields and body, then opens the saved content', async () => {
    const init = {
      catalogId: '5',
      catalogName: '新闻',
      contentType: 'article',
      status: 'draft',
      title: '',
      author: '',
      editor: 'Ann',
      tags: [],
      keywords: [],
      publishPipes: [],
      linkFlag: false,
      original: false,
      contentHtml: '',
      images: [],
      audios: [],
      videos: [],
      relaContentIds: [],
    };
    const get = vi.spyOn(httpClient, 'get').mockImplementation(async (url: string) => {
      if (url === '/cms/publishpipe/selectData') return ok({ rows: [{ pipeCode: 'pc', pipeName: 'PC' }], total: 1 }) as never;
      if (url === '/cms/content/init/5/article/0') return ok(init) as never;
      if (url === '/cms/content/init/5/article/77') return ok({ ...init, contentId: '77', title: '你好' }) as never;
      return ok({ rows: [], total: 0 }) as never;
    });
    const post = vi.spyOn(httpClient, 'post').mockResolvedValue(ok({ ...init, contentId: '77', title: '你好' }) as never);
    render(
      <Routes>
        <Route path="/cms/content/editor/:catalogId/:contentType/:contentId" element={<ContentEditorPage />} />
      </Routes>,
      {},
      ['cms:content:view', 'cms:content:add', 'cms:content:edit', 'cms:content:publish'],
      '/cms/content/editor/5/article/0',
    );
    const title = await waitFor(() => container.querySelector<HTMLInputElement>('input[name="title"]'));
    expect(bodyText()).toContain('新建文章');
    type(title, '  你好 ');
    type(container.querySelector<HTMLInputElement>('input[name="author"]')!, '张三');
    const body = await waitFor(() => container.querySelector<HTMLTextAreaElement>('textarea[aria-label="正文内容"]'));
    type(body, '<p>正文</p>');
    const pipe = await waitFor(() => [...container.querySelectorAll('label')].find((l) => l.textContent === 'PC (pc)')?.querySelector('input'));
    pipe.click();
    button('保存')!.click();
    await waitFor(() => post.mock.calls.length === 1);
    expect(post.mock.calls[0][0]).toBe('/cms/content');
    expect(post.mock.calls[0][1]).toMatchObject({
      catalogId: '5',
      contentType: 'article',
      title: '你好',
      author: '张三',
      editor: 'Ann',
      contentHtml: '<p>正文</p>',
      publishPipes: ['pc'],
      relaContentIds: [],
      linkFlag: false,
    });
    expect(post.mock.calls[0][1]).not.toHaveProperty('images');
    // The new content's own editor page is opened.
    await waitFor(() => get.mock.calls.some(([url]) => url === '/cms/content/init/5/article/77'));
    await waitFor(() => bodyText().includes('编辑文章'));
  });

  it('says how many remote images the save copied into the library and how many stayed remote', async () => {
    const saved = { catalogId: '5', contentType: 'article', contentId: '8', title: '远程', contentHtml: '<p>x</p>', tags: [], keywords: [] };
    vi.spyOn(httpClient, 'get').mockImplementation(async (url: string) =>
      url.startsWith('/cms/content/init') ? (ok(saved) as never) : (ok({ rows: [], total: 0 }) as never),
    );
    const put = vi.spyOn(httpClient, 'put').mockResolvedValue(ok({ ...saved, remoteImages: { localized: 2, failed: 1, skipped: 0 } }) as never);
    render(
      <>
        <Routes>
          <Route path="/cms/content/editor/:catalogId/:contentType/:contentId" element={<ContentEditorPage />} />
        </Routes>
        <Notification />
      </>,
      {},
      ['cms:content:view', 'cms:content:edit'],
      '/cms/content/editor/5/article/8',
    );
    await waitFor(() => container.querySelector<HTMLInputElement>('input[name="title"]'));
    button('保存')!.click();
    await waitFor(() => put.mock.calls.length === 1);
    await waitFor(() => bodyText().includes('保存成功；远程图片：2 张已存入资源库，1 张下载失败（保留原地址），0 张留待下次保存'));
    // The summary is not part of the form: the next save does not send it back.
    button('保存')!.click();
    await waitFor(() => put.mock.calls.length === 2);
    expect(put.mock.calls[1][1]).not.toHaveProperty('remoteImages');
  });

  it('refuses an invalid embed code on the client', async () => {
    vi.spyOn(httpClient, 'get').mockImplementation(
      async (url: string) =>
        ok(
          url.startsWith('/cms/content/init')
            ? { catalogId: '5', contentType: 'video', title: 'v', videos: [{ type: 'share', path: '', embedCode: '<p>x</p>' }] }
            : { rows: [] },
        ) as never,
    );
    const post = vi.spyOn(httpClient, 'post');
    render(
      <Routes>
        <Route path="/cms/content/editor/:catalogId/:contentType/:contentId" element={<ContentEditorPage />} />
      </Routes>,
      {},
      ['cms:content:view', 'cms:content:add'],
      '/cms/content/editor/5/video/0',
    );
    await waitFor(() => bodyText().includes('第三方视频嵌入代码不能为空，且其中的 iframe 必须有 src'));
    button('保存')!.click();
    await new Promise((r) => setTimeout(r, 100));
    expect(post).not.toHaveBeenCalled();
  });

  it('opens content locked by another user read-only', async () => {
    vi.spyOn(httpClient, 'get').mockImplementation(
      async (url: string) =>
        ok(
          url.startsWith('/cms/content/init')
            ? { contentId: '9', catalogId: '5', contentType: 'article', title: 't', lockUser: 'bob', contentHtml: '' }
            : { rows: [] },
        ) as never,
    );
    render(
      <Routes>
        <Route path="/cms/content/editor/:catalogId/:contentType/:contentId" element={<ContentEditorPage />} />
      </Routes>,
      {},
      ['cms:content:view', 'cms:content:edit'],
      '/cms/content/editor/5/article/9',
    );
    await waitFor(() => bodyText().includes('该内容已被 bob 锁定，只能查看'));
    await waitFor(() => button('保存')?.disabled);
    expect(container.querySelector<HTMLInputElement>('input[name="title"]')!.disabled).toBe(true);
  });
});

describe('catalog page', () => {
  const tree = {
    rows: [
      {
        id: '1',
        parentId: '0',
        name: '新闻',
        props: { catalogType: 'common', visible: true },
        children: [{ id: '2', parentId: '1', name: '科技', props: { catalogType: 'common', visible: false }, children: [] }],
      },
    ],
    siteName: '演示站',
  };
  const catalog = {
    id: '1',
    catalogId: '1',
    name: '新闻',
    alias: 'news',
    path: 'news/',
    catalogType: 'common',
    redirectUrl: '',
    staticFlag: true,
    visible: true,
    pageSize: -1,
    publishPipeProps: {},
    configProps: {},
  };

  it('shows the tree, the selected catalog form and only the permitted actions; sort up sends +1, publish its options', async () => {
    vi.spyOn(httpClient, 'get').mockImplementation(async (url: string) => {
      if (url === '/cms/catalog/treeData') return ok(tree) as never;
      if (url === '/cms/publishpipe/selectData') return ok({ rows: [{ pipeCode: 'pc', pipeName: 'PC' }], total: 1 }) as never;
      return ok({}) as never;
    });
    const put = vi.spyOn(httpClient, 'put').mockResolvedValue(ok(null) as never);
    const post = vi.spyOn(httpClient, 'post').mockResolvedValue(ok({ taskId: '3' }) as never);
    render(
      <ResourceContextProvider value="cms/catalog">
        <CatalogPage />
      </ResourceContextProvider>,
      { getOne: (async () => ({ data: catalog })) as unknown as DataProvider['getOne'] },
      ['cms:catalog:view', 'cms:catalog:sort', 'cms:catalog:publish'],
    );
    const item = await waitFor(() => document.querySelector<HTMLElement>('[role="treeitem"][aria-label="新闻"]'));
    expect(document.querySelector('[role="treeitem"][aria-label="科技"]')).toBeTruthy();
    expect(button('新增栏目')).toBeUndefined(); // no cms:catalog:add
    (item.firstElementChild as HTMLElement).click();
    await waitFor(() => container.querySelector<HTMLInputElement>('input[name="alias"]')?.value === 'news');
    expect(container.querySelector('input[name="publishPipeProps.pc.listTemplate"]')).toBeTruthy();
    expect(button('保存')).toBeUndefined(); // no cms:catalog:edit: read only
    expect(button('删除')).toBeUndefined();
    expect(button('移动')).toBeUndefined();
    button('上移')!.click();
    await waitFor(() => put.mock.calls.length === 1);
    expect(put.mock.calls[0]).toEqual(['/cms/catalog/sort', { catalogId: '1', sort: 1 }]);

    (await waitFor(() => (button('发布')?.disabled === false ? button('发布') : undefined))).click();
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('[role="dialog"]'));
    const child = [...dialog.querySelectorAll('label')].find((l) => l.textContent === '包含子栏目')!.querySelector('input')!;
    child.click();
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === '发布')!.click();
    await waitFor(() => post.mock.calls.length === 1);
    expect(post.mock.calls[0]).toEqual(['/cms/catalog/publish', { catalogId: '1', publishChild: true, publishDetail: false }]);
  });
});
