import { describe, expect, it } from 'vitest';
import { checkTemplateSyntax, renderPage, renderTemplate, TemplateError, TEMPLATE_TAGS, formatDate, type RenderOptions } from './index';
import { catalogs, fakeProvider, memorySource, site } from './test-fixtures';

function options(files: Record<string, string>, extra: Partial<RenderOptions> = {}, provider = fakeProvider()): RenderOptions {
  return { source: memorySource(files), provider, context: { site, pipe: 'pc' }, ...extra };
}

/** Renders `index.template.html` with the given text (and other files). */
const render = (text: string, files: Record<string, string> = {}, extra: Partial<RenderOptions> = {}) =>
  renderTemplate('index.template.html', options({ 'index.template.html': text, ...files }, extra));

async function failure(promise: Promise<unknown>): Promise<TemplateError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('expected the render to fail');
}

describe('template engine: objects, tags and filters', () => {
  it('renders site, context objects and standard Liquid', async () => {
    const html = await render(
      '{{ site.name }}|{{ site.props.hotline }}|{{ pipe }}|{{ catalog.name }}|{{ page.index }}|{{ "a<b" | escape }}|{% if site.url %}y{% endif %}',
      {},
      {
        context: { site, pipe: 'pc', catalog: catalogs[0], pageIndex: 3 },
      },
    );
    expect(html).toBe('演示站|400-1|pc|新闻|3|a&lt;b|y');
  });

  it('asks the provider for the site when the context has none', async () => {
    expect(await render('{{ site.name }}', {}, { context: { pipe: 'pc' } })).toBe('演示站');
  });

  it('catalog_list: block and assign forms, levels, visibility, limit and else', async () => {
    expect(await render("{% catalog_list level:'root' %}{{ item.alias }}{% unless forloop.last %},{% endunless %}{% endcatalog_list %}")).toBe(
      'news,about',
    );
    expect(await render("{% catalog_list level:'root' visible_only:false limit:10 as all %}{{ all | map: 'alias' | join: ',' }}")).toBe(
      'news,about,hidden',
    );
    expect(await render("{% catalog_list alias:'news' level:'child' as kids %}{% for c in kids %}{{ c.name }}{% endfor %}")).toBe('科技');
    expect(await render("{% catalog_list alias:'tech' level:'current' %}{{ item.name }}{% endcatalog_list %}")).toBe('科技');
    expect(await render("{% catalog_list alias:'about' %}{{ item.name }}{% else %}无子栏目{% endcatalog_list %}")).toBe('无子栏目');
    // The current catalog is the default reference.
    expect(await render('{% catalog_list %}{{ item.name }}{% endcatalog_list %}', {}, { context: { site, pipe: 'pc', catalog: catalogs[0] } })).toBe(
      '科技',
    );
    expect(await render("{% catalog_list level:'root' limit:1 %}{{ item.name }}{% endcatalog_list %}")).toBe('新闻');
  });

  it('content_list: filters and sort reach the provider; offset and limit window the rows', async () => {
    const provider = fakeProvider();
    const html = await renderTemplate(
      'index.template.html',
      options(
        {
          'index.template.html':
            "{% content_list catalog:'news' include_children:true recommend:true sort:'views' limit:3 %}{{ item.title }};{% endcontent_list %}",
        },
        {},
        provider,
      ),
    );
    expect(html).toBe('标题24;标题21;标题18;');
    expect(provider.queries[0]).toMatchObject({ catalog: 'news', includeChildren: true, recommend: true, sort: 'views', offset: 0, limit: 3 });
    expect(await render("{% content_list catalog:'news' offset:2 limit:2 as rows %}{{ rows | map: 'contentId' | join: ',' }}")).toBe('3,4');
    expect(
      await render("{% content_list catalog:'news' include_children:true has_logo:true tag:'五' as rows %}{{ rows | map: 'contentId' | join: ',' }}"),
    ).toBe('5,15,25');
    expect(await render("{% content_list catalog:'about' %}x{% else %}暂无内容{% endcontent_list %}")).toBe('暂无内容');
  });

  it('reuses the parsed templates of a snapshot source across pages rendered at the same time, each with its own page state', async () => {
    const text = '{% content_list page:true limit:10 as rows %}{{ page.index }}:{{ rows.first.title }}|{{ paging.pageIndex }}';
    const source = memorySource({ 'index.template.html': text });
    const provider = fakeProvider(5);
    const pages = await Promise.all(
      [1, 2, 3].map((pageIndex) =>
        renderPage('index.template.html', { source, provider, reuseParsed: true, context: { site, pipe: 'pc', catalog: catalogs[0], pageIndex } }),
      ),
    );
    expect(pages.map((p) => p.html)).toEqual(['1:标题1|1', '2:标题11|2', '3:标题21|3']);
    expect(pages.map((p) => p.paging?.pageIndex)).toEqual([1, 2, 3]);
    // Read (and parsed) once for the three pages.
    expect(source.reads.filter((r) => r === 'index.template.html')).toHaveLength(1);
  });

  it('content_list page:true pages by the context page index and page_bar links the pages', async () => {
    const ctx = (pageIndex: number) => ({ context: { site, pipe: 'pc', catalog: catalogs[0], pageIndex } });
    const text =
      '{% content_list page:true limit:10 as rows %}{{ rows.first.title }}-{{ rows.last.title }}|{{ paging.total }}|{{ paging.pageCount }}|{% page_bar %}';
    const page2 = await renderPage('index.template.html', options({ 'index.template.html': text }, ctx(2)));
    expect(page2.paging).toMatchObject({
      pageIndex: 2,
      pageSize: 10,
      total: 25,
      pageCount: 3,
      prevUrl: '/site/demo/pc/news/index.html',
      nextUrl: '/site/demo/pc/news/list_3.html',
    });
    const [head, bar] = page2.html
      .split('|')
      .reduce<[string, string]>((acc, part, i) => (i < 3 ? [`${acc[0]}${part}|`, acc[1]] : [acc[0], acc[1] + part]), ['', '']);
    expect(head).toBe('标题11-标题20|25|3|');
    expect(bar).toBe(
      '<div class="page-bar"><a class="page-first" href="/site/demo/pc/news/index.html">首页</a><a class="page-prev" href="/site/demo/pc/news/index.html">上一页</a>' +
        '<a class="page-num" href="/site/demo/pc/news/index.html">1</a><span class="page-num page-current">2</span><a class="page-num" href="/site/demo/pc/news/list_3.html">3</a>' +
        '<a class="page-next" href="/site/demo/pc/news/list_3.html">下一页</a><a class="page-last" href="/site/demo/pc/news/list_3.html">末页</a></div>',
    );
    const page1 = await render("{% content_list page:true limit:10 %}{% endcontent_list %}{% page_bar prev:'<' %}", {}, ctx(1));
    expect(page1).toContain('<span class="page-first page-disabled">首页</span><span class="page-prev page-disabled">&lt;</span>');
    const last = await render('{% content_list page:true limit:10 %}{{ item.contentId }},{% endcontent_list %}', {}, ctx(3));
    expect(last).toBe('21,22,23,24,25,');
    // The page size defaults to the context's (the catalog's) and one page renders no bar.
    const single = await renderPage(
      'index.template.html',
      options(
        { 'index.template.html': '{% content_list page:true %}{% endcontent_list %}[{% page_bar %}]' },
        { context: { site, pipe: 'pc', catalog: catalogs[0], pageSize: 50 } },
      ),
    );
    expect(single.html).toBe('[]');
    expect(single.paging).toMatchObject({ pageCount: 1, total: 25, pageSize: 50 });
    // Without a paged list there is no paging and no bar.
    expect(await renderPage('index.template.html', options({ 'index.template.html': '[{% page_bar %}]' }))).toEqual({ html: '[]', paging: null });
  });

  it('catalog_tree, catalog and content tags', async () => {
    expect(
      await render(
        '{% catalog_tree depth:2 as tree %}{% for c in tree %}{{ c.name }}({% for s in c.children %}{{ s.name }}{% endfor %}){% endfor %}',
      ),
    ).toBe('新闻(科技)关于()');
    expect(await render("{% catalog_tree alias:'news' as tree %}{{ tree | map: 'alias' | join: ',' }}")).toBe('tech');
    expect(await render("{% catalog alias:'about' as a %}{{ a.name }}|{{ a.url }}")).toBe('关于|/site/demo/pc/about/');
    expect(await render('{% content id:7 as c %}{{ c.title }}')).toBe('标题7');
    expect(await render('{% content id:999 as c %}[{{ c.title }}]')).toBe('[]');
  });

  it('URL and date filters', async () => {
    const html = await render(
      "{{ 'news' | catalog_url }}|{{ 3 | content_url }}|{% content id:5 as c %}{{ c | content_url }}|{{ 'about/index.html' | internal_url }}|{{ 'resources/a.png' | resource_url }}|{{ 'https://cdn.x/a.png' | resource_url }}|{{ 'css/site.css' | asset_url }}|{{ 'nope' | catalog_url }}",
    );
    expect(html).toBe(
      '/site/demo/pc/news/|/site/demo/pc/news/3.html|/site/demo/pc/news/5.html|/site/demo/pc/about/index.html|https://res.example.com/resources/a.png|https://cdn.x/a.png|/site/demo/pc/assets/css/site.css|',
    );
    const dates = await render(
      "{% content id:2 as c %}{{ c.publishDate | date_format: 'yyyy-MM-dd HH:mm' }}|{{ c.publishDate | date_format }}|{{ c.publishDate | date_format: \"yyyy年M月d日 EEEE 'at' h a\" }}|{{ c.missing | date_format }}",
      {},
      { timeZone: 'Asia/Shanghai' },
    );
    expect(dates).toBe('2024-01-02 10:03|2024-01-02 10:03:04|2024年1月2日 星期二 at 10 上午|');
    expect(formatDate('2024-06-30T16:30:00Z', 'yy/MM/dd HH:mm E', 'UTC')).toBe('24/06/30 16:30 周日');
  });

  it('includes templates relative to the pipe folder, with or without the suffix, and layouts', async () => {
    const source = memorySource({
      'index.template.html': "{% include 'include/header' %}<main>{{ site.name }}</main>{% include 'include/footer.template.html' %}",
      'include/header.template.html': '<header>{{ site.name }}{% include "include/nav" %}</header>',
      'include/nav.template.html': "{% catalog_list level:'root' %}[{{ item.name }}]{% endcatalog_list %}",
      'include/footer.template.html': '<footer>©</footer>',
      'detail.template.html': "{% layout 'layout/main' %}{% block body %}正文{% endblock %}",
      'layout/main.template.html': '<body>{% block body %}{% endblock %}</body>',
    });
    const base = { provider: fakeProvider(), context: { site, pipe: 'pc' } };
    expect(await renderTemplate('index.template.html', { source, ...base })).toBe(
      '<header>演示站[新闻][关于]</header><main>演示站</main><footer>©</footer>',
    );
    expect(await renderTemplate('detail.template.html', { source, ...base })).toBe('<body>正文</body>');
  });

  it('keeps the TEMPLATE_TAGS help data for every CMS tag and filter', () => {
    const names = TEMPLATE_TAGS.map((t) => t.name);
    for (const name of [
      'catalog_list',
      'content_list',
      'page_bar',
      'catalog_tree',
      'content_url',
      'catalog_url',
      'internal_url',
      'resource_url',
      'date_format',
      'site',
    ]) {
      expect(names).toContain(name);
    }
    for (const doc of TEMPLATE_TAGS) {
      expect(doc.description).toMatch(/[\u4e00-\u9fff]/);
      expect(doc.example.length).toBeGreaterThan(0);
      // Every documented example is valid syntax.
      expect(checkTemplateSyntax(doc.example), doc.name).toEqual([]);
    }
  });
});

describe('template engine: sandbox', () => {
  it('refuses absolute paths and paths leaving the template folder without reading them', async () => {
    const source = memorySource({ 'index.template.html': "{% include '/etc/passwd' %}" });
    const abs = await failure(renderTemplate('index.template.html', { source, provider: fakeProvider(), context: { site, pipe: 'pc' } }));
    expect(abs.messageKey).toBe('cms.template.error.forbiddenPath');
    expect(abs.details).toMatchObject({ line: 1, col: 1, detail: '/etc/passwd' });
    expect(source.reads).toEqual(['index.template.html']);
    for (const bad of ["{% include '../../x' %}", "{% render 'include/../../x' %}", "{% layout '..\\\\x' %}", "{% include 'a/./b' %}"]) {
      expect((await failure(render(bad))).kind, bad).toBe('forbiddenPath');
    }
    expect(await failure(renderTemplate('../secret.template.html', options({})))).toMatchObject({ kind: 'forbiddenPath' });
    expect((await failure(render("{{ '../../etc/passwd' | internal_url }}"))).kind).toBe('forbiddenPath');
  });

  it('reports a missing include or template as notFound with the position', async () => {
    const missing = await failure(render("line1\n  {% include 'include/none' %}"));
    expect(missing).toMatchObject({
      kind: 'notFound',
      messageKey: 'cms.template.error.notFound',
      details: { line: 2, col: 3, detail: 'include/none.template.html' },
    });
    expect((await failure(renderTemplate('nope.template.html', options({})))).kind).toBe('notFound');
    expect((await failure(render("{% catalog_list alias:'ghost' %}{% endcatalog_list %}"))).kind).toBe('notFound');
  });

  it('stops recursive includes at the depth bound', async () => {
    const error = await failure(render("{% include 'include/loop' %}", { 'include/loop.template.html': "x{% include 'include/loop' %}" }));
    expect(error.kind).toBe('tooDeep');
    expect(error.messageKey).toBe('cms.template.error.tooDeep');
  });

  it('stops endless loops within about two seconds', async () => {
    const started = Date.now();
    const huge = await failure(render('{% for i in (1..100000000) %}{{ i }}{% endfor %}'));
    expect(['tooLarge', 'timeout']).toContain(huge.kind);
    // Nine million steps without output: only the clock stops it.
    const slow = await failure(
      render('{% for i in (1..3000) %}{% for j in (1..3000) %}{% assign x = j %}{% endfor %}{% endfor %}', {}, { limits: { timeoutMs: 500 } }),
    );
    expect(slow.kind).toBe('timeout');
    expect(slow.messageKey).toBe('cms.template.error.timeout');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('times out a render waiting on slow data', async () => {
    const started = Date.now();
    const error = await failure(
      renderTemplate(
        'index.template.html',
        options({ 'index.template.html': '{% content_list %}{% endcontent_list %}' }, { limits: { timeoutMs: 200 } }, fakeProvider(5000)),
      ),
    );
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('stops huge output and too many data calls', async () => {
    const big = await failure(render('{% for i in (1..100000) %}0123456789{% endfor %}', {}, { limits: { maxOutputChars: 100_000 } }));
    expect(big.kind).toBe('tooLarge');
    expect(big.messageKey).toBe('cms.template.error.tooLarge');
    const doubling = await failure(render('{% assign s = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}'));
    expect(doubling.kind).toBe('tooLarge');
    const calls = await failure(
      render('{% for i in (1..100) %}{% content_list limit:1 %}{% endcontent_list %}{% endfor %}', {}, { limits: { maxDataCalls: 50 } }),
    );
    expect(calls.kind).toBe('tooLarge');
  });

  it('exposes no JavaScript: prototypes, constructors and process stay out of reach', async () => {
    const html = await render(
      '[{{ site.constructor }}][{{ site.name.constructor }}][{{ process.env }}][{{ site.__proto__ }}][{{ site.hasOwnProperty }}][{{ global }}][{{ require }}]',
    );
    expect(html).toBe('[][][][][][][]');
  });

  it('refuses unknown filters and unknown tag arguments when parsing', async () => {
    expect((await failure(render('{{ site.name | shell }}'))).kind).toBe('syntax');
    expect((await failure(render("{% content_list colour:'red' %}{% endcontent_list %}"))).kind).toBe('syntax');
  });
});

describe('checkTemplateSyntax', () => {
  it('answers [] for a valid template and the line and column of each error', () => {
    expect(
      checkTemplateSyntax("{% content_list catalog:'news' page:true as rows %}{% for r in rows %}{{ r.title }}{% endfor %}{% page_bar %}"),
    ).toEqual([]);
    const unclosed = checkTemplateSyntax('<p>\n  {% if site.name %}\n</p>');
    expect(unclosed).toHaveLength(1);
    expect(unclosed[0]).toMatchObject({ line: 2, col: 3 });
    expect(unclosed[0].message).toContain('not closed');
    const issues = checkTemplateSyntax(
      "a\n{{ x | nosuchfilter }}\n{% content_list sort:'random' %}{% endcontent_list %}\n{% catalog_list bogus %}{% endcatalog_list %}",
    );
    expect(issues.map((i) => i.line)).toEqual([2, 3, 4]);
    expect(issues[0].message).toContain('nosuchfilter');
    expect(issues[1].message).toContain('sort');
    expect(checkTemplateSyntax('{{ "unterminated }}')[0]).toMatchObject({ line: 1 });
    expect(checkTemplateSyntax('{% catalog %}')[0].message).toContain('as <variable>');
  });
});
