import { describe, expect, it } from 'vitest';
import { batchNames, catalogSortBody, catalogSubtreeIds, configValue, findCatalog, type CatalogNode } from '../src/screens/cms/catalog/catalog';
import {
  actionCall,
  bulkActions,
  contentBody,
  contentFormError,
  contentSortBody,
  editorPath,
  EDITOR_ROUTE,
  fromLocalInput,
  isValidEmbedCode,
  lockedByOther,
  moveItem,
  RICH_TEXT_TOOLBAR,
  rowActions,
  setTopBody,
  statusTabFilter,
  tabOfFilter,
  toLocalInput,
  type ContentForm,
  type ContentRow,
} from '../src/screens/cms/content/content';
import { DETAIL_PAGES, DETAIL_RESOURCES, screenByComponent, SCREEN_PERMISSION_PATHS } from '../src/screens/registry';

const ALL = () => true;
const only =
  (...perms: string[]) =>
  (p: string) =>
    perms.includes(p);

describe('status tabs', () => {
  it('set the status filter, or drop it for all and the recycle bin', () => {
    expect(statusTabFilter('published', { title: 'a', status: 'draft' })).toEqual({ title: 'a', status: 'published' });
    expect(statusTabFilter('all', { title: 'a', status: 'draft', catalogId: '3' })).toEqual({ title: 'a', catalogId: '3' });
    expect(statusTabFilter('recycle', { status: 'draft' })).toEqual({});
    expect(statusTabFilter('to_publish', {})).toEqual({ status: 'to_publish' });
    expect(tabOfFilter({ status: 're_edit' })).toBe('re_edit');
    expect(tabOfFilter({})).toBe('all');
    expect(tabOfFilter({ status: 'nonsense' })).toBe('all');
  });
});

describe('content actions by status and permission', () => {
  const draft: ContentRow = { contentId: '1', status: 'draft', topFlag: '0' };
  const published: ContentRow = { contentId: '2', status: 'published', topFlag: '1700000000000', recommend: true };
  const archived: ContentRow = { contentId: '3', status: 'archived', topFlag: '0', lockUser: 'ann' };

  it('offer a row what its status allows', () => {
    expect(rowActions(draft, ALL)).toEqual(['publish', 'toPublish', 'delete', 'move', 'copy', 'setTop', 'recommend', 'hot', 'lock', 'sort', 'log']);
    expect(rowActions(published, ALL)).toEqual([
      'offline',
      'archive',
      'delete',
      'move',
      'copy',
      'cancelTop',
      'cancelRecommend',
      'hot',
      'lock',
      'sort',
      'log',
    ]);
    expect(rowActions(archived, ALL)).toContain('unlock');
    expect(rowActions(archived, ALL)).not.toContain('publish');
  });

  it('hide actions without their permission', () => {
    expect(rowActions(draft, only('cms:content:publish', 'cms:content:view'))).toEqual(['publish', 'log']);
    expect(rowActions(draft, only())).toEqual([]);
  });

  it('offer in bulk only what every selected row allows, never the one-row actions', () => {
    expect(bulkActions([draft], ALL)).toEqual(['publish', 'toPublish', 'delete', 'move', 'copy', 'setTop', 'recommend', 'hot']);
    // draft + published: no status change is legal for both except delete
    expect(bulkActions([draft, published], ALL)).toEqual(['delete', 'move', 'copy', 'hot']);
    expect(bulkActions([published, archived], only('cms:content:archive', 'cms:content:offline'))).toEqual([]);
    expect(bulkActions([], ALL)).toEqual([]);
  });

  it('call the routes of the server with the ids', () => {
    expect(actionCall('publish', ['1', '2'])).toEqual({ method: 'POST', url: '/cms/content/publish', data: { contentIds: ['1', '2'] } });
    expect(actionCall('delete', ['1'])).toEqual({ method: 'DELETE', url: '/cms/content', data: { contentIds: ['1'] } });
    expect(actionCall('cancelHot', ['1'])).toEqual({ method: 'DELETE', url: '/cms/content/attr', data: { contentIds: ['1'], attr: 'hot' } });
    expect(actionCall('lock', ['9'])).toEqual({ method: 'POST', url: '/cms/content/lock/9', data: undefined });
    expect(actionCall('move', ['1'])).toBeUndefined(); // needs the catalog picker
  });

  it('sort places a content before another, never before itself', () => {
    expect(contentSortBody('5', '9')).toEqual({ contentId: '5', targetId: '9' });
    expect(contentSortBody('5', '5')).toBeUndefined();
    expect(contentSortBody('', '5')).toBeUndefined();
  });

  it('set top sends the end time only when given', () => {
    expect(setTopBody(['1'], '')).toEqual({ contentIds: ['1'] });
    expect(setTopBody(['1'], '2030-01-02T03:04')).toEqual({ contentIds: ['1'], topEndTime: new Date('2030-01-02T03:04').toISOString() });
  });
});

describe('video embed code', () => {
  it('needs an iframe with an http(s) src', () => {
    expect(isValidEmbedCode('<iframe src="https://player.example.com/v/1" allowfullscreen></iframe>')).toBe(true);
    expect(isValidEmbedCode("<IFRAME width=640 src='http://v.example.com/x'></IFRAME>")).toBe(true);
    expect(isValidEmbedCode('')).toBe(false);
    expect(isValidEmbedCode('   ')).toBe(false);
    expect(isValidEmbedCode('<iframe></iframe>')).toBe(false);
    expect(isValidEmbedCode('<iframe src=""></iframe>')).toBe(false);
    expect(isValidEmbedCode('<iframe src="javascript:alert(1)"></iframe>')).toBe(false);
    expect(isValidEmbedCode('<video src="https://x/y.mp4"></video>')).toBe(false);
  });
});

describe('the editor body', () => {
  const article: ContentForm = {
    catalogId: '5',
    contentType: 'article',
    title: '  Hello ',
    author: 'Ann',
    tags: ['a', 'b'],
    publishPipes: ['pc'],
    contentHtml: '<p>Body</p>',
    images: [{ path: 'x' }],
    relaContentIds: ['8'],
    linkFlag: false,
    redirectUrl: 'ignored',
  };

  it('sends the fields, the body of its type only, and related ids for new content', () => {
    const body = contentBody(article);
    expect(body).toMatchObject({
      catalogId: '5',
      contentType: 'article',
      title: 'Hello',
      author: 'Ann',
      tags: ['a', 'b'],
      publishPipes: ['pc'],
      contentHtml: '<p>Body</p>',
      redirectUrl: '',
      relaContentIds: ['8'],
    });
    expect(body).not.toHaveProperty('images');
    expect(body).not.toHaveProperty('contentId');
  });

  it('saves existing content with its id and without related ids (changed through /rela)', () => {
    const body = contentBody({ ...article, contentId: '42', contentHtml: '<p><br></p>' });
    expect(body.contentId).toBe('42');
    expect(body.contentHtml).toBe('');
    expect(body).not.toHaveProperty('relaContentIds');
  });

  it('sends videos by kind', () => {
    const body = contentBody({
      catalogId: '5',
      contentType: 'video',
      title: 'v',
      videos: [
        { type: 'share', path: 'x', embedCode: '<iframe src="https://a/b"></iframe>' },
        { type: 'local', path: 'resources/1.mp4', embedCode: 'x' },
      ],
    });
    expect(body.videos).toEqual([
      { type: 'share', embedCode: '<iframe src="https://a/b"></iframe>', title: '', description: '', duration: 0 },
      { type: 'local', path: 'resources/1.mp4', title: '', description: '', duration: 0 },
    ]);
  });

  it('checks the form before saving', () => {
    expect(contentFormError({ ...article, title: ' ' })).toBe('app.cms_editor.title_required');
    expect(contentFormError({ ...article, linkFlag: true, redirectUrl: '' })).toBe('app.cms_editor.redirect_required');
    expect(contentFormError({ catalogId: '1', contentType: 'image', title: 't', images: [] })).toBe('app.cms_editor.images_required');
    expect(
      contentFormError({ catalogId: '1', contentType: 'video', title: 't', videos: [{ type: 'share', path: '', embedCode: '<p>no</p>' }] }),
    ).toBe('app.cms_editor.embed_invalid');
    expect(contentFormError(article)).toBeUndefined();
  });

  it('converts dates between the input and ISO', () => {
    const iso = fromLocalInput('2030-05-06T07:08');
    expect(toLocalInput(iso)).toBe('2030-05-06T07:08');
    expect(fromLocalInput('')).toBe('');
    expect(toLocalInput(null)).toBe('');
  });

  it('is read-only when another user holds the lock', () => {
    expect(lockedByOther('bob', 'ann')).toBe(true);
    expect(lockedByOther('ann', 'ann')).toBe(false);
    expect(lockedByOther('', 'ann')).toBe(false);
  });

  it('reorders media', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('has the toolbar of spec section 9', () => {
    const names = RICH_TEXT_TOOLBAR.flat().map((x) => (typeof x === 'string' ? x : Object.keys(x)[0]));
    expect(names).toEqual([
      'bold',
      'italic',
      'underline',
      'strike',
      'blockquote',
      'code-block',
      'list',
      'list',
      'indent',
      'indent',
      'size',
      'header',
      'color',
      'background',
      'align',
      'clean',
      'link',
      'image',
      'video',
    ]);
    expect(RICH_TEXT_TOOLBAR.flat()).toContainEqual({ header: [1, 2, 3, 4, 5, 6, false] });
  });

  it('is a detail page reached by catalog, type and id', () => {
    expect(editorPath(5, 'article')).toBe('/cms/content/editor/5/article/0');
    expect(DETAIL_PAGES.some((p) => p.path === EDITOR_ROUTE)).toBe(true);
  });
});

describe('catalog helpers', () => {
  const tree: CatalogNode[] = [
    {
      id: '1',
      parentId: '0',
      name: 'News',
      children: [{ id: '2', parentId: '1', name: 'Tech', children: [{ id: '3', parentId: '2', name: 'AI' }] }],
    },
    { id: '4', parentId: '0', name: 'About' },
  ];

  it('sort up is +1 and down is -1 (the server moves it `sort` places toward the start)', () => {
    expect(catalogSortBody('7', 'up')).toEqual({ catalogId: '7', sort: 1 });
    expect(catalogSortBody('7', 'down')).toEqual({ catalogId: '7', sort: -1 });
  });

  it('find nodes and subtrees', () => {
    expect(findCatalog(tree, '3')?.name).toBe('AI');
    expect([...catalogSubtreeIds(findCatalog(tree, '1'))]).toEqual(['1', '2', '3']);
  });

  it('batch names and extension values', () => {
    expect(batchNames(' a \n\nb\r\n c ')).toEqual(['a', 'b', 'c']);
    expect(configValue('12')).toBe(12);
    expect(configValue('true')).toBe(true);
    expect(configValue('x')).toBe('x');
  });
});

describe('registry', () => {
  it('builds the catalog, content and recycle screens', () => {
    for (const c of ['cms/catalog/index', 'cms/content/index', 'cms/content/recycle']) expect(screenByComponent(c), c).toBeTruthy();
  });

  it('names the recycle bin list after GET /cms/content/recycle with cms:recycle permissions', () => {
    const bin = DETAIL_RESOURCES.find((d) => d.resource === 'cms/content/recycle-bin');
    expect(bin?.listPath).toBe('cms/content/recycle');
    expect(SCREEN_PERMISSION_PATHS['cms/content/recycle-bin']).toBe('cms/recycle');
  });
});
