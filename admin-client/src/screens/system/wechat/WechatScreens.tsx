import {
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  PasswordInput,
  RadioButtonGroupInput,
  TextField,
  TextInput,
  maxLength,
  regex,
  required,
} from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { ScreenList } from '../../../components/ScreenList';

const STATUS = [
  { id: '0', name: 'app.wechat.status_0' },
  { id: '1', name: 'app.wechat.status_1' },
];
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s#]*$/;

/** 微信配置: WeChat website applications for QR login of members; one is enabled. The app secret is never shown. */
export function WechatList() {
  return (
    <ScreenList sort={{ field: 'configId', order: 'ASC' }} exportable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="configName" label="app.wechat.configName" />
        <TextField source="appId" label="app.wechat.appId" sortable={false} />
        <TextField source="redirectUri" label="app.wechat.redirectUri" sortable={false} />
        <DictField source="status" label="app.wechat.status" choices={STATUS} sortable={false} />
        <DateTimeField source="updateTime" label="app.wechat.updateTime" />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}

function WechatForm({ create }: { create?: boolean }) {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <TextInput source="configName" label="app.wechat.configName" validate={[required(), maxLength(50)]} />
      <TextInput
        source="appId"
        label="app.wechat.appId"
        validate={[required(), maxLength(64), regex(/^[A-Za-z0-9_-]+$/, 'app.wechat.appId_format')]}
      />
      <PasswordInput
        source="appSecret"
        label="app.wechat.appSecret"
        autoComplete="new-password"
        validate={create ? [required(), maxLength(128)] : maxLength(128)}
        helperText={create ? false : 'app.wechat.appSecret_keep'}
      />
      <TextInput
        source="redirectUri"
        label="app.wechat.redirectUri"
        fullWidth
        validate={[required(), maxLength(500), regex(HTTP_URL, 'app.wechat.redirectUri_format')]}
        helperText="app.wechat.redirectUri_help"
      />
      <RadioButtonGroupInput source="status" label="app.wechat.status" choices={STATUS} defaultValue="1" helperText="app.wechat.status_help" />
      <TextInput source="remark" label="app.wechat.remark" multiline fullWidth validate={maxLength(500)} />
    </EditForm>
  );
}

export function WechatCreate() {
  return (
    <Create redirect="list">
      <WechatForm create />
    </Create>
  );
}

export function WechatEdit() {
  return (
    <EditPage titleKey="app.wechat.edit_title" nameSource="configName">
      <WechatForm />
    </EditPage>
  );
}
