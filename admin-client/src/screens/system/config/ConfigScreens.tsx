import { ScreenList } from '../../../components/ScreenList';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  maxLength,
  RadioButtonGroupInput,
  regex,
  required,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { YES_NO } from '../../../components/dicts';

const filters = [
  <TextInput key="configName" source="configName" label="app.config.configName" alwaysOn />,
  <TextInput key="configKey" source="configKey" label="app.config.configKey" alwaysOn />,
  <SelectInput key="configType" source="configType" label="app.config.configType" choices={YES_NO} alwaysOn />,
];

/** Built-in parameters (系统内置 = Y) cannot be deleted: no button for them. */
function ConfigDeleteButton() {
  const record = useRecordContext();
  return record?.configType === 'Y' ? null : <DeleteButton mutationMode="pessimistic" />;
}

/** 参数设置: paged list with filters, add, edit, delete, export and 刷新缓存. */
export function ConfigList() {
  return (
    <ScreenList
      filters={filters}
      sort={{ field: 'configId', order: 'ASC' }}
      extraActions={
        <>
          <CallButton
            label="app.config.refresh_cache"
            icon={<RefreshIcon />}
            method="DELETE"
            url="/system/config/refreshCache"
            permission="system:config:remove"
            successMessage="app.config.cache_refreshed"
          />
        </>
      }
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="configName" label="app.config.configName" />
        <TextField source="configKey" label="app.config.configKey" />
        <TextField source="configValue" label="app.config.configValue" sortable={false} />
        <DictField source="configType" label="app.config.configType" choices={YES_NO} sortable={false} />
        <TextField source="remark" label="app.config.remark" sortable={false} />
        <DateTimeField source="createTime" label="app.config.createTime" />
        <EditButton />
        <ConfigDeleteButton />
      </Datagrid>
    </ScreenList>
  );
}

function ConfigForm() {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <TextInput source="configName" label="app.config.configName" validate={[required(), maxLength(100)]} fullWidth />
      <TextInput
        source="configKey"
        label="app.config.configKey"
        validate={[required(), maxLength(100), regex(/^[A-Za-z0-9._-]+$/, 'app.config.configKey_format')]}
        fullWidth
      />
      <TextInput source="configValue" label="app.config.configValue" validate={[required(), maxLength(500)]} multiline fullWidth />
      <RadioButtonGroupInput source="configType" label="app.config.configType" choices={YES_NO} defaultValue="N" />
      <TextInput source="remark" label="app.config.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function ConfigCreate() {
  return (
    <Create redirect="list">
      <ConfigForm />
    </Create>
  );
}

export function ConfigEdit() {
  return (
    <EditPage titleKey="app.edit_title.config" nameSource="configName">
      <ConfigForm />
    </EditPage>
  );
}
