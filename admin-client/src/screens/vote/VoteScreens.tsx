import BarChartIcon from '@mui/icons-material/BarChart';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { useState } from 'react';
import {
  Button,
  Create,
  Datagrid,
  DateTimeInput,
  EditButton,
  FunctionField,
  maxLength,
  minValue,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  regex,
  required,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { DateTimeField } from '../../components/DateTimeField';
import { EditForm } from '../../components/EditForm';
import { EditPage } from '../../components/EditPage';
import { ScreenList } from '../../components/ScreenList';
import { useHasPermission } from '../../components/usePermission';
import { IdListDeleteButton } from '../cms/publishpipe/IdListDeleteButton';
import { VoteResultDialog } from './VoteResultDialog';
import { VoteSubjectsDialog } from './VoteSubjectsDialog';
import { VOTE_CODE, VOTE_STATUS, VOTE_USER_TYPES, VOTE_VIEW_TYPES, voteBody } from './vote';

const filters = [
  <TextInput key="title" source="title" label="app.vote.title" alwaysOn />,
  <SelectInput key="status" source="status" label="app.vote.status" choices={VOTE_STATUS} alwaysOn />,
  <TextInput key="code" source="code" label="app.vote.code" />,
  <SelectInput key="userType" source="userType" label="app.vote.userType" choices={VOTE_USER_TYPES} />,
];

/** Opens the subject editor of the row's vote. */
function SubjectsButton() {
  const record = useRecordContext();
  const canAdd = useHasPermission('cms:vote:add');
  const canEditVote = useHasPermission('cms:vote:edit');
  const canEdit = canAdd || canEditVote;
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button
        label="app.vote.subjects"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <ListAltIcon />
      </Button>
      {open ? (
        <VoteSubjectsDialog voteId={String(record.voteId)} title={String(record.title)} editable={canEdit} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/** Opens the results (charts per subject, text answers) of the row's vote. */
function ResultButton() {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button
        label="app.vote.results"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <BarChartIcon />
      </Button>
      {open ? <VoteResultDialog voteId={String(record.voteId)} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function VoteDeleteButton() {
  return (
    <IdListDeleteButton
      url="/vote"
      idField="voteId"
      permission="cms:vote:remove"
      confirmTitle="app.vote.delete_title"
      confirmContent="app.vote.delete_confirm"
      nameField="title"
    />
  );
}

/** 投票调查: the votes, with their subjects and results. */
export function VoteList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'createTime', order: 'DESC' }} exportable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="title" label="app.vote.title" sortable={false} />
        <TextField source="code" label="app.vote.code" />
        <SelectField source="status" label="app.vote.status" choices={VOTE_STATUS} sortable={false} />
        <SelectField source="userType" label="app.vote.userType" choices={VOTE_USER_TYPES} sortable={false} />
        <SelectField source="viewType" label="app.vote.viewType" choices={VOTE_VIEW_TYPES} sortable={false} />
        <FunctionField label="app.vote.limits" render={(r) => `${r.dayLimit} / ${r.totalLimit}`} />
        <NumberField source="total" label="app.vote.total" />
        <DateTimeField source="startTime" label="app.vote.startTime" />
        <DateTimeField source="endTime" label="app.vote.endTime" />
        <EditButton />
        <SubjectsButton />
        <ResultButton />
        <VoteDeleteButton />
      </Datagrid>
    </ScreenList>
  );
}

const endAfterStart = (value: unknown, values: Record<string, unknown>) =>
  value && values.startTime && new Date(String(value)) <= new Date(String(values.startTime)) ? 'app.vote.end_after_start' : undefined;
const dayNotOverTotal = (value: unknown, values: Record<string, unknown>) =>
  Number(value) > Number(values.totalLimit) ? 'app.vote.day_over_total' : undefined;

function VoteForm() {
  return (
    <EditForm>
      <TextInput source="title" label="app.vote.title" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput
        source="code"
        label="app.vote.code"
        helperText="app.vote.code_help"
        validate={[required(), regex(VOTE_CODE, 'app.vote.code_help')]}
      />
      <RadioButtonGroupInput source="status" label="app.vote.status" choices={VOTE_STATUS} defaultValue="0" />
      <DateTimeInput source="startTime" label="app.vote.startTime" validate={required()} />
      <DateTimeInput source="endTime" label="app.vote.endTime" validate={[required(), endAfterStart]} />
      <RadioButtonGroupInput source="userType" label="app.vote.userType" choices={VOTE_USER_TYPES} defaultValue="member" />
      <RadioButtonGroupInput source="viewType" label="app.vote.viewType" choices={VOTE_VIEW_TYPES} defaultValue="2" />
      <NumberInput
        source="dayLimit"
        label="app.vote.dayLimit"
        defaultValue={1}
        min={1}
        max={10000}
        validate={[required(), minValue(1), dayNotOverTotal]}
      />
      <NumberInput source="totalLimit" label="app.vote.totalLimit" defaultValue={1} min={1} max={100000} validate={[required(), minValue(1)]} />
      <TextInput source="remark" label="app.vote.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function VoteCreate() {
  return (
    <Create redirect="list" transform={(data: Record<string, unknown>) => voteBody(data)}>
      <VoteForm />
    </Create>
  );
}

export function VoteEdit() {
  return (
    <EditPage titleKey="app.vote.edit_title" nameSource="title" transform={(data: Record<string, unknown>) => voteBody(data)}>
      <VoteForm />
    </EditPage>
  );
}
