import { AI_TOOLS } from '@zhiwen/shared';
import { describe, expect, it } from 'vitest';
import { checkFields, initialValues } from '../src/ai/fieldErrors';

const fieldsOf = (slug: string) => AI_TOOLS.find((tool) => tool.slug === slug)!.fields;

describe('writing form check (the shared rules the server runs)', () => {
  it('starts selects at their default and asks for the required fields', () => {
    const fields = fieldsOf('aixsxz');
    const values = initialValues(fields);
    expect(values).toMatchObject({ title: '', coreContent: '', genre: 'urban', length: 'medium' });
    expect(checkFields(fields, values)).toEqual({ title: '请输入小说标题', coreContent: '请输入故事梗概' });
  });

  it('counts characters as people do and names spec 9 limits', () => {
    const fields = fieldsOf('aixsxz');
    const values = { ...initialValues(fields), title: '星'.repeat(201), coreContent: '😀'.repeat(200) };
    expect(checkFields(fields, values)).toEqual({ title: '小说标题不能超过 200 个字' });
    expect(checkFields(fields, { ...values, title: '星河', genre: 'other' })).toEqual({ genre: '题材只能选择：都市, 玄幻, 言情, 悬疑, 历史, 科幻' });
  });
});
