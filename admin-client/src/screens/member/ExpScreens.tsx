import {
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextField,
  TextInput,
  maxLength,
  minValue,
  required,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../../components/DateTimeField';
import { DictField } from '../../components/DictField';
import { EditForm } from '../../components/EditForm';
import { EditPage } from '../../components/EditPage';
import { ScreenList } from '../../components/ScreenList';
import { NORMAL_DISABLE } from '../../components/dicts';
import { EXP_OP } from './member';

/** 经验配置: how much exp each operation grants and how often (limits count grants; 0 = unlimited). */
export function ExpConfigList() {
  return (
    <ScreenList sort={{ field: 'configId', order: 'ASC' }} exportable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <DictField source="opType" label="app.member_exp.opType" choices={EXP_OP} />
        <NumberField source="exp" label="app.member_exp.exp" />
        <NumberField source="dayLimit" label="app.member_exp.dayLimit" sortable={false} />
        <NumberField source="totalLimit" label="app.member_exp.totalLimit" sortable={false} />
        <DictField source="status" label="app.member_exp.status" choices={NORMAL_DISABLE} sortable={false} />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}

function ExpConfigForm() {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <SelectInput source="opType" label="app.member_exp.opType" choices={EXP_OP} validate={required()} />
      <NumberInput source="exp" label="app.member_exp.exp" validate={[required(), minValue(1)]} />
      <NumberInput
        source="dayLimit"
        label="app.member_exp.dayLimit"
        validate={[required(), minValue(0)]}
        defaultValue={0}
        helperText="app.member_exp.limit_help"
      />
      <NumberInput
        source="totalLimit"
        label="app.member_exp.totalLimit"
        validate={[required(), minValue(0)]}
        defaultValue={0}
        helperText="app.member_exp.limit_help"
      />
      <RadioButtonGroupInput source="status" label="app.member_exp.status" choices={NORMAL_DISABLE} defaultValue="0" />
      <TextInput source="remark" label="app.member_exp.remark" multiline fullWidth validate={maxLength(500)} />
    </EditForm>
  );
}

export function ExpConfigCreate() {
  return (
    <Create redirect="list">
      <ExpConfigForm />
    </Create>
  );
}

export function ExpConfigEdit() {
  const translate = useTranslate();
  // The title names the operation in the UI language (the server strips the extra field on save).
  const select = (data: RaRecord) => (data ? { ...data, opName: translate(`app.member_exp.op_${data.opType}`) } : data);
  return (
    <EditPage titleKey="app.member_exp.edit_title" nameSource="opName" queryOptions={{ select }}>
      <ExpConfigForm />
    </EditPage>
  );
}

const logFilters = [
  <TextInput key="userName" source="userName" label="app.member_exp_log.userName" alwaysOn />,
  <SelectInput key="opType" source="opType" label="app.member_exp_log.opType" choices={EXP_OP} alwaysOn />,
  <TextInput key="memberId" source="memberId" label="app.member_exp_log.memberId" />,
];

/** 经验日志: every grant with the member's exp and level after it; delete and export. */
export function ExpLogList() {
  return (
    <ScreenList filters={logFilters} sort={{ field: 'createTime', order: 'DESC' }} creatable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="memberId" label="app.member_exp_log.memberId" />
        <TextField source="userName" label="app.member_exp_log.userName" sortable={false} />
        <TextField source="nickName" label="app.member_exp_log.nickName" sortable={false} />
        <DictField source="opType" label="app.member_exp_log.opType" choices={EXP_OP} sortable={false} />
        <NumberField source="exp" label="app.member_exp_log.exp" />
        <NumberField source="expAfter" label="app.member_exp_log.expAfter" sortable={false} />
        <NumberField source="levelAfter" label="app.member_exp_log.levelAfter" sortable={false} />
        <DateTimeField source="createTime" label="app.member_exp_log.createTime" />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}
