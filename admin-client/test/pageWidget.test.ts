import { describe, expect, it } from 'vitest';
import { blockRows, moveItem, widgetBody, WIDGET_CODE, WIDGET_PATH, WIDGET_TEMPLATE } from '../src/screens/cms/pagewidget/pagewidget';

describe('page widget forms', () => {
  it('sends the widget fields, the type only on create, catalog 0 for the site', () => {
    const values = {
      pageWidgetId: 7,
      type: 'ads',
      name: ' 顶部 ',
      code: ' top ',
      publishPipeCode: 'pc',
      path: ' a/b.html ',
      template: '',
      remark: 'r',
      content: { x: 1 },
    };
    expect(widgetBody(values, true)).toEqual({
      pageWidgetId: '7',
      type: 'ads',
      name: '顶部',
      code: 'top',
      publishPipeCode: 'pc',
      path: 'a/b.html',
      template: '',
      catalogId: '0',
      content: { x: 1 },
      remark: 'r',
    });
    expect(widgetBody({ ...values, catalogId: 12 }, false)).not.toHaveProperty('type');
    expect(widgetBody({ ...values, catalogId: 12 }, false).catalogId).toBe('12');
  });

  it('sends a manual block’s rows trimmed, empty rows left out', () => {
    const body = widgetBody(
      {
        type: 'manual',
        name: 'b',
        code: 'b',
        publishPipeCode: 'pc',
        path: 'b.html',
        content: { rows: [{ items: [{ title: ' 甲 ', url: ' /a ' }] }, { items: [] }] },
      },
      true,
    );
    expect(body.content).toEqual({ rows: [{ items: [{ title: '甲', url: '/a', logo: '', summary: '' }] }] });
    expect(blockRows(undefined)).toEqual([]);
  });

  it('moves an entry where it is dropped', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('checks codes, paths and templates as the server does', () => {
    expect(WIDGET_CODE.test('hot_links')).toBe(true);
    expect(WIDGET_CODE.test('1hot')).toBe(false);
    expect(WIDGET_PATH.test('include/block/hot.html')).toBe(true);
    expect(WIDGET_PATH.test('../x.html')).toBe(false);
    expect(WIDGET_PATH.test('/x.html')).toBe(false);
    expect(WIDGET_TEMPLATE.test('')).toBe(true);
    expect(WIDGET_TEMPLATE.test('block/hot.template.html')).toBe(true);
    expect(WIDGET_TEMPLATE.test('block/hot.html')).toBe(false);
  });
});
