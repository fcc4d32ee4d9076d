import DesignServicesIcon from '@mui/icons-material/DesignServices';
import PublishIcon from '@mui/icons-material/Publish';
import TableChartIcon from '@mui/icons-material/TableChart';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import { useState } from 'react';
import {
  BooleanField,
  BooleanInput,
  Button,
  Create,
  Datagrid,
  EditButton,
  FunctionField,
  maxLength,
  minValue,
  NumberInput,
  RadioButtonGroupInput,
  regex,
  required,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { ScreenList } from '../../../components/ScreenList';
import { useHasPermission } from '../../../components/usePermission';
import { IdListDeleteButton } from '../publishpipe/IdListDeleteButton';
import { CustomFormDataDialog } from './CustomFormDataDialog';
import { CustomFormDesigner } from './CustomFormDesigner';
import { CUSTOM_FORM_CODE, CUSTOM_FORM_PERIODS, CUSTOM_FORM_RULES, CUSTOM_FORM_STATUS, customFormBody, type CustomForm } from './customform';

const filters = [
  <TextInput key="name" source="name" label="app.customform.name" alwaysOn />,
  <SelectInput key="status" source="status" label="app.customform.status" choices={CUSTOM_FORM_STATUS} alwaysOn />,
];

/** Opens the field designer of the row's form. */
function DesignButton() {
  const record = useRecordContext<CustomForm>();
  const canAdd = useHasPermission('cms:customform:add');
  const canEdit = useHasPermission('cms:customform:edit');
  const editable = canAdd || canEdit;
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button
        label="app.customform.design"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <DesignServicesIcon />
      </Button>
      {open ? <CustomFormDesigner form={record} editable={editable} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** Opens the submitted data of the row's form. */
function DataButton() {
  const record = useRecordContext<CustomForm>();
  const allowed = useHasPermission('cms:customform:data');
  const [open, setOpen] = useState(false);
  if (!record || !allowed) return null;
  return (
    <>
      <Button
        label="app.customform.data"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <TableChartIcon />
      </Button>
      {open ? <CustomFormDataDialog form={record} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** Publish (a draft or offline form) or take offline (a published one). */
function PublishButton() {
  const record = useRecordContext<CustomForm>();
  if (!record) return null;
  const published = record.status === '1';
  return (
    <CallButton
      label={published ? 'app.customform.offline' : 'app.customform.publish'}
      icon={published ? <UnpublishedIcon /> : <PublishIcon />}
      method="PUT"
      url={published ? '/cms/customform/offline' : '/cms/customform/publish'}
      body={(r) => [String(r.formId)]}
      permission="cms:customform:publish"
      confirmTitle={published ? 'app.customform.offline_title' : 'app.customform.publish_title'}
      confirmContent={published ? 'app.customform.offline_confirm' : 'app.customform.publish_confirm'}
      confirmOptions={(r) => ({ name: r?.name ?? '' })}
    />
  );
}

/** 自定义表单: the forms of the current site, their designer, publishing and submitted data. */
export function CustomFormList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'createTime', order: 'DESC' }} exportable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="name" label="app.customform.name" />
        <FunctionField label="app.customform.code" render={(r) => <code>{`{% customform code:'${r.code}' %}`}</code>} />
        <SelectField source="status" label="app.customform.status" choices={CUSTOM_FORM_STATUS} sortable={false} />
        <BooleanField source="needCaptcha" label="app.customform.needCaptcha" sortable={false} />
        <FunctionField label="app.customform.limit" render={(r) => <LimitText record={r} />} />
        <DateTimeField source="createTime" label="app.customform.createTime" />
        <EditButton />
        <DesignButton />
        <PublishButton />
        <DataButton />
        <IdListDeleteButton
          url="/cms/customform"
          idField="formId"
          permission="cms:customform:remove"
          confirmTitle="app.customform.delete_title"
          confirmContent="app.customform.delete_confirm"
          nameField="name"
        />
      </Datagrid>
    </ScreenList>
  );
}

function LimitText({ record }: { record: Record<string, unknown> }) {
  const translate = useTranslate();
  if (record.ruleLimit === 'unlimited') return <>{translate('app.customform.rule_unlimited')}</>;
  return (
    <>
      {translate('app.customform.limit_text', {
        rule: translate(`app.customform.rule_${String(record.ruleLimit)}`),
        period: translate(`app.customform.period_${String(record.limitPeriod)}`),
        count: Number(record.limitCount),
      })}
    </>
  );
}

function CustomFormForm() {
  return (
    <EditForm>
      <TextInput source="name" label="app.customform.name" validate={[required(), maxLength(100)]} fullWidth />
      <TextInput
        source="code"
        label="app.customform.code"
        helperText="app.customform.code_help"
        validate={[required(), regex(CUSTOM_FORM_CODE, 'app.customform.code_help')]}
      />
      <BooleanInput source="needCaptcha" label="app.customform.needCaptcha" defaultValue={true} />
      <RadioButtonGroupInput source="ruleLimit" label="app.customform.ruleLimit" choices={CUSTOM_FORM_RULES} defaultValue="unlimited" />
      <RadioButtonGroupInput source="limitPeriod" label="app.customform.limitPeriod" choices={CUSTOM_FORM_PERIODS} defaultValue="day" />
      <NumberInput source="limitCount" label="app.customform.limitCount" defaultValue={1} min={1} max={100000} validate={[required(), minValue(1)]} />
      <TextInput
        source="successMessage"
        label="app.customform.successMessage"
        helperText="app.customform.successMessage_help"
        validate={maxLength(200)}
        fullWidth
      />
      <TextInput source="remark" label="app.customform.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function CustomFormCreate() {
  return (
    <Create redirect="list" transform={(data: Record<string, unknown>) => customFormBody(data)}>
      <CustomFormForm />
    </Create>
  );
}

export function CustomFormEdit() {
  return (
    <EditPage titleKey="app.customform.edit_title" nameSource="name" transform={(data: Record<string, unknown>) => customFormBody(data)}>
      <CustomFormForm />
    </EditPage>
  );
}
