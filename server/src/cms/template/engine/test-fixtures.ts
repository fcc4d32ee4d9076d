import type { CatalogTreeNode, CatalogView, ContentQuery, ContentView, SiteView, TemplateDataProvider, TemplateSource } from './types';

/** Test data of the engine and theme tests: one site, four catalogs, 26 articles, an in-memory source. */
export const site: SiteView = {
  siteId: '1',
  name: '演示站',
  path: 'demo',
  url: '/site/demo/pc/',
  logo: '',
  logoUrl: '',
  description: '',
  staticSuffix: 'html',
  seoTitle: '',
  seoKeywords: '',
  seoDescription: '',
  props: { hotline: '400-1' },
  apiUrl: '/prod-api',
};

function catalog(catalogId: string, parentId: string, alias: string, name: string, visible = true): CatalogView {
  const path = parentId === '0' ? `${alias}/` : `news/${alias}/`;
  return {
    catalogId,
    siteId: '1',
    parentId,
    name,
    alias,
    path,
    type: 'common',
    url: `/site/demo/pc/${path}`,
    logo: '',
    logoUrl: '',
    description: '',
    treeLevel: parentId === '0' ? 1 : 2,
    contentCount: 0,
    visible,
    seoTitle: '',
    seoKeywords: '',
    seoDescription: '',
  };
}

export const catalogs = [
  catalog('1', '0', 'news', '新闻'),
  catalog('2', '1', 'tech', '科技'),
  catalog('3', '0', 'about', '关于'),
  catalog('4', '0', 'hidden', '隐藏', false),
];

function content(n: number, catalogId: string): ContentView {
  return {
    contentId: String(n),
    siteId: '1',
    catalogId,
    catalogName: '',
    catalogUrl: '',
    contentType: 'article',
    title: `标题${n}`,
    subTitle: '',
    shortTitle: '',
    titleStyle: '',
    logo: n % 2 ? `resources/202401/${n}.png` : '',
    logoUrl: '',
    author: '',
    editor: '',
    original: false,
    summary: '',
    tags: n % 5 === 0 ? ['五'] : [],
    keywords: [],
    source: '',
    sourceUrl: '',
    publishDate: new Date(Date.UTC(2024, 0, n, 2, 3, 4)).toISOString(),
    top: false,
    recommend: n % 3 === 0,
    hot: false,
    viewCount: n,
    likeCount: 0,
    commentCount: 0,
    url: `/site/demo/pc/news/${n}.html`,
    linkFlag: false,
    seoTitle: '',
    seoKeywords: '',
    seoDescription: '',
  };
}

export const contents = [...Array.from({ length: 25 }, (_, i) => content(i + 1, '1')), content(26, '2')];

/** A provider over the arrays above; it records the content queries it answered. */
export function fakeProvider(delayMs = 0): TemplateDataProvider & { queries: ContentQuery[] } {
  const find = (ref: string) => catalogs.find((c) => c.catalogId === ref || c.alias === ref) ?? null;
  const queries: ContentQuery[] = [];
  const wait = () => (delayMs ? new Promise((r) => setTimeout(r, delayMs)) : Promise.resolve());
  return {
    queries,
    site: async () => site,
    catalog: async (ref) => find(ref),
    catalogs: async ({ parent, visibleOnly, limit }) =>
      catalogs.filter((c) => c.parentId === (parent ?? '0') && (!visibleOnly || c.visible)).slice(0, limit),
    catalogTree: async ({ root, visibleOnly }) => {
      const build = (parent: string): CatalogTreeNode[] =>
        catalogs.filter((c) => c.parentId === parent && (!visibleOnly || c.visible)).map((c) => ({ ...c, children: build(c.catalogId) }));
      return build(root ?? '0');
    },
    contents: async (q) => {
      await wait();
      queries.push(q);
      const base = q.catalog ? find(q.catalog) : null;
      let rows = contents.filter(
        (c) =>
          !base ||
          c.catalogId === base.catalogId ||
          (q.includeChildren && catalogs.find((x) => x.catalogId === c.catalogId)?.parentId === base.catalogId),
      );
      if (q.recommend) rows = rows.filter((c) => c.recommend);
      if (q.hasLogo) rows = rows.filter((c) => c.logo);
      if (q.tag) rows = rows.filter((c) => c.tags.includes(q.tag!));
      if (q.sort === 'views') rows = [...rows].sort((a, b) => b.viewCount - a.viewCount);
      return { rows: rows.slice(q.offset, q.offset + q.limit), total: rows.length };
    },
    content: async (id) => contents.find((c) => c.contentId === id) ?? null,
    urls: {
      site: () => site.url,
      catalog: (c) => c.url,
      catalogPage: (c, n) => `${c.url}${n === 1 ? 'index' : `list_${n}`}.html`,
      content: (c) => c.url,
      internal: (p) => `/site/demo/pc/${p}`,
      resource: (p) => `https://res.example.com/${p}`,
    },
  };
}

export function memorySource(files: Record<string, string>): TemplateSource & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    read: async (path) => {
      reads.push(path);
      return Object.hasOwn(files, path) ? files[path] : null;
    },
  };
}
