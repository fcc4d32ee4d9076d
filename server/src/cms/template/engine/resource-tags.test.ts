import { describe, expect, it } from 'vitest';
import { checkTemplateSyntax, renderTemplate, TEMPLATE_TAGS } from './index';
import { fakeProvider, memorySource, site } from './test-fixtures';
import type { ResourceQuery, ResourceView, TemplateDataProvider } from './types';

const view = (id: number, type: ResourceView['resourceType'], thumb: boolean): ResourceView => ({
  resourceId: String(id),
  resourceType: type,
  name: `文件${id}`,
  path: `resources/202611/${id}.png`,
  suffix: 'png',
  width: 800,
  height: 600,
  fileSize: 1000 * id,
  tags: id % 2 ? ['banner'] : [],
  description: '',
  src: `https://res.example.com/resources/202611/${id}.png`,
  thumbnailSrc: thumb ? `https://res.example.com/resources/202611/${id}_thumb.png` : `https://res.example.com/resources/202611/${id}.png`,
});
const library = [view(3, 'image', true), view(2, 'document', false), view(1, 'image', false)];

/** The fake provider with a resource library; remembers the list queries. */
function withLibrary(): TemplateDataProvider & { resourceQueries: ResourceQuery[] } {
  const resourceQueries: ResourceQuery[] = [];
  return {
    ...fakeProvider(),
    resourceQueries,
    resource: async (ref) => library.find((r) => r.resourceId === ref || r.path === ref) ?? null,
    resources: async (q) => {
      resourceQueries.push(q);
      return library
        .filter((r) => (!q.resourceType || r.resourceType === q.resourceType) && (!q.tag || r.tags.includes(q.tag)))
        .slice(q.offset, q.offset + q.limit);
    },
  };
}

const render = (text: string, provider: TemplateDataProvider = withLibrary()) =>
  renderTemplate('index.template.html', { source: memorySource({ 'index.template.html': text }), provider, context: { site, pipe: 'pc' } });

describe('template engine: resource library tags and filters', () => {
  it('cms_resource lists the library by type and tag, newest first, in block and assign forms', async () => {
    const provider = withLibrary();
    expect(await render("{% cms_resource type:'image' %}[{{ item.name }} {{ item.width }}x{{ item.height }}]{% endcms_resource %}", provider)).toBe(
      '[文件3 800x600][文件1 800x600]',
    );
    expect(await render("{% cms_resource tag:'banner' limit:1 as files %}{{ files.size }}:{{ files[0].resourceId }}", provider)).toBe('1:3');
    expect(await render("{% cms_resource type:'video' %}x{% else %}none{% endcms_resource %}", provider)).toBe('none');
    expect(provider.resourceQueries).toEqual([
      { resourceType: 'image', offset: 0, limit: 10 },
      { tag: 'banner', offset: 0, limit: 1 },
      { resourceType: 'video', offset: 0, limit: 10 },
    ]);
    expect(checkTemplateSyntax("{% cms_resource type:'svg' %}{% endcms_resource %}")).toEqual([
      { line: 1, col: 1, message: 'type of tag cms_resource must be one of image, audio, video, document, other' },
    ]);
  });

  it('thumbnail and resource_url turn an item, an id or a path into URLs', async () => {
    const html = await render(
      "{% cms_resource type:'image' limit:1 %}{{ item | thumbnail }}|{{ item | resource_url }}{% endcms_resource %}|{{ 3 | thumbnail }}|{{ 3 | resource_url }}|{{ 'resources/202611/3.png' | thumbnail }}|{{ '/site/demo/resources/202611/3.png' | thumbnail }}|{{ 1 | thumbnail }}|{{ 'resources/other/x.png' | thumbnail }}|{{ 99 | thumbnail }}|{{ '' | thumbnail }}",
    );
    expect(html.split('|')).toEqual([
      'https://res.example.com/resources/202611/3_thumb.png',
      'https://res.example.com/resources/202611/3.png',
      'https://res.example.com/resources/202611/3_thumb.png',
      'https://res.example.com/resources/202611/3.png',
      'https://res.example.com/resources/202611/3_thumb.png',
      'https://res.example.com/resources/202611/3_thumb.png',
      // No thumbnail: the image itself.
      'https://res.example.com/resources/202611/1.png',
      // Not in the library: the path's URL.
      'https://res.example.com/resources/other/x.png',
      '',
      '',
    ]);
    await expect(render("{{ '../../etc/passwd' | thumbnail }}")).rejects.toMatchObject({ kind: 'forbiddenPath' });
  });

  it('works without a library: cms_resource is empty and thumbnail falls back to the path', async () => {
    expect(await render("{% cms_resource %}x{% else %}none{% endcms_resource %}|{{ 'resources/a.png' | thumbnail }}", fakeProvider())).toBe(
      'none|https://res.example.com/resources/a.png',
    );
  });

  it('documents the tag and filter in the help data in three languages', () => {
    for (const name of ['cms_resource', 'thumbnail', 'resource_url']) {
      const doc = TEMPLATE_TAGS.find((t) => t.name === name);
      expect(doc?.description).toMatch(/[\u4e00-\u9fff]/);
      expect(doc?.descriptions?.['zh-TW']).toMatch(/[\u4e00-\u9fff]/);
      expect(doc?.descriptions?.en).toMatch(/^[A-Z]/);
      expect(checkTemplateSyntax(doc!.example)).toEqual([]);
    }
  });
});
