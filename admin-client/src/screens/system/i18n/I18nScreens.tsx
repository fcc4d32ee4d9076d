import { ScreenList } from '../../../components/ScreenList';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  FunctionField,
  maxLength,
  required,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';

/** The UI languages (GET /system/i18n/dict/langOptions answers the same three), shown by their own names. */
const LANG_TAGS = [
  { id: 'zh-CN', name: '简体中文' },
  { id: 'zh-TW', name: '繁體中文' },
  { id: 'en', name: 'English' },
];

const filters = [
  <SelectInput key="langTag" source="langTag" label="app.i18n.langTag" choices={LANG_TAGS} translateChoice={false} alwaysOn />,
  <TextInput key="langKey" source="langKey" label="app.i18n.langKey" alwaysOn />,
  <TextInput key="langValue" source="langValue" label="app.i18n.langValue" alwaysOn />,
];

/** 国际化: translation entries, one per language and key; add, edit, delete, export, 刷新缓存. */
export function I18nList() {
  return (
    <ScreenList
      filters={filters}
      sort={{ field: 'langKey', order: 'ASC' }}
      extraActions={
        <>
          <CallButton
            label="app.i18n.refresh_cache"
            icon={<RefreshIcon />}
            method="DELETE"
            url="/system/i18n/dict/refreshCache"
            permission="system:i18n:remove"
            successMessage="app.i18n.cache_refreshed"
          />
        </>
      }
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <SelectField source="langTag" label="app.i18n.langTag" choices={LANG_TAGS} translateChoice={false} />
        <TextField source="langKey" label="app.i18n.langKey" />
        <FunctionField
          label="app.i18n.langValue"
          sortBy="langValue"
          render={(r: RaRecord) => (String(r.langValue ?? '').length > 120 ? `${String(r.langValue).slice(0, 120)}…` : r.langValue)}
        />
        <TextField source="remark" label="app.i18n.remark" sortable={false} />
        <DateTimeField source="updateTime" label="app.i18n.updateTime" />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}

function I18nForm() {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <SelectInput source="langTag" label="app.i18n.langTag" choices={LANG_TAGS} translateChoice={false} validate={required()} />
      <TextInput source="langKey" label="app.i18n.langKey" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="langValue" label="app.i18n.langValue" validate={[required(), maxLength(10000)]} multiline minRows={3} fullWidth />
      <TextInput source="remark" label="app.i18n.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function I18nCreate() {
  return (
    <Create redirect="list">
      <I18nForm />
    </Create>
  );
}

export function I18nEdit() {
  return (
    <EditPage titleKey="app.edit_title.i18n" nameSource="langKey">
      <I18nForm />
    </EditPage>
  );
}
