import {
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  NumberField,
  NumberInput,
  TextField,
  TextInput,
  maxLength,
  minValue,
  regex,
  required,
} from 'react-admin';
import { EditForm } from '../../components/EditForm';
import { EditPage } from '../../components/EditPage';
import { ScreenList } from '../../components/ScreenList';

const filters = [
  <TextInput key="levelType" source="levelType" label="app.member_level.levelType" alwaysOn />,
  <TextInput key="levelName" source="levelName" label="app.member_level.levelName" alwaysOn />,
];

/** 会员等级: the levels of each track; a member's level follows from its exp (the `exp` track). */
export function LevelList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'level', order: 'ASC' }} exportable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="levelType" label="app.member_level.levelType" />
        <NumberField source="level" label="app.member_level.level" />
        <TextField source="levelName" label="app.member_level.levelName" sortable={false} />
        <NumberField source="nextNeedExp" label="app.member_level.nextNeedExp" />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}

function LevelForm() {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <TextInput
        source="levelType"
        label="app.member_level.levelType"
        defaultValue="exp"
        validate={[required(), maxLength(20), regex(/^[A-Za-z0-9_]+$/, 'app.member_level.levelType_format')]}
        helperText="app.member_level.levelType_help"
      />
      <NumberInput source="level" label="app.member_level.level" validate={[required(), minValue(0)]} />
      <TextInput source="levelName" label="app.member_level.levelName" validate={[required(), maxLength(50)]} />
      <NumberInput
        source="nextNeedExp"
        label="app.member_level.nextNeedExp"
        validate={[required(), minValue(0)]}
        defaultValue={0}
        helperText="app.member_level.nextNeedExp_help"
      />
      <TextInput source="remark" label="app.member_level.remark" multiline fullWidth validate={maxLength(500)} />
    </EditForm>
  );
}

export function LevelCreate() {
  return (
    <Create redirect="list">
      <LevelForm />
    </Create>
  );
}

export function LevelEdit() {
  return (
    <EditPage titleKey="app.member_level.edit_title" nameSource="levelName">
      <LevelForm />
    </EditPage>
  );
}
