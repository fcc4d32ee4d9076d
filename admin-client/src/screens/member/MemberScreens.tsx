import {
  Create,
  Datagrid,
  DateInput,
  DeleteButton,
  EditButton,
  FunctionField,
  NumberField,
  PasswordInput,
  RadioButtonGroupInput,
  SelectInput,
  TextField,
  TextInput,
  email,
  maxLength,
  minLength,
  regex,
  required,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ACCOUNT } from '@zhiwen/shared';
import { DateTimeField } from '../../components/DateTimeField';
import { DictField } from '../../components/DictField';
import { EditForm } from '../../components/EditForm';
import { EditPage } from '../../components/EditPage';
import { ResetPasswordButton } from '../../components/ResetPasswordButton';
import { ScreenList } from '../../components/ScreenList';
import { StatusSwitch } from '../../components/StatusSwitch';
import { NORMAL_DISABLE, USER_SEX } from '../../components/dicts';
import { MEMBER_SOURCE, MEMBER_USER_NAME } from './member';

const filters = [
  <TextInput key="userName" source="userName" label="app.member.userName" alwaysOn />,
  <TextInput key="phonenumber" source="phonenumber" label="app.member.phonenumber" alwaysOn />,
  <SelectInput key="status" source="status" label="app.member.status" choices={NORMAL_DISABLE} alwaysOn />,
  <SelectInput key="source" source="source" label="app.member.source" choices={MEMBER_SOURCE} />,
  <TextInput key="email" source="email" label="app.member.email" />,
  <TextInput key="referrerCode" source="referrerCode" label="app.member.referrerCode" />,
];

/** The name a member is known by in the back office: user name, else phone, else email. */
const memberName = (r: RaRecord) => String(r.userName || r.phonenumber || r.email || '');

/** 会员列表: members with their level and exp; add, edit, reset password, enable/disable, delete, export. */
export function MemberList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'memberId', order: 'DESC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="userName" label="app.member.userName" />
        <TextField source="nickName" label="app.member.nickName" sortable={false} />
        <TextField source="phonenumber" label="app.member.phonenumber" sortable={false} />
        <NumberField source="level" label="app.member.level" />
        <NumberField source="exp" label="app.member.exp" />
        <DictField source="source" label="app.member.source" choices={MEMBER_SOURCE} sortable={false} />
        <TextField source="inviteCode" label="app.member.inviteCode" sortable={false} />
        <FunctionField
          label="app.member.status"
          render={() => <StatusSwitch url="/cms/member/changeStatus" idField="memberId" permission="cms:member:edit" />}
        />
        <DateTimeField source="registerTime" label="app.member.registerTime" />
        <DateTimeField source="loginTime" label="app.member.loginTime" />
        <EditButton />
        <ResetPasswordButton
          url="/cms/member/resetPwd"
          body={(r, password) => ({ memberId: r.memberId, password })}
          permission="cms:member:resetPwd"
          nameOf={memberName}
        />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}

function IdentityHint() {
  const translate = useTranslate();
  return <p style={{ margin: '0 0 8px', opacity: 0.7 }}>{translate('app.member.identity_hint')}</p>;
}

function MemberForm({ create }: { create?: boolean }) {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <IdentityHint />
      <TextInput
        source="userName"
        label="app.member.userName"
        validate={[
          minLength(ACCOUNT.registerUsernameMin),
          maxLength(ACCOUNT.registerUsernameMax),
          regex(MEMBER_USER_NAME, 'app.member.userName_format'),
        ]}
      />
      <TextInput source="phonenumber" label="app.member.phonenumber" validate={[maxLength(11), regex(/^1[3-9]\d{9}$/, 'app.member.phone_format')]} />
      <TextInput source="email" label="app.member.email" validate={[email(), maxLength(100)]} />
      <TextInput source="nickName" label="app.member.nickName" validate={maxLength(30)} />
      {create ? (
        <PasswordInput
          source="password"
          label="app.member.password"
          validate={[required(), minLength(ACCOUNT.registerPasswordMin), maxLength(ACCOUNT.registerPasswordMax)]}
        />
      ) : null}
      <DateInput source="birthday" label="app.member.birthday" />
      <SelectInput source="sex" label="app.member.sex" choices={USER_SEX} />
      <RadioButtonGroupInput source="status" label="app.member.status" choices={NORMAL_DISABLE} defaultValue="0" />
      <TextInput source="remark" label="app.member.remark" multiline fullWidth validate={maxLength(500)} />
    </EditForm>
  );
}

export function MemberCreate() {
  return (
    <Create redirect="list">
      <MemberForm create />
    </Create>
  );
}

export function MemberEdit() {
  return (
    <EditPage titleKey="app.member.edit_title" nameSource="userName">
      <MemberForm />
    </EditPage>
  );
}
