import { ScreenList } from '../../../components/ScreenList';
import {
  Create,
  Datagrid,
  DateTimeInput,
  DeleteButton,
  EditButton,
  FunctionField,
  maxLength,
  RadioButtonGroupInput,
  required,
  SelectInput,
  TextField,
  TextInput,
  useTranslate,
} from 'react-admin';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { formatDateTime } from '@zhiwen/shared';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { IP_RULE_TYPE, NORMAL_DISABLE } from '../../../components/dicts';

const filters = [
  <TextInput key="cidr" source="cidr" label="app.iprule.cidr" alwaysOn />,
  <SelectInput key="ruleType" source="ruleType" label="app.iprule.ruleType" choices={IP_RULE_TYPE} alwaysOn />,
  <SelectInput key="status" source="status" label="app.iprule.status" choices={NORMAL_DISABLE} />,
];

function ExpireTimeField(_props: { label?: string; sortBy?: string }) {
  const translate = useTranslate();
  return (
    <FunctionField
      label="app.iprule.expireTime"
      sortBy="expireTime"
      render={(record) => (record?.expireTime ? formatDateTime(record.expireTime) : translate('app.iprule.never'))}
    />
  );
}

/** IP规则: allow/deny rules by address or network, with an optional expiry. */
export function IpRuleList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'ruleId', order: 'DESC' }} exportable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <DictField source="ruleType" label="app.iprule.ruleType" choices={IP_RULE_TYPE} />
        <TextField source="cidr" label="app.iprule.cidr" />
        <ExpireTimeField label="app.iprule.expireTime" sortBy="expireTime" />
        <DictField source="status" label="app.iprule.status" choices={NORMAL_DISABLE} sortable={false} />
        <TextField source="remark" label="app.iprule.remark" sortable={false} />
        <DateTimeField source="createTime" label="app.iprule.createTime" />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}

function IpRuleForm() {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <RadioButtonGroupInput source="ruleType" label="app.iprule.ruleType" choices={IP_RULE_TYPE} defaultValue="deny" validate={required()} />
      <TextInput source="cidr" label="app.iprule.cidr" helperText="app.iprule.cidr_help" validate={[required(), maxLength(64)]} />
      <DateTimeInput source="expireTime" label="app.iprule.expireTime" helperText="app.iprule.expire_help" />
      <RadioButtonGroupInput source="status" label="app.iprule.status" choices={NORMAL_DISABLE} defaultValue="0" />
      <TextInput source="remark" label="app.iprule.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function IpRuleCreate() {
  return (
    <Create redirect="list">
      <IpRuleForm />
    </Create>
  );
}

export function IpRuleEdit() {
  return (
    <EditPage titleKey="app.edit_title.iprule" nameSource="cidr">
      <IpRuleForm />
    </EditPage>
  );
}
