import { ScreenList } from '../../../components/ScreenList';
import {
  BooleanInput,
  Create,
  DeleteButton,
  EditButton,
  FormDataConsumer,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  required,
  SelectInput,
  TextField,
  TextInput,
  maxLength,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DictField } from '../../../components/DictField';
import { MENU_TYPE, NORMAL_DISABLE, SHOW_HIDE } from '../../../components/dicts';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { TreeDatagrid } from '../../../components/TreeDatagrid';
import { flattenByParent } from '../../../components/tree';
import { useApiData } from '../../../components/useApiData';

const filters = [
  <TextInput key="menuName" source="menuName" label="app.menu.menuName" alwaysOn />,
  <SelectInput key="status" source="status" label="app.menu.status" choices={NORMAL_DISABLE} alwaysOn />,
];

/** Shown on edit pages only (the create form has no record yet). */
function MenuDeleteButton() {
  const record = useRecordContext();
  return record ? <DeleteButton mutationMode="pessimistic" /> : null;
}

/** 菜单管理: every menu (not paged) as an indented tree; add, edit, delete. */
export function MenuList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'orderNum', order: 'ASC' }} tree exportable={false}>
      <TreeDatagrid idKey="menuId" labelSource="menuName" label="app.menu.menuName">
        <TextField source="icon" label="app.menu.icon" sortable={false} />
        <NumberField source="orderNum" label="app.menu.orderNum" sortable={false} />
        <TextField source="perms" label="app.menu.perms" sortable={false} sx={{ wordBreak: 'break-all' }} />
        <TextField source="component" label="app.menu.component" sortable={false} sx={{ wordBreak: 'break-all' }} />
        <DictField source="menuType" label="app.menu.menuType" choices={MENU_TYPE} sortable={false} />
        <DictField source="status" label="app.menu.status" choices={NORMAL_DISABLE} sortable={false} />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </TreeDatagrid>
    </ScreenList>
  );
}

/** Parent choices: 主类目 and every directory or page except the menu itself and its subtree. */
function ParentInput() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { data } = useApiData<RaRecord[]>('/system/menu/list');
  const rows = flattenByParent(
    (data ?? []).filter((m) => m.menuType !== 'F'),
    'menuId',
  );
  const excluded = new Set<string>();
  if (record?.menuId !== undefined) {
    excluded.add(String(record.menuId));
    for (const m of rows) if (excluded.has(String(m.parentId))) excluded.add(String(m.menuId));
  }
  const choices = [
    { id: '0', name: translate('app.menu.root') },
    ...rows
      .filter((m) => !excluded.has(String(m.menuId)))
      .map((m) => ({ id: String(m.menuId), name: `${'\u3000'.repeat(m.depth + 1)}${m.menuName}` })),
  ];
  return <SelectInput source="parentId" label="app.menu.parent" choices={choices} validate={required()} defaultValue="0" />;
}

function MenuForm() {
  return (
    <EditForm deleteButton={<MenuDeleteButton />}>
      <ParentInput />
      <RadioButtonGroupInput source="menuType" label="app.menu.menuType" choices={MENU_TYPE} defaultValue="M" validate={required()} />
      <TextInput source="menuName" label="app.menu.menuName" validate={[required(), maxLength(50)]} />
      <NumberInput source="orderNum" label="app.menu.orderNum" validate={required()} defaultValue={0} />
      <FormDataConsumer>
        {({ formData }) => {
          const type = formData.menuType as string | undefined;
          return (
            <>
              {type !== 'F' ? (
                <>
                  <TextInput source="icon" label="app.menu.icon" helperText="app.menu.icon_help" validate={maxLength(100)} />
                  <TextInput source="path" label="app.menu.path" helperText="app.menu.path_help" validate={maxLength(200)} fullWidth />
                  <BooleanInput source="isFrame" label="app.menu.isFrame" defaultValue={false} />
                </>
              ) : null}
              {type === 'C' ? (
                <>
                  <TextInput source="component" label="app.menu.component" helperText="app.menu.component_help" validate={maxLength(255)} fullWidth />
                  <TextInput source="query" label="app.menu.query" validate={maxLength(255)} fullWidth />
                  <BooleanInput source="isCache" label="app.menu.isCache" defaultValue={true} />
                </>
              ) : null}
              {type !== 'M' ? (
                <TextInput source="perms" label="app.menu.perms" helperText="app.menu.perms_help" validate={maxLength(100)} fullWidth />
              ) : null}
              {type !== 'F' ? <RadioButtonGroupInput source="visible" label="app.menu.visible" choices={SHOW_HIDE} defaultValue="0" /> : null}
            </>
          );
        }}
      </FormDataConsumer>
      <RadioButtonGroupInput source="status" label="app.menu.status" choices={NORMAL_DISABLE} defaultValue="0" />
    </EditForm>
  );
}

export function MenuCreate() {
  return (
    <Create redirect="list">
      <MenuForm />
    </Create>
  );
}

export function MenuEdit() {
  return (
    <EditPage titleKey="app.edit_title.menu" nameSource="menuName">
      <MenuForm />
    </EditPage>
  );
}
