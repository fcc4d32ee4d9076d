import { useApiCall } from '../../../components/useApiCall';
import { ScreenList } from '../../../components/ScreenList';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SecurityIcon from '@mui/icons-material/Security';
import { Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  Button,
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  Labeled,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  required,
  SelectInput,
  TextField,
  TextInput,
  maxLength,
  useInput,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CheckboxTree, keysFromLeaves, leavesFromKeys } from '../../../components/CheckboxTree';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { DATA_SCOPE, NORMAL_DISABLE } from '../../../components/dicts';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import type { TreeNode } from '../../../components/tree';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { isSuperRole, roleAuthUserPath } from './role';
import { PermissionButton } from '../permission/PermissionButton';

const filters = [
  <TextInput key="roleName" source="roleName" label="app.role.roleName" alwaysOn />,
  <TextInput key="roleKey" source="roleKey" label="app.role.roleKey" alwaysOn />,
  <SelectInput key="status" source="status" label="app.role.status" choices={NORMAL_DISABLE} alwaysOn />,
];

function RoleEditButton() {
  const record = useRecordContext();
  return isSuperRole(record) ? null : <EditButton />;
}

function RoleDeleteButton() {
  const record = useRecordContext();
  return !record || isSuperRole(record) ? null : <DeleteButton mutationMode="pessimistic" />;
}

/** 分配用户: opens the page of the users holding the role. */
function AssignUsersButton() {
  const record = useRecordContext();
  const allowed = useHasPermission('system:role:edit');
  if (!allowed || !record || isSuperRole(record)) return null;
  return (
    <Button component={Link} label="app.role_user.title" to={roleAuthUserPath(record.roleId)} onClick={(e) => e.stopPropagation()}>
      <ManageAccountsIcon />
    </Button>
  );
}

/** 数据权限: the role's data scope and, for 自定数据权限 (2), its departments. */
function DataScopeButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const allowed = useHasPermission('system:role:edit');
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState('1');
  const [depts, setDepts] = useState<TreeNode[]>([]);
  const [leaves, setLeaves] = useState<Set<string>>(new Set());
  const { run, busy } = useApiCall();
  if (!allowed || !record || isSuperRole(record)) return null;

  const openDialog = async () => {
    setScope(String(record.dataScope ?? '1'));
    try {
      const { data } = await httpClient.get<{ depts: TreeNode[]; checkedKeys: string[] }>(`/system/role/deptTree/${record.roleId}`);
      setDepts(data?.depts ?? []);
      setLeaves(leavesFromKeys(data?.depts ?? [], data?.checkedKeys ?? []));
      setOpen(true);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const submit = async () => {
    const saved = await run(() =>
      httpClient.put('/system/role/dataScope', {
        roleId: record.roleId,
        dataScope: scope,
        deptIds: scope === '2' ? keysFromLeaves(depts, leaves) : [],
      }),
    );
    if (saved) setOpen(false);
  };
  return (
    <>
      <Button
        label="app.role.data_scope"
        onClick={(e) => {
          e.stopPropagation();
          void openDialog();
        }}
      >
        <SecurityIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" onClick={(e) => e.stopPropagation()}>
        <DialogTitle>{translate('app.role.data_scope')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {record.roleName} ({record.roleKey})
          </Typography>
          <MuiTextField select label={translate('app.role.dataScope')} value={scope} onChange={(e) => setScope(e.target.value)}>
            {DATA_SCOPE.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {translate(c.name)}
              </MenuItem>
            ))}
          </MuiTextField>
          {scope === '2' ? <CheckboxTree nodes={depts} leaves={leaves} onChange={setLeaves} /> : null}
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button label="ra.action.save" variant="contained" disabled={busy} onClick={() => void submit()} />
        </DialogActions>
      </Dialog>
    </>
  );
}

/** 角色管理: paged list with filters, add, edit (with menu permissions), 数据权限, delete and export. */
export function RoleList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'roleSort', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="roleName" label="app.role.roleName" />
        <TextField source="roleKey" label="app.role.roleKey" />
        <NumberField source="roleSort" label="app.role.roleSort" />
        <DictField source="dataScope" label="app.role.dataScope" choices={DATA_SCOPE} sortable={false} />
        <DictField source="status" label="app.role.status" choices={NORMAL_DISABLE} sortable={false} />
        <DateTimeField source="createTime" label="app.role.createTime" />
        <RoleEditButton />
        <DataScopeButton />
        <AssignUsersButton />
        <PermissionButton ownerType="role" />
        <RoleDeleteButton />
      </Datagrid>
    </ScreenList>
  );
}

/** The role's menus as a checkbox tree; the form value `menuIds` holds checked and half-checked menus. */
function MenuTreeInput() {
  const record = useRecordContext();
  const { field } = useInput({ source: 'menuIds', defaultValue: [] });
  const roleId = record?.roleId;
  const { data } = useApiData<TreeNode[] | { menus: TreeNode[]; checkedKeys: string[] }>(
    roleId ? `/system/menu/roleMenuTreeselect/${roleId}` : '/system/menu/treeselect',
  );
  const nodes = useMemo(() => (Array.isArray(data) ? data : (data?.menus ?? [])), [data]);
  const [leaves, setLeaves] = useState<Set<string> | undefined>();
  useEffect(() => {
    if (data && !leaves) setLeaves(leavesFromKeys(nodes, Array.isArray(data) ? [] : data.checkedKeys));
  }, [data, leaves, nodes]);
  if (!data || !leaves) return null;
  return (
    <Labeled label="app.role.menus" fullWidth>
      <CheckboxTree
        nodes={nodes}
        leaves={leaves}
        onChange={(next) => {
          setLeaves(next);
          field.onChange(keysFromLeaves(nodes, next));
        }}
      />
    </Labeled>
  );
}

function RoleForm() {
  return (
    <EditForm deleteButton={<RoleDeleteButton />}>
      <TextInput source="roleName" label="app.role.roleName" validate={[required(), maxLength(30)]} />
      <TextInput source="roleKey" label="app.role.roleKey" validate={[required(), maxLength(100)]} />
      <NumberInput source="roleSort" label="app.role.roleSort" validate={required()} defaultValue={0} />
      <RadioButtonGroupInput source="status" label="app.role.status" choices={NORMAL_DISABLE} defaultValue="0" />
      <MenuTreeInput />
      <TextInput source="remark" label="app.role.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function RoleCreate() {
  return (
    <Create redirect="list">
      <RoleForm />
    </Create>
  );
}

export function RoleEdit() {
  return (
    <EditPage titleKey="app.edit_title.role" nameSource="roleName">
      <RoleForm />
    </EditPage>
  );
}
