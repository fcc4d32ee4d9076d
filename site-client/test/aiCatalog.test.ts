import { AI_TOOLS } from '@zhiwen/shared';
import { describe, expect, it } from 'vitest';
import { groupByCategory, searchTools } from '../src/ai/toolGroups';
import { WRITING_CATALOG } from '../src/catalog';

describe('writing tool catalog: from the shared catalog, grouped and searchable', () => {
  it('lists every shared tool once, with the route of its slug', () => {
    expect(WRITING_CATALOG.map((tool) => tool.path)).toEqual(AI_TOOLS.map((tool) => `/${tool.slug}`));
    expect(WRITING_CATALOG.find((tool) => tool.path === '/aiwnxz')?.name).toBe('万能写作');
  });

  it('groups by category in catalog order, every tool in exactly one group', () => {
    const groups = groupByCategory(WRITING_CATALOG);
    expect(groups.map((g) => g.category)).toEqual([...new Set(AI_TOOLS.map((tool) => tool.category))]);
    expect(groups.flatMap((g) => g.tools)).toHaveLength(AI_TOOLS.length);
    const essays = groups.find((g) => g.category === '作文')!;
    expect(essays.tools.map((tool) => tool.path)).toContain('/aizuowen');
    expect(essays.tools.every((tool) => tool.category === '作文')).toBe(true);
  });

  it('searches name, description and category; every word must match; empty matches all', () => {
    expect(searchTools(WRITING_CATALOG, '')).toHaveLength(WRITING_CATALOG.length);
    expect(searchTools(WRITING_CATALOG, '致谢').map((tool) => tool.path)).toEqual(['/ailwzx']);
    const academic = searchTools(WRITING_CATALOG, '学术论文');
    expect(academic.length).toBeGreaterThan(5);
    expect(academic.every((tool) => tool.category === '学术论文' || `${tool.name}${tool.description}`.includes('学术论文'))).toBe(true);
    expect(searchTools(WRITING_CATALOG, '论文 摘要').map((tool) => tool.path)).toEqual(['/ailwzy']);
    expect(searchTools(WRITING_CATALOG, '不存在的工具')).toEqual([]);
  });
});
