import { Alert } from '@mui/material';
import { Create, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
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
export function BlockCreate({ resource }: { resource?: string }) {
  return (
    <Create resource={resource} redirect="edit" transform={body}>
      <EditForm
        defaultValues={{ catalogId: '0', publishPipeCode: 'pc', content: { rows: [{ items: [{ title: '', url: '', logo: '', summary: '' }] }] } }}
      >
        <WidgetFields />
        <ManualRowsInput />
      </EditForm>
    </Create>
  );
}

export function BlockEdit({ resource, id }: { resource?: string; id?: string }) {
  return (
    <EditPage resource={resource} id={id} titleKey="app.block.edit_title" nameSource="name" transform={body}>
      <EditForm>
        <WidgetFields />
        <ManualRowsInput />
      </EditForm>
    </EditPage>
  );
}

/** Route of the block editor outside the list (ChestnutCMS's `/cms/block/manual/editor?id=`; no id: a new block). */
export const BLOCK_EDITOR_ROUTE = 'cms/block/manual/editor';

/** `/cms/block/manual/editor?id=<pageWidgetId>`: the block's editor; an id that is not one says so (spec 8). */
export function ManualBlockEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id === null || id === '') return <BlockCreate resource={BLOCK_RESOURCE} />;
  if (!/^[1-9]\d{0,17}$/.test(id)) return <InvalidWidgetId />;
  return <BlockEdit resource={BLOCK_RESOURCE} id={id} />;
}

function InvalidWidgetId() {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {translate('app.pagewidget.id_invalid')}
    </Alert>
  );
}
