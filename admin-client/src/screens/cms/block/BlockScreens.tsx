import { Create, SelectInput, TextInput } from 'react-admin';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { ScreenList } from '../../../components/ScreenList';
import { WidgetFields, WidgetGrid } from '../pagewidget/PageWidgetScreens';
import { WIDGET_STATES, widgetBody } from '../pagewidget/pagewidget';
import { ManualRowsInput } from './ManualRowsInput';

/** The block screen's resource (menu path `cms/block`); its list is `GET /cms/block`. */
export const BLOCK_RESOURCE = 'cms/block';
export const BLOCK_API = 'cms/block';

const filters = [
  <TextInput key="name" source="name" label="app.pagewidget.name" alwaysOn />,
  <TextInput key="code" source="code" label="app.pagewidget.code" />,
  <SelectInput key="state" source="state" label="app.pagewidget.state" choices={WIDGET_STATES} />,
];

/** 手动区块 (menu component `cms/block/index`): the current site's manual blocks. */
export function BlockList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'createTime', order: 'DESC' }}>
      <WidgetGrid api="/cms/block" permPrefix="cms:block" showType={false} />
    </ScreenList>
  );
}

const body = (data: Record<string, unknown>) => {
  const { type: _type, ...rest } = widgetBody({ ...data, type: 'manual' }, false);
  return rest;
};

/** The manual block editor (ChestnutCMS's /cms/block/manual/editor): the widget fields and the sortable rows. */
export function BlockCreate() {
  return (
    <Create redirect="edit" transform={body}>
      <EditForm
        defaultValues={{ catalogId: '0', publishPipeCode: 'pc', content: { rows: [{ items: [{ title: '', url: '', logo: '', summary: '' }] }] } }}
      >
        <WidgetFields />
        <ManualRowsInput />
      </EditForm>
    </Create>
  );
}

export function BlockEdit() {
  return (
    <EditPage titleKey="app.block.edit_title" nameSource="name" transform={body}>
      <EditForm>
        <WidgetFields />
        <ManualRowsInput />
      </EditForm>
    </EditPage>
  );
}
