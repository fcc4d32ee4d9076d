import { describe, expect, it } from 'vitest';
import { AI_TOOLS, aiTemplateValues, validateAiToolInput } from './ai-tools.js';
import { parsePromptTemplate, PromptTemplateError, renderPromptTemplate } from './ai-template.js';

/** The writing routes of spec 2.3, in its order (/aizcxz is the official-document writing page of 2.2). */
const SPEC_WRITING_ROUTES =
  'aixsxz aiwnwd aiqikan aijyxz ailwfw modelessay aigzjh aisyjhs aisqs aijiaoan aiwxzs aizwzy aizcfw aisxbg aizfy aisxhb aidcwj aichfa aigqshf aipyqwa aishiju aizuowen airbzbyb aizwzyfw aiktbg airws ailwxt aickwx ailwtg ailwxx ailwzy ailwzx aidbpptnr aiyjg aiggwa aixhswa aidscpms ainzzj aigrzj aixdth aigzbg aijtsck aiqsck aipptdg aizygw aidyzw aidhgzw aijjrzw aizhoji airijizw aitczw aiywzw aiyywzw aiwnxz aizcxz'.split(
    ' ',
  );

describe('AI tool catalog', () => {
  it('has one tool per writing route of the spec, with a valid template naming only its own fields', () => {
    expect(AI_TOOLS.map((t) => t.slug)).toEqual(SPEC_WRITING_ROUTES);
    for (const tool of AI_TOOLS) {
      expect(() => parsePromptTemplate(tool.promptTemplate), tool.slug).not.toThrow();
      const names = new Set(tool.fields.map((f) => f.name));
      for (const [, name] of tool.promptTemplate.matchAll(/\{\{(?:#if )?(\w+)\}\}/g)) expect(names.has(name), `${tool.slug}: ${name}`).toBe(true);
      expect(
        tool.fields.some((f) => f.required),
        tool.slug,
      ).toBe(true);
    }
  });

  it('validates the limits of spec 9 and nothing else', () => {
    const novel = AI_TOOLS.find((t) => t.slug === 'aiqikan')!;
    expect(validateAiToolInput(novel.fields, { title: 'a'.repeat(200), coreContent: '内容', profession: '' })).toEqual([]);
    const errors = validateAiToolInput(novel.fields, {
      title: 'a'.repeat(201),
      coreContent: '  ',
      profession: 'p'.repeat(101),
      length: 'huge',
      extra: 1,
    });
    expect(errors.map((e) => [e.field, e.rule, e.limit])).toEqual([
      ['extra', 'unknown', undefined],
      ['title', 'maxLength', 200],
      ['profession', 'maxLength', 100],
      ['coreContent', 'required', undefined],
      ['length', 'isIn', '短篇（约3000字）, 中篇（约5000字）, 长篇（约8000字）'],
    ]);
    // Characters, not UTF-16 units: 200 emoji are 200 characters.
    expect(validateAiToolInput(novel.fields, { title: '😀'.repeat(200), coreContent: 'x' })).toEqual([]);
    const plan = AI_TOOLS.find((t) => t.slug === 'aisyjhs')!;
    expect(validateAiToolInput(plan.fields, { coreContent: 'x', businessPlanTitle: 'b'.repeat(201) })[0]).toMatchObject({
      field: 'businessPlanTitle',
      rule: 'maxLength',
      limit: 200,
    });
    // Staff cannot widen a spec limit by editing the field.
    const widened = novel.fields.map((f) => (f.name === 'title' ? { ...f, maxLength: 500 } : f));
    expect(validateAiToolInput(widened, { title: 'a'.repeat(201), coreContent: 'x' })[0]).toMatchObject({ rule: 'maxLength', limit: 200 });
  });

  it('fills templates with trimmed values and option labels', () => {
    const tool = AI_TOOLS.find((t) => t.slug === 'aiwnxz')!;
    const prompt = renderPromptTemplate(
      tool.promptTemplate,
      aiTemplateValues(tool.fields, { title: ' 春天 ', coreContent: '踏青', tone: 'humorous' }),
    );
    expect(prompt).toContain('标题：春天\n');
    expect(prompt).toContain('篇幅中篇（约1500字），语气幽默风趣');
  });
});

describe('prompt templates', () => {
  it('substitutes, branches on blank values, nests, and never evaluates', () => {
    const template = 'A{{x}}{{#if y}}[{{y}}{{#if z}}+{{z}}{{/if}}]{{else}}-{{/if}}{{constructor}}{{toString}}';
    expect(renderPromptTemplate(template, { x: '1', y: '2', z: '3' })).toBe('A1[2+3]');
    expect(renderPromptTemplate(template, { x: '${1+1}', y: ' ' })).toBe('A${1+1}-');
  });

  it('refuses unbalanced blocks', () => {
    for (const bad of ['{{#if a}}x', '{{/if}}', '{{else}}', '{{#if a}}{{else}}{{else}}{{/if}}']) {
      expect(() => parsePromptTemplate(bad), bad).toThrow(PromptTemplateError);
    }
  });
});
