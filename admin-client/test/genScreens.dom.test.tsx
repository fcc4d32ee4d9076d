// @vitest-environment jsdom
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../src/providers/dataProvider';
import { GenEditPage } from '../src/screens/tool/gen/GenEditPage';
import { GEN_EDIT_ROUTE } from '../src/screens/tool/gen/gen';
import { bodyText, button, render, type, useAdminHarness, waitFor } from './support/adminHarness';
import { seen, serve, usePaymentServer } from './support/paymentServer';

useAdminHarness();
usePaymentServer();

const column = (columnId: string, columnName: string, fieldName: string, extra: Record<string, unknown> = {}) => ({
  columnId,
  tableId: '3',
  columnName,
  columnComment: '',
  columnType: 'varchar',
  maxLength: 100,
  fieldName,
  tsType: 'string',
  isPk: false,
  isIncrement: false,
  isRequired: false,
  isEdit: true,
  isList: true,
  isQuery: false,
  queryType: 'EQ',
  htmlType: 'input',
  dictType: '',
  sort: 1,
  ...extra,
});
const DETAIL = {
  info: {
    tableId: '3',
    tableName: 'demo_article',
    tableComment: '演示文章',
    className: 'DemoArticle',
    moduleName: 'demo',
    businessName: 'article',
    functionName: '演示文章',
    permPrefix: 'demo:article',
    remark: '',
  },
  rows: [
    column('10', 'article_id', 'articleId', { columnType: 'int8', isPk: true, isIncrement: true, isEdit: false }),
    column('11', 'status', 'status', { columnComment: '状态', columnType: 'bpchar', maxLength: 1 }),
  ],
};
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
function choose(name: string, value: string) {
  const select = document.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('code generator edit page (修改生成配置)', () => {
  it('refuses a bad class name in the form and saves the names with every column setting', async () => {
    serve(({ method, path }) => {
      if (method === 'GET' && path === '/tool/gen/3') return { data: DETAIL };
      if (method === 'PUT' && path === '/tool/gen') return { data: DETAIL };
      return undefined;
    });
    render(
      <Routes>
        <Route path={`/${GEN_EDIT_ROUTE}`} element={<GenEditPage />} />
      </Routes>,
      dataProvider,
      ['tool:gen:edit'],
      '/tool/gen-edit/index/3',
    );
    await waitFor(() => field('className')?.value === 'DemoArticle');
    expect(bodyText()).toContain('demo_article');
    expect(bodyText()).toContain('article_id (主键)');

    type(field('className'), 'demo-article');
    type(field('fieldName_11'), '1status');
    button('保存')!.click();
    await waitFor(() => bodyText().includes('应以大写字母开头，只含字母和数字'));
    expect(bodyText()).toContain('只能包含字母、数字和下划线，且不能以数字开头');
    expect(seen('PUT', '/tool/gen')).toHaveLength(0);

    type(field('className'), 'Article');
    type(field('functionName'), '文章');
    type(field('fieldName_11'), 'articleStatus');
    field('isQuery_11').click();
    await waitFor(() => field('isQuery_11').checked);
    choose('htmlType_11', 'select');
    choose('queryType_11', 'NE');
    type(field('dictType_11'), 'sys_normal_disable');
    await waitFor(() => field('dictType_11').value === 'sys_normal_disable');
    button('保存')!.click();
    await waitFor(() => seen('PUT', '/tool/gen').length === 1);
    expect(JSON.parse(seen('PUT', '/tool/gen')[0].body)).toEqual({
      tableId: '3',
      tableComment: '演示文章',
      className: 'Article',
      moduleName: 'demo',
      businessName: 'article',
      functionName: '文章',
      permPrefix: 'demo:article',
      remark: '',
      columns: [
        {
          columnId: '10',
          columnComment: '',
          fieldName: 'articleId',
          tsType: 'string',
          isRequired: false,
          isEdit: false,
          isList: true,
          isQuery: false,
          queryType: 'EQ',
          htmlType: 'input',
          dictType: '',
        },
        {
          columnId: '11',
          columnComment: '状态',
          fieldName: 'articleStatus',
          tsType: 'string',
          isRequired: false,
          isEdit: true,
          isList: true,
          isQuery: true,
          queryType: 'NE',
          htmlType: 'select',
          dictType: 'sys_normal_disable',
        },
      ],
    });
  });
});
