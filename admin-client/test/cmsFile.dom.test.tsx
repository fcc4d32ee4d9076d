// @vitest-environment jsdom
import { HttpError } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { httpClient } from '../src/providers/httpClient';
import { FileEditorPage } from '../src/screens/cms/file/FileEditorPage';
import { FileManagerScreen } from '../src/screens/cms/file/FileManagerScreen';
import { breadcrumbsOf, fileNameError, isFixedFolder, languageOfFile } from '../src/screens/cms/file/file';
import { bodyText, button, buttons, render, type, useAdminHarness, waitFor } from './support/adminHarness';

// CodeMirror needs a real layout engine: the editor gets a plain textarea with the same props instead.
vi.mock('../src/screens/cms/template/CodeEditor', () => ({
  default: ({ value, onChange, label, language }: { value: string; onChange: (v: string) => void; label: string; language?: string }) => (
    <textarea aria-label={label} data-language={language} value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

useAdminHarness();

const ALL = ['cms:file:view', 'cms:file:add', 'cms:file:upload', 'cms:file:edit', 'cms:file:rename', 'cms:file:remove'];
const tree = [
  {
    id: 'pc',
    parentId: '',
    label: 'PC（发布目录）',
    isRoot: true,
    children: [{ id: 'pc/css', parentId: 'pc', label: 'css', isRoot: false, children: [] }],
  },
  { id: 'theme-assets', parentId: '', label: '主题资源', isRoot: true, children: [] },
  { id: 'theme-templates', parentId: '', label: '模板', isRoot: true, children: [] },
];
const row = (filePath: string, extra: Record<string, unknown> = {}) => ({
  filePath,
  fileName: filePath.slice(filePath.lastIndexOf('/') + 1),
  isDirectory: false,
  fileSize: 1536,
  modifyTime: '2026-11-25T10:00:00Z',
  canEdit: true,
  isRoot: false,
  isTemplate: false,
  ...extra,
});
const listings: Record<string, unknown[]> = {
  '': [row('pc', { isDirectory: true, isRoot: true, canEdit: false }), row('theme-assets', { isDirectory: true, isRoot: true, canEdit: false })],
  pc: [row('pc/css', { isDirectory: true, canEdit: false }), row('pc/index.shtml'), row('pc/logo.png', { canEdit: false })],
  'pc/css': [row('pc/css/site.css')],
  'pc/many': Array.from({ length: 101 }, (_, i) => row(`pc/many/p${i}.html`)),
  'theme-templates/pc': [row('theme-templates/pc/index.template.html', { isTemplate: true })],
};

/** Where the router is (the open folder is in the address). */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function showScreen(permissions = ALL, path = '/cms/resource/file') {
  const get = vi.spyOn(httpClient, 'get').mockImplementation((async (url: string, params?: Record<string, unknown>) => {
    if (url === '/cms/file/directoryTreeData') return { code: 200, msg: '', data: { tree } };
    if (url === '/cms/file/list') return { code: 200, msg: '', data: listings[String(params?.filePath ?? '')] ?? [] };
    throw new Error(`unexpected GET ${url}`);
  }) as typeof httpClient.get);
  render(
    <Routes>
      <Route
        path="/cms/resource/file"
        element={
          <>
            <FileManagerScreen />
            <Where />
          </>
        }
      />
      <Route path="/cms/file/editor" element={<Where />} />
    </Routes>,
    {},
    permissions,
    path,
  );
  return get;
}
const rowOf = (name: string) => document.querySelector<HTMLElement>(`[data-testid="file-row-${name}"]`);
const buttonIn = (el: HTMLElement, text: string) => [...el.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
const linkIn = (el: HTMLElement, text: string) => [...el.querySelectorAll<HTMLElement>('a, button')].find((b) => b.textContent?.trim() === text);
const nameInput = () => document.querySelector<HTMLInputElement>('input[name="fileName"]');
const where = () => document.querySelector('[data-testid="where"]')?.textContent;

describe('site files screen', () => {
  it('shows the roots with their labels, opens folders from the table, the tree and the breadcrumbs', async () => {
    showScreen();
    await waitFor(() => rowOf('pc') && bodyText().includes('PC（发布目录）'));
    expect(bodyText()).toContain('主题资源');
    // Roots are fixed: no rename or delete, nothing can be created at the top.
    expect(buttonIn(rowOf('pc')!, '删除')).toBeUndefined();
    expect(button('新建目录')!.disabled).toBe(true);

    linkIn(rowOf('pc')!, 'PC（发布目录）')!.click();
    await waitFor(() => rowOf('index.shtml'));
    expect(where()).toBe('/cms/resource/file?dir=pc');
    expect(rowOf('index.shtml')!.textContent).toContain('1.5 KB');
    expect(button('新建目录')!.disabled).toBe(false);
    // A text file opens in the editor; a picture has no edit action.
    expect(buttonIn(rowOf('logo.png')!, '编辑')).toBeUndefined();
    expect(linkIn(rowOf('index.shtml')!, '编辑')!.getAttribute('href')).toBe('/cms/file/editor?filePath=pc%2Findex.shtml');

    linkIn(rowOf('css')!, 'css')!.click();
    await waitFor(() => rowOf('site.css'));
    expect(where()).toBe('/cms/resource/file?dir=pc%2Fcss');
    // Breadcrumbs: 站点文件 > PC（发布目录） > css.
    const crumbs = document.querySelector('nav[aria-label="当前位置"]')!;
    expect(crumbs.textContent).toBe('站点文件/PC（发布目录）/css');
    linkIn(crumbs as HTMLElement, 'PC（发布目录）')!.click();
    await waitFor(() => rowOf('index.shtml'));
  });

  it('creates a folder and a file in the open folder, refusing bad names before asking the server', async () => {
    const post = vi.spyOn(httpClient, 'post').mockResolvedValue({ code: 200, msg: '', data: { filePath: 'pc/static' } });
    const get = showScreen(ALL, '/cms/resource/file?dir=pc');
    await waitFor(() => rowOf('index.shtml'));
    button('新建目录')!.click();
    await waitFor(() => nameInput());
    type(nameInput()!, '../static');
    button('确认')!.click();
    await waitFor(() => bodyText().includes('名称只能使用字母、数字、下划线、点和短横线'));
    expect(post).not.toHaveBeenCalled();
    type(nameInput()!, 'static');
    button('确认')!.click();
    await waitFor(() => post.mock.calls.length === 1);
    expect(post.mock.calls[0]).toEqual(['/cms/file/add', { dir: 'pc', fileName: 'static', isDirectory: true }]);
    await waitFor(() => !nameInput());
    // The list and the tree are fetched again.
    await waitFor(() => get.mock.calls.filter(([url]) => url === '/cms/file/directoryTreeData').length === 2);

    button('新建文件')!.click();
    await waitFor(() => nameInput());
    type(nameInput()!, 'tool.exe');
    button('确认')!.click();
    await waitFor(() => bodyText().includes('只能新建文本文件'));
    type(nameInput()!, 'robots.txt');
    button('确认')!.click();
    await waitFor(() => post.mock.calls.length === 2);
    expect(post.mock.calls[1]).toEqual(['/cms/file/add', { dir: 'pc', fileName: 'robots.txt', isDirectory: false }]);
  });

  it('uploads several files at once into the open folder with progress, and shows a refusal', async () => {
    const upload = vi
      .spyOn(httpClient, 'upload')
      .mockImplementationOnce(async (_url, _body, options) => {
        options?.onProgress?.(0.5);
        return { code: 200, msg: '', data: [] };
      })
      .mockRejectedValueOnce(new HttpError('文件“x.png”的内容与扩展名不符', 400, { code: 500, msg: '文件“x.png”的内容与扩展名不符' }));
    const get = showScreen(ALL, '/cms/resource/file?dir=pc%2Fcss');
    await waitFor(() => rowOf('site.css'));
    const fileInput = document.querySelector<HTMLInputElement>('[data-testid="file-upload-input"]')!;
    const files = [new File(['a{}'], 'a.css', { type: 'text/css' }), new File(['b'], 'b.txt', { type: 'text/plain' })];
    Object.defineProperty(fileInput, 'files', { value: files, configurable: true });
    fileInput.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => upload.mock.calls.length === 1);
    const [url, body] = upload.mock.calls[0];
    expect(url).toBe('/cms/file/upload');
    expect((body as FormData).get('dir')).toBe('pc/css');
    expect((body as FormData).getAll('file').map((f) => (f as File).name)).toEqual(['a.css', 'b.txt']);
    // The folder is listed again.
    await waitFor(() => get.mock.calls.filter(([u, p]) => u === '/cms/file/list' && p?.filePath === 'pc/css').length === 2);

    Object.defineProperty(fileInput, 'files', { value: [new File(['<svg>'], 'x.png')], configurable: true });
    fileInput.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => bodyText().includes('文件“x.png”的内容与扩展名不符'));
  });

  it('asks before overwriting files of the same names, then sends the batch again with overwrite=true', async () => {
    const refusal = '文件“a.css”已存在';
    const upload = vi
      .spyOn(httpClient, 'upload')
      .mockRejectedValueOnce(new HttpError(refusal, 400, { code: 500, msg: refusal, data: { existing: ['a.css'] } }))
      .mockResolvedValueOnce({ code: 200, msg: '', data: [] });
    const get = showScreen(ALL, '/cms/resource/file?dir=pc%2Fcss');
    await waitFor(() => rowOf('site.css'));
    const fileInput = document.querySelector<HTMLInputElement>('[data-testid="file-upload-input"]')!;
    const files = [new File(['a{}'], 'a.css', { type: 'text/css' }), new File(['b'], 'b.txt', { type: 'text/plain' })];
    Object.defineProperty(fileInput, 'files', { value: files, configurable: true });
    fileInput.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => bodyText().includes('覆盖已有文件？'));
    expect(bodyText()).toContain('目录中已有同名文件：a.css。继续上传会替换这些文件。');
    expect((upload.mock.calls[0][1] as FormData).get('overwrite')).toBeNull();
    // Asking is not an error: no refusal is shown above the table.
    expect(document.querySelector('[data-testid="file-action-error"]')).toBeNull();
    button('确认')!.click();
    await waitFor(() => upload.mock.calls.length === 2);
    const body = upload.mock.calls[1][1] as FormData;
    expect(body.get('overwrite')).toBe('true');
    expect(body.get('dir')).toBe('pc/css');
    expect(body.getAll('file').map((f) => (f as File).name)).toEqual(['a.css', 'b.txt']);
    await waitFor(() => get.mock.calls.filter(([u, p]) => u === '/cms/file/list' && p?.filePath === 'pc/css').length === 2);
    await waitFor(() => !bodyText().includes('覆盖已有文件？'));
  });

  it('does not overwrite when the user cancels', async () => {
    const refusal = '文件“a.css”已存在';
    const upload = vi
      .spyOn(httpClient, 'upload')
      .mockRejectedValueOnce(new HttpError(refusal, 400, { code: 500, msg: refusal, data: { existing: ['a.css'] } }));
    showScreen(ALL, '/cms/resource/file?dir=pc%2Fcss');
    await waitFor(() => rowOf('site.css'));
    const fileInput = document.querySelector<HTMLInputElement>('[data-testid="file-upload-input"]')!;
    Object.defineProperty(fileInput, 'files', { value: [new File(['a{}'], 'a.css')], configurable: true });
    fileInput.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => bodyText().includes('覆盖已有文件？'));
    button('取消')!.click();
    await waitFor(() => !bodyText().includes('覆盖已有文件？'));
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('deletes the checked rows with one request after confirming how many; fixed folders have no checkbox', async () => {
    const post = vi.spyOn(httpClient, 'post').mockResolvedValue({ code: 200, msg: '', data: null });
    const checkbox = (name: string) => rowOf(name)?.querySelector<HTMLInputElement>('input[type="checkbox"]') ?? null;
    showScreen();
    await waitFor(() => rowOf('pc'));
    expect(checkbox('pc')).toBeNull();
    expect(checkbox('theme-assets')).toBeNull();
    expect(button('删除选中 (0)')!.disabled).toBe(true);

    linkIn(rowOf('pc')!, 'PC（发布目录）')!.click();
    await waitFor(() => rowOf('index.shtml'));
    checkbox('css')!.click();
    checkbox('index.shtml')!.click();
    await waitFor(() => button('删除选中 (2)') && !button('删除选中 (2)')!.disabled);
    expect(checkbox('logo.png')!.checked).toBe(false);
    button('删除选中 (2)')!.click();
    await waitFor(() => bodyText().includes('确定删除选中的 2 项吗？'));
    expect(post).not.toHaveBeenCalled();
    button('确认')!.click();
    await waitFor(() => post.mock.calls.length === 1);
    expect(post.mock.calls[0]).toEqual(['/cms/file/delete', [{ filePath: 'pc/css' }, { filePath: 'pc/index.shtml' }]]);
    // The folder is listed again and nothing stays checked.
    await waitFor(() => button('删除选中 (0)'));

    // Select all takes every row that may be deleted.
    await waitFor(() => rowOf('logo.png'));
    document.querySelector<HTMLInputElement>('input[aria-label="全选"]')!.click();
    await waitFor(() => button('删除选中 (3)'));
  });

  it('says so instead of asking when more than 100 rows are checked (the most one request deletes)', async () => {
    const post = vi.spyOn(httpClient, 'post').mockResolvedValue({ code: 200, msg: '', data: null });
    showScreen(ALL, '/cms/resource/file?dir=pc%2Fmany');
    await waitFor(() => rowOf('p100.html'));
    document.querySelector<HTMLInputElement>('input[aria-label="全选"]')!.click();
    await waitFor(() => button('删除选中 (101)'));
    button('删除选中 (101)')!.click();
    await waitFor(() => bodyText().includes('一次最多删除 100 项，请减少选中的数量'));
    expect(bodyText()).not.toContain('确定删除选中的');
    rowOf('p0.html')!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await waitFor(() => button('删除选中 (100)'));
    button('删除选中 (100)')!.click();
    await waitFor(() => bodyText().includes('确定删除选中的 100 项吗？'));
    button('确认')!.click();
    await waitFor(() => post.mock.calls.length === 1);
    expect((post.mock.calls[0][1] as unknown[]).length).toBe(100);
  });

  it('has no checkboxes without the delete permission', async () => {
    showScreen(['cms:file:view'], '/cms/resource/file?dir=pc');
    await waitFor(() => rowOf('index.shtml'));
    expect(document.querySelector('input[type="checkbox"]')).toBeNull();
    expect(buttons().some((b) => b.textContent?.startsWith('删除选中'))).toBe(false);
  });

  it('renames and deletes (after confirming) a file', async () => {
    const post = vi.spyOn(httpClient, 'post').mockResolvedValue({ code: 200, msg: '', data: null });
    showScreen(ALL, '/cms/resource/file?dir=pc');
    await waitFor(() => rowOf('index.shtml'));
    buttonIn(rowOf('index.shtml')!, '重命名')!.click();
    await waitFor(() => nameInput());
    expect(nameInput()!.value).toBe('index.shtml');
    type(nameInput()!, 'home.shtml');
    button('确认')!.click();
    await waitFor(() => post.mock.calls.length === 1);
    expect(post.mock.calls[0]).toEqual(['/cms/file/rename', { filePath: 'pc/index.shtml', rename: 'home.shtml' }]);
    await waitFor(() => !nameInput());

    // The folder is listed again (the server answers the same rows here).
    await waitFor(() => rowOf('css'));
    buttonIn(rowOf('css')!, '删除')!.click();
    await waitFor(() => bodyText().includes('确定删除目录“css”及其中的全部文件吗？'));
    expect(post).toHaveBeenCalledTimes(1);
    button('确认')!.click();
    await waitFor(() => post.mock.calls.length === 2);
    expect(post.mock.calls[1]).toEqual(['/cms/file/delete', [{ filePath: 'pc/css' }]]);
  });

  it('shows only what the user may do, and template files as edit-only with a way to Templates', async () => {
    showScreen(['cms:file:view'], '/cms/resource/file?dir=pc');
    await waitFor(() => rowOf('index.shtml'));
    for (const label of ['新建目录', '新建文件', '上传']) expect(button(label)).toBeUndefined();
    expect(buttonIn(rowOf('index.shtml')!, '删除')).toBeUndefined();
    expect(linkIn(rowOf('index.shtml')!, '编辑')).toBeUndefined();
  });

  it('keeps template files to editing', async () => {
    showScreen(ALL, '/cms/resource/file?dir=theme-templates%2Fpc');
    await waitFor(() => rowOf('index.template.html'));
    expect(bodyText()).toContain('模板文件在这里只能查看和编辑');
    expect(button('新建目录')!.disabled).toBe(true);
    expect(buttonIn(rowOf('index.template.html')!, '删除')).toBeUndefined();
    expect(buttonIn(rowOf('index.template.html')!, '重命名')).toBeUndefined();
    expect(linkIn(rowOf('index.template.html')!, '编辑')).toBeTruthy();
  });
});

describe('site file editor', () => {
  function showEditor(filePath: string, permissions = ALL) {
    render(
      <Routes>
        <Route path="/cms/file/editor" element={<FileEditorPage />} />
        <Route path="/cms/resource/file" element={<Where />} />
      </Routes>,
      {},
      permissions,
      `/cms/file/editor?filePath=${encodeURIComponent(filePath)}`,
    );
  }
  const editor = () => document.querySelector<HTMLTextAreaElement>('textarea');

  it('loads the text, saves it, and goes back to its folder', async () => {
    const post = vi.spyOn(httpClient, 'post').mockImplementation((async (url: string) => {
      if (url === '/cms/file/read') return { code: 200, msg: '', data: 'body { color: black; }' };
      return { code: 200, msg: '', data: null };
    }) as typeof httpClient.post);
    showEditor('theme-assets/pc/css/site.css');
    await waitFor(() => editor());
    expect(editor()!.value).toBe('body { color: black; }');
    // A stylesheet opens with the CSS grammar.
    expect(editor()!.dataset.language).toBe('css');
    expect(editor()!.getAttribute('aria-label')).toBe('文件 site.css 的内容');
    expect(post.mock.calls[0]).toEqual(['/cms/file/read', { filePath: 'theme-assets/pc/css/site.css' }, { repeatSubmitGuard: false }]);
    type(editor()!, 'body { color: red; }');
    await waitFor(() => bodyText().includes('未保存'));
    button('保存')!.click();
    await waitFor(() => post.mock.calls.length === 2);
    expect(post.mock.calls[1]).toEqual([
      '/cms/file/edit',
      { filePath: 'theme-assets/pc/css/site.css', fileContent: 'body { color: red; }' },
      { repeatSubmitGuard: false },
    ]);
    await waitFor(() => !bodyText().includes('未保存'));
    linkIn(document.body, '返回文件管理')!.click();
    await waitFor(() => document.querySelector('[data-testid="where"]'));
    expect(where()).toBe('/cms/resource/file?dir=theme-assets%2Fpc%2Fcss');
  });

  it('edits HTML in the HTML mode and shows a refused save, keeping the text', async () => {
    const message = '模板语法错误（第 1 行第 1 列）：tag "if" not closed';
    vi.spyOn(httpClient, 'post').mockImplementation((async (url: string) => {
      if (url === '/cms/file/read') return { code: 200, msg: '', data: '<p>{{ Site.name }}</p>' };
      throw new HttpError(message, 400, { code: 500, msg: message, data: { syntaxErrors: [{ line: 1, col: 1, message: 'x' }] } });
    }) as typeof httpClient.post);
    showEditor('theme-templates/pc/index.template.html');
    await waitFor(() => editor());
    expect(editor()!.dataset.language).toBe('html');
    type(editor()!, '{% if %}');
    button('保存')!.click();
    await waitFor(() => bodyText().includes(message));
    expect(editor()!.value).toBe('{% if %}');
    expect(bodyText()).toContain('未保存');
  });

  it('says why a file cannot be opened, read-only without the edit button', async () => {
    vi.spyOn(httpClient, 'post').mockRejectedValue(new HttpError('只能在线编辑文本文件（html, css）', 400, { code: 500 }));
    showEditor('pc/logo.png', ['cms:file:view']);
    await waitFor(() => bodyText().includes('只能在线编辑文本文件'));
    expect(button('保存')).toBeUndefined();
  });
});

describe('site file helpers', () => {
  it('opens each editable file with its own grammar', () => {
    expect(['a.html', 'b.SHTML', 'site.css', 'app.js', 'data.json', 'sitemap.xml', 'robots.txt'].map(languageOfFile)).toEqual([
      'html',
      'html',
      'css',
      'js',
      'json',
      'xml',
      'text',
    ]);
  });

  it('names breadcrumbs by the tree, checks names, formats sizes, knows the fixed folders', () => {
    expect(breadcrumbsOf('pc/css/x', tree)).toEqual([
      { path: 'pc', label: 'PC（发布目录）' },
      { path: 'pc/css', label: 'css' },
      { path: 'pc/css/x', label: 'x' },
    ]);
    expect(fileNameError('', true)).toBe('app.cms_file.name_required');
    expect(fileNameError('.hidden', true)).toBe('app.cms_file.name_format');
    expect(fileNameError('a/b', true)).toBe('app.cms_file.name_format');
    expect(fileNameError('a.php', false)).toBe('app.cms_file.new_file_type');
    expect(fileNameError('a.css', false)).toBeUndefined();
    expect(['', 'theme-assets', 'theme-templates', 'theme-templates/pc', 'pc', 'theme-assets/pc'].map(isFixedFolder)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
