// @vitest-environment jsdom
import { HttpError, Notification, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { httpClient, type RequestOptions } from '../src/providers/httpClient';
import { ContentEditorPage } from '../src/screens/cms/content/ContentEditorPage';
import { MaterialPicker } from '../src/screens/cms/resource/MaterialPicker';
import type { ResourceRow } from '../src/screens/cms/resource/resource';
import { MaterialLibrary, ResourceLibrary } from '../src/screens/cms/resource/ResourceScreens';
import { SiteTabsPage } from '../src/screens/cms/site/SiteTabsPage';
import { bodyText, button, buttons, container, input, render, type, useAdminHarness, waitFor } from './support/adminHarness';

vi.mock('../src/screens/cms/content/RichTextEditor', () => ({
  default: ({ value, label }: { value: string; label: string }) => <textarea aria-label={label} defaultValue={value} />,
}));

useAdminHarness();

const ok = (data: unknown) => ({ code: 200, msg: '', data });
const ALL = ['cms:resource:view', 'cms:resource:upload', 'cms:resource:edit', 'cms:resource:remove', 'cms:resource:download'];

const row = (id: string, over: Partial<ResourceRow> = {}): ResourceRow => ({
  resourceId: id,
  resourceType: 'image',
  name: `图${id}`,
  fileName: `photo${id}.jpg`,
  path: `resources/202611/${id}.jpg`,
  suffix: 'jpg',
  fileSize: 2048,
  width: 800,
  height: 600,
  thumbnail: `resources/202611/${id}_thumb.jpg`,
  tags: [],
  description: '',
  src: `/site/demo/resources/202611/${id}.jpg`,
  thumbnailSrc: `/site/demo/resources/202611/${id}_thumb.jpg`,
  iconType: 'image',
  createTime: '2026-11-25T10:00:00Z',
  ...over,
});

const PDF = row('3', {
  resourceType: 'document',
  name: '年报',
  fileName: '年报.pdf',
  path: 'resources/202611/3.pdf',
  suffix: 'pdf',
  width: 0,
  height: 0,
  thumbnail: '',
  src: '/site/demo/resources/202611/3.pdf',
  thumbnailSrc: '/site/demo/resources/202611/3.pdf',
  iconType: 'pdf',
});

/** The library's API answered from memory; every call recorded. */
function mockLibrary(rows: ResourceRow[], extra: Partial<Record<string, (opts: RequestOptions) => unknown>> = {}) {
  const calls: { url: string; opts: RequestOptions }[] = [];
  vi.spyOn(httpClient, 'get').mockImplementation((async (url: string) => {
    if (url === '/cms/site/getCurrentSite') return ok({ siteId: '7', siteName: '演示站' });
    if (url === '/cms/site/extends')
      return ok({ uploadMaxCount: 3, uploadMaxSizeMb: 5, imageMaxSizeMb: 1, uploadAllowedExts: ['png', 'jpg', 'pdf'] });
    return ok(null);
  }) as never);
  const request = vi.spyOn(httpClient, 'request').mockImplementation((async (url: string, opts: RequestOptions = {}) => {
    calls.push({ url, opts });
    const key = `${opts.method ?? 'GET'} ${url}`;
    if (extra[key]) return extra[key]!(opts);
    if (key === 'GET /cms/resource/types')
      return ok([
        { id: 'image', name: '图片', exts: ['png', 'jpg'] },
        { id: 'document', name: '文档', exts: ['pdf'] },
      ]);
    if (key === 'GET /cms/resource') {
      const type = opts.params?.resourceType;
      const list = rows.filter((r) => !type || r.resourceType === type);
      return ok({ rows: list, total: list.length });
    }
    if (key.startsWith('GET /cms/resource/')) return ok({ ...rows.find((r) => url.endsWith(`/${r.resourceId}`)), usages: [] });
    return ok(null);
  }) as never);
  return { calls, request };
}

/** The editor of a new `contentType` in catalog 5: its init answers an empty draft with `fields`; other GETs an empty page. */
function renderNewContent(contentType: string, fields: Record<string, unknown>, permissions: string[]) {
  vi.spyOn(httpClient, 'get').mockImplementation((async (url: string) => {
    if (url === `/cms/content/init/5/${contentType}/0`)
      return ok({ catalogId: '5', contentType, status: 'draft', title: '', tags: [], keywords: [], publishPipes: [], relaContentIds: [], ...fields });
    return ok({ rows: [], total: 0 });
  }) as never);
  render(
    <Routes>
      <Route path="/cms/content/editor/:catalogId/:contentType/:contentId" element={<ContentEditorPage />} />
    </Routes>,
    {},
    permissions,
    `/cms/content/editor/5/${contentType}/0`,
  );
}

/** In an open picker: selects 图1 and confirms. */
async function pickFirstImage() {
  (await waitFor(() => document.querySelector<HTMLElement>('[aria-label="选用 图1"][aria-pressed]'))).click();
  (await waitFor(() => button('确定（1）'))).click();
}

describe('resource library screen', () => {
  it('shows images by thumbnail and other files by their type icon, as a grid or a table, filtered by type', async () => {
    const { calls } = mockLibrary([row('1'), PDF]);
    render(<ResourceLibrary />, {}, ALL);
    await waitFor(() => container.querySelectorAll('[data-testid="resource-card"]').length === 2);
    const img = container.querySelector<HTMLImageElement>('[data-testid="resource-card"] img')!;
    expect(img.getAttribute('src')).toBe('/site/demo/resources/202611/1_thumb.jpg');
    expect(container.querySelector('[data-icon-type="pdf"]')).not.toBeNull();
    expect(bodyText()).toContain('每次最多 3 个文件，单个不超过 5 MB（图片 1 MB），格式：png, jpg, pdf');

    container.querySelector<HTMLElement>('button[aria-label="表格"]')!.click();
    await waitFor(() => container.querySelectorAll('[data-testid="resource-row"]').length === 2);
    expect(bodyText()).toContain('photo1.jpg');
    expect(bodyText()).toContain('800×600');

    const trigger = input('resourceType')!.parentElement!.querySelector<HTMLElement>('[role="combobox"]')!;
    trigger.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    const option = await waitFor(() => [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === '文档'));
    option.click();
    await waitFor(() => container.querySelectorAll('[data-testid="resource-row"]').length === 1);
    const last = calls.filter((c) => c.url === '/cms/resource').pop()!;
    expect(last.opts.params).toMatchObject({ resourceType: 'document', pageNum: 1, pageSize: 20 });

    type(input('name')!, '年报');
    await waitFor(() => calls.filter((c) => c.url === '/cms/resource').pop()!.opts.params?.name === '年报');
  });

  it('uploads several dropped files one request each with a progress bar, refusing bad ones before and showing the server refusal per file', async () => {
    mockLibrary([]);
    const pending: { name: string; progress: (f: number) => void; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
    const upload = vi.spyOn(httpClient, 'upload').mockImplementation(((url: string, data: FormData, opts: { onProgress: (f: number) => void }) => {
      expect(url).toBe('/cms/resource/upload');
      const file = data.get('file') as File;
      return new Promise((resolve, reject) => pending.push({ name: file.name, progress: opts.onProgress, resolve, reject }));
    }) as never);
    render(
      <>
        <ResourceLibrary />
        <Notification />
      </>,
      {},
      ALL,
    );
    const zone = await waitFor(() => container.querySelector<HTMLElement>('[data-testid="resource-drop-zone"]'));
    await waitFor(() => bodyText().includes('图片 1 MB'));

    const drop = (files: File[]) => {
      const event = new Event('drop', { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'dataTransfer', { value: { files } });
      zone.dispatchEvent(event);
    };
    // Four files, the site allows three: nothing is sent.
    drop([1, 2, 3, 4].map((i) => new File(['x'], `${i}.png`)));
    await waitFor(() => bodyText().includes('上传文件数量不能超过 3 个'));
    expect(upload).not.toHaveBeenCalled();

    drop([new File(['a'], 'a.png'), new File(['b'], 'b.jpg'), new File(['c'], 'c.exe')]);
    await waitFor(() => pending.length === 2);
    expect(pending.map((p) => p.name)).toEqual(['a.png', 'b.jpg']);
    expect(bodyText()).toContain('c.exe: 文件格式不正确，请上传 png, jpg, pdf 格式文件');

    pending[0].progress(0.4);
    await waitFor(() => bodyText().includes('a.png 40%'));
    expect(container.querySelectorAll('[data-testid="upload-item"] [role="progressbar"]').length).toBe(2);

    pending[1].reject(new HttpError('文件内容与扩展名不符', 500));
    await waitFor(() => bodyText().includes('b.jpg: 文件内容与扩展名不符'));
    expect(container.querySelectorAll('[data-testid="upload-item"]').length).toBe(1);

    pending[0].resolve(ok([row('5', { name: 'a' })]));
    await waitFor(() => !container.querySelector('[data-testid="upload-item"]'));
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('edits name, tags and description and lists the content using the resource', async () => {
    const update = vi.fn((opts: RequestOptions) => ok(opts.data));
    mockLibrary([row('1')], {
      'PUT /cms/resource': update,
      'GET /cms/resource/1': () => ok({ ...row('1'), usages: [{ contentId: '9', title: '头条新闻', catalogName: '新闻', status: 'published' }] }),
    });
    render(<ResourceLibrary />, {}, ALL);
    const edit = await waitFor(() => container.querySelector<HTMLElement>('button[aria-label="编辑 图1"]'));
    edit.click();
    await waitFor(() => bodyText().includes('头条新闻'));
    expect(bodyText()).toContain('新闻 · 已发布');
    const field = (name: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[role="dialog"] [name="${name}"]`)!;
    type(field('name') as HTMLInputElement, ' 封面图 ');
    type(field('tags') as HTMLInputElement, '新闻，封面');
    type(field('description') as HTMLTextAreaElement, '首页用');
    button('保存')!.click();
    await waitFor(() => update.mock.calls.length === 1);
    expect(update.mock.calls[0][0].data).toEqual({ resourceId: '1', name: '封面图', tags: ['新闻', '封面'], description: '首页用' });
  });

  it('deletes the selected resources in one request and shows the server refusal as it is', async () => {
    const remove = vi.fn((_opts: RequestOptions): unknown => {
      throw new HttpError('资源正被已发布的内容“头条新闻”使用，不能删除', 500);
    });
    mockLibrary([row('1'), row('2')], { 'DELETE /cms/resource': (opts) => remove(opts) });
    render(
      <>
        <ResourceLibrary />
        <Notification />
      </>,
      {},
      ALL,
    );
    await waitFor(() => container.querySelector('input[aria-label="选择 图1"]'));
    container.querySelector<HTMLInputElement>('input[aria-label="选择 图1"]')!.click();
    await waitFor(() => button('删除选中（1）'));
    // 本页全选 adds the rest of the page.
    [...container.querySelectorAll('label')]
      .find((l) => l.textContent === '本页全选')!
      .querySelector('input')!
      .click();
    await waitFor(() => button('删除选中（2）'));
    button('删除选中（2）')!.click();
    await waitFor(() => bodyText().includes('确定删除选中的 2 个资源吗'));
    button('确认')!.click();
    await waitFor(() => remove.mock.calls.length === 1);
    expect(remove.mock.calls[0][0].data).toEqual(['1', '2']);
    await waitFor(() => bodyText().includes('资源正被已发布的内容“头条新闻”使用，不能删除'));
  });

  it('downloads through the download helper under the server file name', async () => {
    mockLibrary([PDF]);
    const download = vi.spyOn(httpClient, 'download').mockResolvedValue({ blob: new Blob(['%PDF']), fileName: '年报.pdf' });
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(<ResourceLibrary />, {}, ALL);
    (await waitFor(() => container.querySelector<HTMLElement>('button[aria-label="下载 年报"]'))).click();
    await waitFor(() => clicked.length === 1);
    expect(download).toHaveBeenCalledWith('/cms/resource/download/3', {}, {}, 'GET');
    expect(clicked).toEqual(['年报.pdf']);
  });

  it('hides upload, edit, delete and download without their permissions', async () => {
    mockLibrary([row('1')]);
    render(<ResourceLibrary />, {}, ['cms:resource:view']);
    await waitFor(() => container.querySelector('[data-testid="resource-card"]'));
    expect(container.querySelector('[data-testid="resource-drop-zone"]')).toBeNull();
    expect(container.querySelector('button[aria-label="编辑 图1"]')).toBeNull();
    expect(container.querySelector('button[aria-label="下载 图1"]')).toBeNull();
    expect(button('删除选中（0）')).toBeUndefined();
  });
});

describe('material library screen', () => {
  it('uploads and removes with the material permissions, edits and downloads only with the resource ones', async () => {
    mockLibrary([row('1')]);
    render(<MaterialLibrary />, {}, ['cms:material:view', 'cms:material:upload', 'cms:material:remove']);
    await waitFor(() => container.querySelector('[data-testid="resource-card"]'));
    expect(container.querySelector('[data-testid="resource-drop-zone"]')).not.toBeNull();
    expect(container.querySelector('button[aria-label="删除 图1"]')).not.toBeNull();
    expect(container.querySelector('button[aria-label="编辑 图1"]')).toBeNull();
    expect(container.querySelector('button[aria-label="下载 图1"]')).toBeNull();
  });
});

describe('material picker', () => {
  it('offers only the wanted kind and hands over an upload made inside the dialog, already selected', async () => {
    const { calls } = mockLibrary([row('1'), PDF]);
    vi.spyOn(httpClient, 'upload').mockResolvedValue(ok([row('8', { name: '新图' })]) as never);
    const onPick = vi.fn();
    render(<MaterialPicker open kinds={['image']} onClose={() => undefined} onPick={onPick} />, {}, ['cms:material:view', 'cms:material:upload']);
    await waitFor(() => document.querySelectorAll('[data-testid="resource-card"]').length === 1);
    expect(calls.find((c) => c.url === '/cms/resource')!.opts.params).toMatchObject({ resourceType: 'image' });
    expect(document.querySelector<HTMLInputElement>('input[type="file"]')!.accept).toBe('.png,.jpg');

    const fileInput = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    Object.defineProperty(fileInput, 'files', { value: [new File(['x'], 'new.png')], configurable: true });
    fileInput.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => button('确定（1）'));
    button('确定（1）')!.click();
    expect(onPick).toHaveBeenCalledWith([expect.objectContaining({ resourceId: '8', name: '新图' })]);
  });

  it('picks an existing resource by clicking it', async () => {
    mockLibrary([row('1'), row('2')]);
    const onPick = vi.fn();
    render(<MaterialPicker open multiple onClose={() => undefined} onPick={onPick} />, {}, ['cms:material:view']);
    (await waitFor(() => document.querySelector<HTMLElement>('[aria-label="选用 图2"][aria-pressed]'))).click();
    await waitFor(() => button('确定（1）'));
    expect(document.querySelector('[data-testid="resource-drop-zone"]')).toBeNull(); // no upload permission
    button('确定（1）')!.click();
    expect(onPick.mock.calls[0][0].map((r: ResourceRow) => r.resourceId)).toEqual(['2']);
  });
});

describe('content editor logo from the material library', () => {
  it('stores the picked resource path and shows its thumbnail', async () => {
    mockLibrary([row('1')]);
    renderNewContent('article', { contentHtml: '' }, ['cms:content:view', 'cms:content:add', 'cms:material:view']);
    (await waitFor(() => button('从素材库选择引导图'))).click();
    await pickFirstImage();
    await waitFor(() => input('logo')!.value === 'resources/202611/1.jpg');
    expect(container.querySelector(`img[src="/site/demo/resources/202611/1_thumb.jpg"]`)).not.toBeNull();
  });
});

describe('site logo from the material library', () => {
  it('picks from the library of the site being edited, whichever site is current', async () => {
    const { calls } = mockLibrary([row('1')]);
    const site = { id: '7', siteId: '7', name: '演示站', path: 'demo', logo: '', resourceUrl: '', staticSuffix: 'html', sort: 1, publishPipes: [] };
    render(
      <Routes>
        <Route path="/cms/site/tabs" element={<SiteTabsPage />} />
      </Routes>,
      { getOne: (async () => ({ data: site })) as unknown as DataProvider['getOne'] },
      ['cms:site:view', 'cms:site:edit', 'cms:resource:view'],
      '/cms/site/tabs?siteId=7',
    );
    (await waitFor(() => button('从素材库选择'))).click();
    await pickFirstImage();
    await waitFor(() => input('logo')!.value === 'resources/202611/1.jpg');
    const list = calls.find((c) => c.url === '/cms/resource')!;
    expect(list.opts.headers).toEqual({ CurrentSite: '7' });
    expect(list.opts.params).toMatchObject({ resourceType: 'image' });
  });
});

describe('pickers without a library permission', () => {
  it('are not offered', async () => {
    renderNewContent('image', { images: [] }, ['cms:content:view', 'cms:content:add']);
    await waitFor(() => button('上传引导图') && button('上传图片'));
    expect(buttons().some((b) => b.textContent?.includes('从素材库选择'))).toBe(false);
  });
});

describe('site extension settings: resources', () => {
  it('saves the upload limits, thumbnail size and watermark with the other settings, and checks the watermark bounds', async () => {
    vi.spyOn(httpClient, 'get').mockImplementation((async (url: string) => {
      if (url === '/cms/site/extends')
        return ok({
          pageSize: 20,
          titleRepeatCheck: 'none',
          recycleKeepDays: 30,
          sitemapEnabled: false,
          apiUrl: '',
          sensitiveWordCheck: 'off',
          commentEnabled: true,
          commentAutoPass: false,
          defaultDetailTemplate: '',
          defaultListTemplate: '',
          uploadMaxCount: 5,
          uploadMaxSizeMb: 5,
          imageMaxSizeMb: 2,
          uploadAllowedExts: ['png', 'jpg'],
          thumbnailWidth: 0,
          thumbnailHeight: 0,
          watermark: { enabled: true, kind: 'text', text: '智文', position: 'bottom-right', opacity: 1, width: 120, height: 40 },
          remoteImageDownload: false,
        });
      return ok(null);
    }) as never);
    const post = vi.spyOn(httpClient, 'post').mockResolvedValue(ok(null) as never);
    render(
      <Routes>
        <Route path="/cms/site/tabs" element={<SiteTabsPage />} />
      </Routes>,
      { getOne: (async () => ({ data: { id: '7', siteId: '7', name: '演示站' } })) as unknown as DataProvider['getOne'] },
      ['cms:site:view', 'cms:site:edit'],
      '/cms/site/tabs?siteId=7&tab=extend',
    );
    await waitFor(() => input('thumbnailWidth'));
    expect(bodyText()).toContain('0 = 不生成');
    type(input('thumbnailWidth')!, '300');
    type(input('watermark.width')!, '10');
    type(input('watermark.opacity')!, '1.5');
    type(input('uploadMaxCount')!, '30');
    button('保存')!.click();
    await waitFor(
      () =>
        bodyText().includes('必须是 20 到 2000 之间的整数') &&
        bodyText().includes('透明度必须在 0 到 1 之间') &&
        bodyText().includes('必须是 1 到 20 之间的整数'),
    );
    expect(post).not.toHaveBeenCalled();

    type(input('watermark.width')!, '100');
    type(input('watermark.opacity')!, '0.6');
    type(input('uploadMaxCount')!, '5');
    [...container.querySelectorAll('label')]
      .find((l) => l.textContent === 'pdf')!
      .querySelector('input')!
      .click();
    button('保存')!.click();
    await waitFor(() => post.mock.calls.length === 1);
    expect(post.mock.calls[0][0]).toBe('/cms/site/extends/7');
    expect(post.mock.calls[0][1]).toMatchObject({
      pageSize: 20,
      recycleKeepDays: 30,
      uploadMaxCount: 5,
      uploadAllowedExts: ['png', 'jpg', 'pdf'],
      thumbnailWidth: 300,
      thumbnailHeight: 0,
      watermark: { enabled: true, kind: 'text', text: '智文', opacity: 0.6, width: 100, height: 40, position: 'bottom-right' },
      remoteImageDownload: false,
    });
  });
});
