import { ScreenList } from '../../../components/ScreenList';
import {
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  maxLength,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  regex,
  required,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { DateTimeField } from '../../../components/DateTimeField';

const STATUS = [
  { id: '0', name: 'app.post.status_0' },
  { id: '1', name: 'app.post.status_1' },
];

const filters = [
  <TextInput key="postCode" source="postCode" label="app.post.postCode" alwaysOn />,
  <TextInput key="postName" source="postName" label="app.post.postName" alwaysOn />,
  <SelectInput key="status" source="status" label="app.post.status" choices={STATUS} />,
];

/** 岗位管理: paged list with filters, add, edit, delete and the server's Excel export. */
export function PostList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'postSort', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="postCode" label="app.post.postCode" />
        <TextField source="postName" label="app.post.postName" />
        <NumberField source="postSort" label="app.post.postSort" />
        <SelectField source="status" label="app.post.status" choices={STATUS} />
        <DateTimeField source="createTime" label="app.post.createTime" sortable={false} />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}

function PostForm() {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <TextInput source="postName" label="app.post.postName" validate={[required(), maxLength(50)]} />
      <TextInput source="postCode" label="app.post.postCode" validate={[required(), maxLength(64), regex(/^[A-Za-z0-9_]+$/, 'app.post.postCode')]} />
      <NumberInput source="postSort" label="app.post.postSort" validate={required()} defaultValue={0} />
      <RadioButtonGroupInput source="status" label="app.post.status" choices={STATUS} defaultValue="0" />
      <TextInput source="remark" label="app.post.remark" multiline validate={maxLength(500)} />
    </EditForm>
  );
}

export function PostCreate() {
  return (
    <Create redirect="list">
      <PostForm />
    </Create>
  );
}

export function PostEdit() {
  return (
    <EditPage titleKey="app.edit_title.post" nameSource="postName">
      <PostForm />
    </EditPage>
  );
}
