import { Switch } from '@mui/material';
import {
  Create,
  Datagrid,
  EditButton,
  FunctionField,
  maxLength,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  regex,
  required,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { ScreenList } from '../../../components/ScreenList';
import { useApiCall } from '../../../components/useApiCall';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { IdListDeleteButton } from './IdListDeleteButton';
import { PIPE_CODE, PIPE_STATUS, pipeBody, pipeStatusUrl } from './publishpipe';

const filters = [
  <TextInput key="name" source="name" label="app.cms_publishpipe.name" alwaysOn />,
  <SelectInput key="status" source="status" label="app.cms_publishpipe.status" choices={PIPE_STATUS} alwaysOn />,
];

/** Enable/disable switch: `POST /cms/publishpipe/enable|disable/{id}` (the server keeps a site's last enabled pipe on). */
function PipeStatusSwitch() {
  const record = useRecordContext();
  const allowed = useHasPermission('cms:publishpipe:changeStatus');
  const translate = useTranslate();
  const { run, busy } = useApiCall();
  if (!record) return null;
  return (
    <Switch
      size="small"
      checked={record.status === '0'}
      disabled={!allowed || busy}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => void run(() => httpClient.post(pipeStatusUrl(record.publishpipeId, e.target.checked)))}
      slotProps={{ input: { 'aria-label': `${translate('app.cms_publishpipe.status')} ${record.code}` } }}
    />
  );
}

/** Delete (the pipe's templates and output go with it; the server keeps a site's last enabled pipe). */
function PipeDeleteButton() {
  return (
    <IdListDeleteButton
      url="/cms/publishpipe"
      idField="publishpipeId"
      permission="cms:publishpipe:remove"
      confirmTitle="app.cms_publishpipe.delete_title"
      confirmContent="app.cms_publishpipe.delete_confirm"
      nameField="name"
    />
  );
}

/** 发布通道: the current site's pipes. */
export function PublishPipeList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'sort', order: 'ASC' }} exportable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="name" label="app.cms_publishpipe.name" sortable={false} />
        <TextField source="code" label="app.cms_publishpipe.code" sortable={false} />
        <FunctionField label="app.cms_publishpipe.status" render={() => <PipeStatusSwitch />} />
        <NumberField source="sort" label="app.cms_publishpipe.sort" sortable={false} />
        <DateTimeField source="createTime" label="app.cms_publishpipe.createTime" sortable={false} />
        <EditButton />
        <PipeDeleteButton />
      </Datagrid>
    </ScreenList>
  );
}

function PipeForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditForm>
      <TextInput source="name" label="app.cms_publishpipe.name" validate={[required(), maxLength(100)]} />
      {/* The code names the pipe's template folder and output: set once. */}
      <TextInput
        source="code"
        label="app.cms_publishpipe.code"
        helperText="app.cms_publishpipe.code_help"
        disabled={edit}
        readOnly={edit}
        validate={edit ? undefined : [required(), regex(PIPE_CODE, 'app.cms_publishpipe.code_help')]}
      />
      <RadioButtonGroupInput source="status" label="app.cms_publishpipe.status" choices={PIPE_STATUS} defaultValue="0" />
      <NumberInput source="sort" label="app.cms_publishpipe.sort" defaultValue={0} min={0} max={999999} />
      <TextInput source="remark" label="app.cms_publishpipe.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function PublishPipeCreate() {
  return (
    <Create redirect="list" transform={(data: Record<string, unknown>) => pipeBody(data, true)}>
      <PipeForm />
    </Create>
  );
}

export function PublishPipeEdit() {
  return (
    <EditPage titleKey="app.cms_publishpipe.edit_title" nameSource="name" transform={(data: Record<string, unknown>) => pipeBody(data, false)}>
      <PipeForm edit />
    </EditPage>
  );
}
