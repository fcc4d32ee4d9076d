import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, DEFAULT_THEME_PATHS } from './default-theme';
import { checkTemplateSyntax, isTemplatePath, renderPage } from './engine';
import { catalogs, contents, fakeProvider, memorySource, site } from './engine/test-fixtures';

const render = (path: string, context: Parameters<typeof renderPage>[1]['context']) =>
  renderPage(path, { source: memorySource({ ...DEFAULT_THEME }), provider: fakeProvider(), context, timeZone: 'Asia/Shanghai' });

describe('default theme', () => {
  it('has valid paths and syntax in every file', () => {
    for (const [path, text] of Object.entries(DEFAULT_THEME)) {
      expect(isTemplatePath(path), path).toBe(true);
      expect(checkTemplateSyntax(text), path).toEqual([]);
    }
  });

  it('renders the home page with navigation and the latest content of each top catalog', async () => {
    const { html } = await render(DEFAULT_THEME_PATHS.index, { site, pipe: 'pc' });
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<title>演示站</title>');
    expect(html).toContain('<a href="/site/demo/pc/news/">新闻</a>');
    expect(html).toContain('<a href="/site/demo/pc/news/1.html">标题1</a><span class="meta">01-01</span>');
    expect(html).toContain('暂无内容'); // the "about" catalog has none
    expect(html).not.toContain('隐藏');
  });

  it('renders a paged catalog list with its page bar', async () => {
    const { html, paging } = await render(DEFAULT_THEME_PATHS.list, { site, pipe: 'pc', catalog: catalogs[0], pageIndex: 2, pageSize: 10 });
    expect(paging).toMatchObject({ pageIndex: 2, pageCount: 3, total: 26 });
    expect(html).toContain('<title>新闻 - 演示站</title>');
    expect(html).toContain('class="active">新闻</a>');
    expect(html).toContain('<a href="/site/demo/pc/news/tech/">科技</a>');
    expect(html).toContain('<span class="page-num page-current">2</span>');
    expect(html).toContain('标题11');
    expect(html).not.toContain('>标题1<');
  });

  it('renders a detail page for each content type', async () => {
    const base = contents[2];
    const detail = {
      article: { ...base, contentHtml: '<p>正文段落</p>', tags: ['标签甲'], related: [contents[3]] },
      image: {
        ...base,
        contentType: 'image' as const,
        images: [{ title: '图一', path: 'a.png', url: '/r/a.png', description: '', embedCode: '', duration: 0 }],
      },
      audio: {
        ...base,
        contentType: 'audio' as const,
        audios: [{ title: '音频一', path: 'a.mp3', url: '/r/a.mp3', description: '', embedCode: '', duration: 60 }],
      },
      video: {
        ...base,
        contentType: 'video' as const,
        videos: [{ title: '', path: 'a.mp4', url: '/r/a.mp4', description: '', embedCode: '', duration: 60 }],
      },
    };
    const expected = {
      article: '<div class="body"><p>正文段落</p></div>',
      image: '<img src="/r/a.png" alt="图一">',
      audio: '<audio controls preload="none" src="/r/a.mp3">',
      video: '<video controls preload="metadata" src="/r/a.mp4">',
    };
    for (const type of ['article', 'image', 'audio', 'video'] as const) {
      const { html } = await render(DEFAULT_THEME_PATHS.detail[type], { site, pipe: 'pc', catalog: catalogs[0], content: detail[type] });
      expect(html, type).toContain('<h1>标题3</h1>');
      expect(html, type).toContain('2024-01-03 10:03');
      expect(html, type).toContain(expected[type]);
    }
    const { html } = await render(DEFAULT_THEME_PATHS.detail.article, { site, pipe: 'pc', catalog: catalogs[0], content: detail.article });
    expect(html).toContain('<a>标签甲</a>');
    expect(html).toContain('<a href="/site/demo/pc/news/4.html">标题4</a>');
  });

  it('renders the search page, and a search box leading to it in the header of every page', async () => {
    const { html } = await render(DEFAULT_THEME_PATHS.search, { site, pipe: 'pc' });
    expect(html).toContain('id="search" data-api="/prod-api" data-site="1" data-pipe="pc"');
    expect(html).toContain('/api/cms/search/query?siteId=');
    // Results are built as text nodes and <em> elements, never as markup from the answer.
    expect(html).not.toMatch(/\.innerHTML = (row|data|body)/);
    const home = (await render(DEFAULT_THEME_PATHS.index, { site, pipe: 'pc' })).html;
    expect(home).toContain('<form class="search-box" role="search" action="/site/demo/pc/search.html" method="get">');
  });
});
