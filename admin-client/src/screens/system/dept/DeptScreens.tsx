import { ScreenList } from '../../../components/ScreenList';
import {
  Create,
  DeleteButton,
  EditButton,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  required,
  SelectInput,
  TextField,
  TextInput,
  email,
  maxLength,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { NORMAL_DISABLE } from '../../../components/dicts';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { TreeDatagrid } from '../../../components/TreeDatagrid';
import { flattenByParent } from '../../../components/tree';
import { useApiData } from '../../../components/useApiData';

const filters = [
  <TextInput key="deptName" source="deptName" label="app.dept.deptName" alwaysOn />,
  <SelectInput key="status" source="status" label="app.dept.status" choices={NORMAL_DISABLE} alwaysOn />,
];

/** The top department has no parent to move to: no delete for it either. */
function DeptDeleteButton() {
  const record = useRecordContext();
  return !record || String(record.parentId) === '0' ? null : <DeleteButton mutationMode="pessimistic" />;
}

/** 部门管理: every department (not paged) as an indented tree; add, edit, delete. */
export function DeptList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'orderNum', order: 'ASC' }} tree exportable={false}>
      <TreeDatagrid idKey="deptId" labelSource="deptName" label="app.dept.deptName">
        <NumberField source="orderNum" label="app.dept.orderNum" sortable={false} />
        <TextField source="leader" label="app.dept.leader" sortable={false} />
        <DictField source="status" label="app.dept.status" choices={NORMAL_DISABLE} sortable={false} />
        <DateTimeField source="createTime" label="app.dept.createTime" sortable={false} />
        <EditButton />
        <DeptDeleteButton />
      </TreeDatagrid>
    </ScreenList>
  );
}

/** Parent choices: all departments on create, all but the department and its subtree on edit. */
function ParentInput() {
  const record = useRecordContext();
  const { data } = useApiData<RaRecord[]>(record?.deptId ? `/system/dept/list/exclude/${record.deptId}` : '/system/dept/list');
  const choices = flattenByParent(data ?? [], 'deptId').map((d) => ({ id: String(d.deptId), name: `${'\u3000'.repeat(d.depth)}${d.deptName}` }));
  if (record && String(record.parentId) === '0') return null; // the top department stays on top
  return <SelectInput source="parentId" label="app.dept.parent" choices={choices} validate={required()} />;
}

function DeptForm() {
  return (
    <EditForm deleteButton={<DeptDeleteButton />}>
      <ParentInput />
      <TextInput source="deptName" label="app.dept.deptName" validate={[required(), maxLength(30)]} />
      <NumberInput source="orderNum" label="app.dept.orderNum" validate={required()} defaultValue={0} />
      <TextInput source="leader" label="app.dept.leader" validate={maxLength(20)} />
      <TextInput source="phone" label="app.dept.phone" validate={maxLength(11)} />
      <TextInput source="email" label="app.dept.email" validate={[email(), maxLength(50)]} />
      <RadioButtonGroupInput source="status" label="app.dept.status" choices={NORMAL_DISABLE} defaultValue="0" />
    </EditForm>
  );
}

export function DeptCreate() {
  return (
    <Create redirect="list">
      <DeptForm />
    </Create>
  );
}

export function DeptEdit() {
  return (
    <EditPage titleKey="app.edit_title.dept" nameSource="deptName">
      <DeptForm />
    </EditPage>
  );
}
