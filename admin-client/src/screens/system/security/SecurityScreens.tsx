import { ScreenList } from '../../../components/ScreenList';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  maxLength,
  maxValue,
  minValue,
  NumberField,
  NumberInput,
  required,
  SelectInput,
  TextField,
  TextInput,
  type RaRecord,
  useRecordContext,
} from 'react-admin';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { CallButton } from '../../../components/CallButton';
import { DictField } from '../../../components/DictField';
import { PASSWORD_RULE, POLICY_STATUS, RETRY_STRATEGY } from '../../../components/dicts';

const isActive = (record: RaRecord | undefined) => record?.status === '0';

/** 启用: makes the row the active policy (the previous one becomes inactive); not shown on the active one. */
function ActivateButton() {
  const record = useRecordContext();
  if (!record || isActive(record)) return null;
  return (
    <CallButton
      label="app.security.activate"
      icon={<CheckCircleIcon />}
      method="PUT"
      url={(r) => `/system/security/config/changeStatus/${r.configId}`}
      permission="system:security:edit"
      confirmTitle="app.security.activate"
      confirmContent="app.security.activate_content"
      successMessage="app.security.activated"
    />
  );
}

/** The active policy cannot be deleted. */
function PolicyDeleteButton() {
  const record = useRecordContext();
  return !record || isActive(record) ? null : <DeleteButton mutationMode="pessimistic" />;
}

/** 安全配置: password and sign-in policies; one of them is active. Add, edit, 启用, delete. */
export function SecurityList() {
  return (
    <ScreenList sort={{ field: 'configId', order: 'ASC' }} exportable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="configId" label="app.security.configId" />
        <DictField source="status" label="app.security.status" choices={POLICY_STATUS} sortable={false} />
        <NumberField source="passwordLenMin" label="app.security.passwordLenMin" sortable={false} />
        <NumberField source="passwordLenMax" label="app.security.passwordLenMax" sortable={false} />
        <DictField source="passwordRule" label="app.security.passwordRule" choices={PASSWORD_RULE} sortable={false} />
        <NumberField source="passwordExpireSeconds" label="app.security.passwordExpireSeconds" sortable={false} />
        <NumberField source="passwordRetryLimit" label="app.security.passwordRetryLimit" sortable={false} />
        <DictField source="passwordRetryStrategy" label="app.security.passwordRetryStrategy" choices={RETRY_STRATEGY} sortable={false} />
        <BooleanField source="passwordSensitive" label="app.security.passwordSensitive" sortable={false} />
        <TextField source="remark" label="app.security.remark" sortable={false} />
        <EditButton />
        <ActivateButton />
        <PolicyDeleteButton />
      </Datagrid>
    </ScreenList>
  );
}

function SecurityForm() {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <NumberInput source="passwordLenMin" label="app.security.passwordLenMin" validate={[required(), minValue(1), maxValue(128)]} defaultValue={6} />
      <NumberInput
        source="passwordLenMax"
        label="app.security.passwordLenMax"
        validate={[required(), minValue(1), maxValue(128)]}
        defaultValue={24}
      />
      <SelectInput source="passwordRule" label="app.security.passwordRule" choices={PASSWORD_RULE} validate={required()} defaultValue="NONE" />
      <BooleanInput
        source="passwordSensitive"
        label="app.security.passwordSensitive"
        helperText="app.security.passwordSensitive_help"
        defaultValue={false}
      />
      <TextInput
        source="weakPasswords"
        label="app.security.weakPasswords"
        helperText="app.security.weakPasswords_help"
        multiline
        minRows={4}
        fullWidth
      />
      <NumberInput
        source="passwordExpireSeconds"
        label="app.security.passwordExpireSeconds"
        helperText="app.security.zero_off"
        validate={[minValue(0), maxValue(8640000)]}
        defaultValue={0}
      />
      <NumberInput
        source="passwordRetryLimit"
        label="app.security.passwordRetryLimit"
        helperText="app.security.passwordRetryLimit_help"
        validate={[minValue(0), maxValue(10000)]}
        defaultValue={5}
      />
      <SelectInput
        source="passwordRetryStrategy"
        label="app.security.passwordRetryStrategy"
        helperText="app.security.passwordRetryStrategy_help"
        choices={RETRY_STRATEGY}
        defaultValue="NONE"
      />
      <NumberInput
        source="passwordRetryLockSeconds"
        label="app.security.passwordRetryLockSeconds"
        helperText="app.security.passwordRetryLockSeconds_help"
        validate={[minValue(0), maxValue(31536000)]}
        defaultValue={0}
      />
      <BooleanInput source="forceModifyPwdAfterAdd" label="app.security.forceModifyPwdAfterAdd" defaultValue={false} />
      <BooleanInput source="forceModifyPwdAfterReset" label="app.security.forceModifyPwdAfterReset" defaultValue={false} />
      <TextInput source="remark" label="app.security.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function SecurityCreate() {
  return (
    <Create redirect="list">
      <SecurityForm />
    </Create>
  );
}

export function SecurityEdit() {
  return (
    <EditPage titleKey="app.edit_title.security" nameSource="id">
      <SecurityForm />
    </EditPage>
  );
}
