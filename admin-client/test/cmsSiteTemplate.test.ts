import { describe, expect, it } from 'vitest';
import { hasPermission } from '../src/providers/authProvider';
import { pageTitleOf } from '../src/layout/usePageTitle';
import { PIPE_CODE, pipeBody, pipeStatusUrl } from '../src/screens/cms/publishpipe/publishpipe';
import {
  dashboardItems,
  defaultTemplatesBody,
  extendsBody,
  PIPE_URL_OR_EMPTY,
  SITE_PATH,
  siteCreateBody,
  siteTabsPath,
  siteUpdateBody,
  TEMPLATE_PATH_OR_EMPTY,
} from '../src/screens/cms/site/site';
import {
  buildFileTree,
  filterTagDocs,
  foldersOf,
  normalizeTemplatePath,
  saveErrorOf,
  templateEditorPath,
  templatePathError,
  type TemplateTagDoc,
} from '../src/screens/cms/template/template';
import { DETAIL_PAGES, SCREEN_API_PATHS, SCREEN_PERMISSION_PATHS, screenByComponent } from '../src/screens/registry';

describe('site helpers', () => {
  it('accepts site folders of letters and digits only', () => {
    expect(SITE_PATH.test('demo01')).toBe(true);
    expect(SITE_PATH.test('Demo')).toBe(true);
    for (const bad of ['', 'de mo', 'de_mo', 'de-mo', '../x', 'a'.repeat(51), '站点']) expect(SITE_PATH.test(bad), bad).toBe(false);
  });

  it('checks template paths and pipe URLs as the server does', () => {
    for (const ok of ['', 'index.template.html', 'news/list.template.html', 'a/b-c/d_e.template.html'])
      expect(TEMPLATE_PATH_OR_EMPTY.test(ok), ok).toBe(true);
    for (const bad of ['index.html', '/index.template.html', '../x.template.html', 'a//b.template.html', 'a b.template.html'])
      expect(TEMPLATE_PATH_OR_EMPTY.test(bad), bad).toBe(false);
    for (const ok of ['', 'https://www.example.com/', 'http://cdn.example.com', '/site/demo/pc/']) expect(PIPE_URL_OR_EMPTY.test(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'www.example.com', 'ftp://x']) expect(PIPE_URL_OR_EMPTY.test(bad), bad).toBe(false);
  });

  it('builds the create body from the form: trimmed texts, numeric sort, html by default, nothing else', () => {
    expect(siteCreateBody({ name: ' 新闻网 ', path: 'news ', sort: '3', id: 9, createTime: 'x' })).toEqual({
      name: '新闻网',
      path: 'news',
      logo: '',
      resourceUrl: '',
      description: '',
      staticSuffix: 'html',
      sort: 3,
      seoTitle: '',
      seoKeywords: '',
      seoDescription: '',
      remark: '',
    });
  });

  it('turns the pipes rows into publishPipeProps on update and keeps the site id as text', () => {
    const body = siteUpdateBody({
      id: '7',
      siteId: '7',
      name: 'Demo',
      path: 'demo',
      staticSuffix: 'shtml',
      sort: 1,
      publishPipes: [
        { pipeCode: 'pc', pipeName: 'PC', url: ' https://www.demo.com/ ', indexTemplate: 'index.template.html', siteUrl: '/site/demo/pc/' },
        { pipeCode: 'h5', pipeName: 'H5', url: '', indexTemplate: '' },
        { pipeName: 'broken' },
      ],
      configProps: { pageSize: 20 },
    });
    expect(body).toMatchObject({ siteId: '7', name: 'Demo', path: 'demo', staticSuffix: 'shtml', sort: 1 });
    expect(body.publishPipeProps).toEqual({
      pc: { url: 'https://www.demo.com/', indexTemplate: 'index.template.html' },
      h5: { url: '', indexTemplate: '' },
    });
    expect(body).not.toHaveProperty('publishPipes');
    expect(body).not.toHaveProperty('configProps');
  });

  it('maps the dashboard answer to figures, every content status included', () => {
    const { totals, byStatus } = dashboardItems({
      siteId: '1',
      siteName: 'Demo',
      catalogCount: 20,
      contentCount: 105,
      contentByStatus: { draft: 3, published: 100, deleted: 4, offline: 2 },
      templateCount: 12,
      publishPipeCount: 2,
      resourceCount: 7,
    });
    expect(totals.map((t) => [t.key, t.value])).toEqual([
      ['catalogCount', 20],
      ['contentCount', 105],
      ['templateCount', 12],
      ['publishPipeCount', 2],
      ['resourceCount', 7],
    ]);
    expect(Object.fromEntries(byStatus.map((s) => [s.key, s.value]))).toEqual({
      draft: 3,
      to_publish: 0,
      published: 100,
      re_edit: 0,
      offline: 2,
      archived: 0,
      deleted: 4,
    });
    expect(byStatus.at(-1)!.label).toBe('app.cms_site.status_deleted');
    expect(dashboardItems(undefined).totals.every((t) => t.value === 0)).toBe(true);
  });

  it('sends extension settings as whole numbers, a boolean and a known title check', () => {
    expect(
      extendsBody({
        pageSize: '15',
        titleRepeatCheck: 'catalog',
        recycleKeepDays: 0,
        sitemapEnabled: true,
        defaultListTemplate: ' list.template.html ',
      }),
    ).toEqual({
      pageSize: 15,
      titleRepeatCheck: 'catalog',
      recycleKeepDays: 0,
      sitemapEnabled: true,
      apiUrl: '',
      sensitiveWordCheck: 'off',
      commentEnabled: true,
      commentAutoPass: false,
      defaultDetailTemplate: '',
      defaultListTemplate: 'list.template.html',
    });
    expect(extendsBody({ titleRepeatCheck: 'everything' }).titleRepeatCheck).toBe('none');
    expect(extendsBody({ sensitiveWordCheck: 'block', commentEnabled: false, commentAutoPass: 'true' })).toMatchObject({
      sensitiveWordCheck: 'block',
      commentEnabled: false,
      commentAutoPass: true,
    });
    expect(extendsBody({ sensitiveWordCheck: 'loud' }).sensitiveWordCheck).toBe('off');
  });

  it('sends default templates per pipe without the pipe names', () => {
    expect(
      defaultTemplatesBody('3', [
        { pipeCode: 'pc', pipeName: 'PC', indexTemplate: ' a.template.html', listTemplate: '', detailTemplate: 'd.template.html' },
      ]),
    ).toEqual({
      siteId: '3',
      templates: [{ pipeCode: 'pc', indexTemplate: 'a.template.html', listTemplate: '', detailTemplate: 'd.template.html' }],
    });
  });

  it('links the editor page with the site id', () => {
    expect(siteTabsPath('12')).toBe('/cms/site/tabs?siteId=12');
  });
});

describe('publish pipe helpers', () => {
  it('accepts codes of letters, digits and underscore', () => {
    for (const ok of ['pc', 'h5', 'mini_app', 'A1']) expect(PIPE_CODE.test(ok), ok).toBe(true);
    for (const bad of ['', 'mini-app', 'p c', '通道', 'a'.repeat(51)]) expect(PIPE_CODE.test(bad), bad).toBe(false);
  });

  it('sends the code only when creating', () => {
    expect(pipeBody({ name: ' 小程序 ', code: ' mini ', status: '1', sort: '2', remark: 'r', siteId: '1' }, true)).toEqual({
      name: '小程序',
      code: 'mini',
      status: '1',
      sort: 2,
      remark: 'r',
    });
    expect(pipeBody({ name: 'PC', code: 'pc', status: '0' }, false)).toEqual({ name: 'PC', status: '0', sort: 0, remark: '' });
    expect(pipeStatusUrl('5', true)).toBe('/cms/publishpipe/enable/5');
    expect(pipeStatusUrl(5, false)).toBe('/cms/publishpipe/disable/5');
  });
});

describe('template helpers', () => {
  it('normalizes and checks template paths', () => {
    expect(normalizeTemplatePath(' news/list ')).toBe('news/list.template.html');
    expect(normalizeTemplatePath('/include/header.html')).toBe('include/header.template.html');
    expect(normalizeTemplatePath('./a\\b.template.html')).toBe('a/b.template.html');
    expect(templatePathError('news/list.template.html')).toBeUndefined();
    expect(templatePathError('')).toBe('app.cms_template.path_required');
    for (const bad of ['../x.template.html', 'a b.template.html', 'x.template.html.bak', `${'a'.repeat(250)}.template.html`])
      expect(templatePathError(bad), bad).toBe('app.cms_template.path_format');
  });

  it('builds the file tree with folders first', () => {
    const tree = buildFileTree([
      { templateId: '1', publishPipeCode: 'pc', path: 'index.template.html' },
      { templateId: '2', publishPipeCode: 'pc', path: 'news/list.template.html' },
      { templateId: '3', publishPipeCode: 'pc', path: 'include/header.template.html' },
      { templateId: '4', publishPipeCode: 'pc', path: 'news/detail.template.html' },
      { templateId: '5', publishPipeCode: 'pc', path: 'news/special/a.template.html' },
    ]);
    expect(tree.map((n) => n.name)).toEqual(['include', 'news', 'index.template.html']);
    const news = tree[1];
    expect(news.path).toBe('news/');
    expect(news.children.map((n) => n.name)).toEqual(['special', 'detail.template.html', 'list.template.html']);
    expect(news.children[0].children[0].template?.templateId).toBe('5');
    expect(foldersOf('news/special/a.template.html')).toEqual(['news/', 'news/special/']);
    expect(foldersOf('index.template.html')).toEqual([]);
  });

  it('reads the message and line of a refused save', () => {
    const err = Object.assign(new Error('模板语法错误（第 3 行第 5 列）：tag "fo" not found'), {
      status: 400,
      body: { code: 500, msg: 'x', data: { syntaxErrors: [{ line: 3, col: 5, message: 'tag "fo" not found' }] } },
    });
    expect(saveErrorOf(err)).toEqual({ message: '模板语法错误（第 3 行第 5 列）：tag "fo" not found', line: 3, col: 5 });
    expect(saveErrorOf(new Error('网络错误'))).toEqual({ message: '网络错误', line: undefined, col: undefined });
  });

  it('filters the tag help by words and kind', () => {
    const docs: TemplateTagDoc[] = [
      {
        name: 'cms_content',
        kind: 'tag',
        syntax: '{% cms_content catalogid: 1 %}',
        description: '内容列表',
        args: [{ name: 'catalogid', description: '栏目ID' }],
        example: '',
      },
      { name: 'contentUrl', kind: 'filter', syntax: '{{ content | contentUrl }}', description: '内容链接', example: '' },
      { name: 'site', kind: 'object', syntax: '{{ site.name }}', description: '当前站点', example: '' },
    ];
    expect(filterTagDocs(docs, '', '').length).toBe(3);
    expect(filterTagDocs(docs, '内容').map((d) => d.name)).toEqual(['cms_content', 'contentUrl']);
    expect(filterTagDocs(docs, '内容', 'filter').map((d) => d.name)).toEqual(['contentUrl']);
    expect(filterTagDocs(docs, 'CATALOGID').map((d) => d.name)).toEqual(['cms_content']);
    expect(filterTagDocs(docs, 'site name').map((d) => d.name)).toEqual(['site']);
  });

  it('links the editor with the template id', () => {
    expect(templateEditorPath('42')).toBe('/cms/template/editor?templateId=42');
  });
});

describe('registry of the CMS screens', () => {
  it('registers the seeded components with their API and permission paths', () => {
    expect(screenByComponent('cms/site/index')?.resource).toBe('cms/site');
    expect(screenByComponent('cms/publishpipe/index')?.resource).toBe('cms/template/publishpipe');
    expect(screenByComponent('cms/template/index')?.resource).toBe('cms/template/template');
    expect(screenByComponent('cms/template/tag')?.resource).toBe('cms/template/tag');
    expect(SCREEN_API_PATHS['cms/template/publishpipe']).toBe('cms/publishpipe');
    expect(SCREEN_API_PATHS['cms/template/template']).toBe('cms/template');
    const can = (perms: string[], resource: string, action: string) => hasPermission(perms, SCREEN_PERMISSION_PATHS[resource] ?? resource, action);
    expect(can(['cms:publishpipe:view'], 'cms/template/publishpipe', 'list')).toBe(true);
    expect(can(['cms:publishpipe:add'], 'cms/template/publishpipe', 'create')).toBe(true);
    expect(can(['cms:template:view'], 'cms/template/template', 'list')).toBe(true);
    expect(can(['cms:templatetag:view'], 'cms/template/tag', 'list')).toBe(true);
    expect(can(['cms:template:view'], 'cms/template/tag', 'list')).toBe(false);
    expect(can(['cms:site:view'], 'cms/site', 'list')).toBe(true);
    expect(can(['cms:site:add'], 'cms/site', 'create')).toBe(true);
  });

  it('titles the site and template editor pages', () => {
    const translate = (key: string) => key;
    expect(DETAIL_PAGES.find((p) => p.path === 'cms/site/tabs')?.permission).toBe('cms:site:view');
    expect(DETAIL_PAGES.find((p) => p.path === 'cms/template/editor')?.permission).toBe('cms:template:view');
    expect(pageTitleOf('/cms/site/tabs', [], translate).title).toBe('app.cms_site.tabs_title');
    expect(pageTitleOf('/cms/template/editor', [], translate).title).toBe('app.cms_template.editor_title');
  });
});
