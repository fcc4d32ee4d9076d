import PublishIcon from '@mui/icons-material/Publish';
import type { PageResult } from '@zhiwen/shared';
import {
  Button,
  Create,
  CreateButton,
  Datagrid,
  EditButton,
  FormDataConsumer,
  List,
  maxLength,
  regex,
  required,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { PAGING } from '@zhiwen/shared';
import { DateTimeField } from '../../../components/DateTimeField';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { ListPagination } from '../../../components/ListPagination';
import { ScreenList } from '../../../components/ScreenList';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { flattenCatalogs } from '../catalog/catalog';
import { useCatalogTree } from '../catalog/CatalogScreens';
import { IdListDeleteButton } from '../publishpipe/IdListDeleteButton';
import { ManualRowsInput } from '../block/ManualRowsInput';
import { PAGE_WIDGET_RESOURCE, WIDGET_CODE, WIDGET_PATH, WIDGET_STATES, WIDGET_TEMPLATE, widgetBody } from './pagewidget';

/** Options of the registered widget types (`GET /cms/pagewidget/types`). */
function useWidgetTypes() {
  const { data } = useApiData<PageResult<{ id: string; name: string }>>('/cms/pagewidget/types');
  return data?.rows ?? [];
}

/** A row's publish (`POST <api>/publish` with its id): writes the fragment and queues the pages showing it. */
export function PublishWidgetButton({ api, permission }: { api: string; permission: string }) {
  const record = useRecordContext();
  const allowed = useHasPermission(permission);
  const { run, busy } = useApiCall();
  if (!record || !allowed) return null;
  return (
    <Button
      label="app.pagewidget.publish"
      disabled={busy}
      onClick={(e) => {
        e.stopPropagation();
        void run(() => httpClient.post(`${api}/publish`, [String(record.pageWidgetId)]), 'app.pagewidget.published');
      }}
    >
      <PublishIcon />
    </Button>
  );
}

function WidgetDeleteButton({ api, permission }: { api: string; permission: string }) {
  return (
    <IdListDeleteButton
      url={api}
      idField="pageWidgetId"
      permission={permission}
      confirmTitle="app.pagewidget.delete_title"
      confirmContent="app.pagewidget.delete_confirm"
      nameField="name"
    />
  );
}

/** The columns every widget list shows (types by name). */
export function WidgetGrid({ api, permPrefix, showType = true }: { api: string; permPrefix: string; showType?: boolean }) {
  const types = useWidgetTypes();
  return (
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <TextField source="name" label="app.pagewidget.name" />
      <TextField source="code" label="app.pagewidget.code" />
      {showType ? <SelectField source="type" label="app.pagewidget.type" choices={types} sortable={false} /> : null}
      <TextField source="publishPipeCode" label="app.pagewidget.pipe" sortable={false} />
      <TextField source="path" label="app.pagewidget.path" sortable={false} />
      <SelectField source="state" label="app.pagewidget.state" choices={WIDGET_STATES} sortable={false} />
      <DateTimeField source="publishTime" label="app.pagewidget.publishTime" />
      <EditButton />
      <PublishWidgetButton api={api} permission={`${permPrefix}:publish`} />
      <WidgetDeleteButton api={api} permission={`${permPrefix}:remove`} />
    </Datagrid>
  );
}

const filters = (types: Array<{ id: string; name: string }>) => [
  <TextInput key="name" source="name" label="app.pagewidget.name" alwaysOn />,
  <SelectInput key="type" source="type" label="app.pagewidget.type" choices={types} alwaysOn />,
  <TextInput key="code" source="code" label="app.pagewidget.code" />,
  <SelectInput key="state" source="state" label="app.pagewidget.state" choices={WIDGET_STATES} />,
];

/** 页面部件 (menu component `cms/pagewidget/index`): the current site's widgets of every type. */
export function PageWidgetList() {
  const types = useWidgetTypes();
  return (
    <ScreenList filters={filters(types)} sort={{ field: 'createTime', order: 'DESC' }}>
      <WidgetGrid api="/cms/pagewidget" permPrefix="cms:pagewidget" />
    </ScreenList>
  );
}

/** The content screen's 页面部件 tab: the widgets of the selected catalog (or the site's own), with add, edit and publish. */
export function PageWidgetTab({ catalogId }: { catalogId?: string }) {
  return (
    <List
      resource={PAGE_WIDGET_RESOURCE}
      filter={{ catalogId: catalogId ?? '0' }}
      sort={{ field: 'createTime', order: 'DESC' }}
      perPage={PAGING.defaultPageSize}
      pagination={<ListPagination />}
      disableSyncWithLocation
      storeKey="cms-content-pagewidget"
      empty={false}
      actions={
        <TopToolbar>
          <CreateButton resource={PAGE_WIDGET_RESOURCE} state={{ record: { catalogId: catalogId ?? '0' } }} />
        </TopToolbar>
      }
    >
      <WidgetGrid api="/cms/pagewidget" permPrefix="cms:pagewidget" />
    </List>
  );
}

/** The publish pipes of the current site as choices. */
function usePipeChoices() {
  const { data } = useApiData<PageResult<{ pipeCode: string; pipeName: string }>>('/cms/publishpipe/selectData');
  return (data?.rows ?? []).map((p) => ({ id: p.pipeCode, name: `${p.pipeName} (${p.pipeCode})` }));
}

/** Fields of every widget: name, code, pipe, path, template, catalog, remark (the type's content comes after). */
export function WidgetFields({ withCatalog = true }: { withCatalog?: boolean }) {
  const pipes = usePipeChoices();
  const { tree } = useCatalogTree('/cms/catalog/tree');
  const catalogs = [{ id: '0', name: 'app.pagewidget.site_own' }, ...flattenCatalogs(tree?.rows).map((c) => ({ id: String(c.id), name: c.name }))];
  return (
    <>
      <TextInput source="name" label="app.pagewidget.name" validate={[required(), maxLength(100)]} fullWidth />
      <TextInput
        source="code"
        label="app.pagewidget.code"
        helperText="app.pagewidget.code_help"
        validate={[required(), regex(WIDGET_CODE, 'app.pagewidget.code_help')]}
      />
      <SelectInput source="publishPipeCode" label="app.pagewidget.pipe" choices={pipes} validate={required()} />
      <TextInput
        source="path"
        label="app.pagewidget.path"
        helperText="app.pagewidget.path_help"
        validate={[required(), regex(WIDGET_PATH, 'app.pagewidget.path_help')]}
        fullWidth
      />
      <TextInput
        source="template"
        label="app.pagewidget.template"
        helperText="app.pagewidget.template_help"
        validate={regex(WIDGET_TEMPLATE, 'app.pagewidget.template_help')}
        fullWidth
      />
      {withCatalog ? <SelectInput source="catalogId" label="app.pagewidget.catalog" choices={catalogs} defaultValue="0" /> : null}
      <TextInput source="remark" label="app.pagewidget.remark" multiline validate={maxLength(500)} fullWidth />
    </>
  );
}

export function PageWidgetCreate() {
  const types = useWidgetTypes();
  return (
    <Create redirect="list" transform={(data: Record<string, unknown>) => widgetBody(data, true)}>
      {/* The content screen's tab opens this with its catalog as `state.record`, which react-admin puts into the form. */}
      <EditForm defaultValues={{ catalogId: '0', publishPipeCode: 'pc' }}>
        <SelectInput source="type" label="app.pagewidget.type" choices={types} validate={required()} />
        <WidgetFields />
        <FormDataConsumer>{({ formData }) => (formData.type === 'manual' ? <ManualRowsInput /> : null)}</FormDataConsumer>
      </EditForm>
    </Create>
  );
}

export function PageWidgetEdit() {
  return (
    <EditPage titleKey="app.pagewidget.edit_title" nameSource="name" transform={(data: Record<string, unknown>) => widgetBody(data, false)}>
      <EditForm>
        <WidgetFields />
        <FormDataConsumer>{({ formData }) => (formData.type === 'manual' ? <ManualRowsInput /> : null)}</FormDataConsumer>
      </EditForm>
    </EditPage>
  );
}
