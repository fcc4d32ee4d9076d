import { ScreenList } from '../../../components/ScreenList';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Box,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List as MuiList,
  ListItemButton,
  ListItemText,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  FunctionField,
  PasswordInput,
  RadioButtonGroupInput,
  required,
  SelectArrayInput,
  SelectInput,
  TextField,
  TextInput,
  email,
  maxLength,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { EditForm } from '../../../components/EditForm';
import { saveBlob } from '../../../components/download';
import { EditPage } from '../../../components/EditPage';
import { NORMAL_DISABLE, USER_SEX } from '../../../components/dicts';
import { treeChoices, type TreeNode } from '../../../components/tree';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { ResetPasswordButton } from '../../../components/ResetPasswordButton';
import { StatusSwitch } from '../../../components/StatusSwitch';
import { httpClient } from '../../../providers/httpClient';
import { PermissionButton } from '../permission/PermissionButton';

const filters = [
  <TextInput key="userName" source="userName" label="app.user.userName" alwaysOn />,
  <TextInput key="phonenumber" source="phonenumber" label="app.user.phonenumber" alwaysOn />,
  <SelectInput key="status" source="status" label="app.user.status" choices={NORMAL_DISABLE} alwaysOn />,
];

/** GET /system/user/{id} answers `{user, roleIds, postIds, ...}`: the edit form wants one flat record. */
const userRecord = (data: RaRecord) =>
  data?.user ? { ...data.user, id: data.user.userId, roleIds: data.roleIds ?? [], postIds: data.postIds ?? [] } : data;

function DeptTreeItem({ node, depth, selected, onSelect }: { node: TreeNode; depth: number; selected?: string; onSelect: (id: string) => void }) {
  return (
    <>
      <ListItemButton dense selected={selected === String(node.id)} sx={{ pl: 1 + depth * 2 }} onClick={() => onSelect(String(node.id))}>
        <ListItemText primary={node.label} />
      </ListItemButton>
      {(node.children ?? []).map((c) => (
        <DeptTreeItem key={c.id} node={c} depth={depth + 1} selected={selected} onSelect={onSelect} />
      ))}
    </>
  );
}

/** The department tree beside the list: a click filters by `deptId` (sub-departments included), a second click clears it. */
function DeptTree() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const { data } = useApiData<TreeNode[]>('/system/dept/treeselect');
  const selected = filterValues.deptId === undefined ? undefined : String(filterValues.deptId);
  const onSelect = (id: string) => {
    const { deptId: _old, ...rest } = filterValues;
    setFilters(selected === id ? rest : { ...rest, deptId: id }, displayedFilters);
  };
  return (
    <Box sx={{ width: 220, flexShrink: 0, borderRight: 1, borderColor: 'divider', overflow: 'auto' }}>
      <MuiList dense disablePadding>
        {(data ?? []).map((n) => (
          <DeptTreeItem key={n.id} node={n} depth={0} selected={selected} onSelect={onSelect} />
        ))}
      </MuiList>
    </Box>
  );
}

/** Status switch of a row (PUT /system/user/changeStatus); read-only without system:user:edit. */
function UserStatusSwitch() {
  return <StatusSwitch url="/system/user/changeStatus" idField="userId" permission="system:user:edit" locked={(r) => String(r.userId) === '1'} />;
}

/** 重置密码: asks the new password and PUTs /system/user/resetPwd. */
function UserResetPasswordButton() {
  return (
    <ResetPasswordButton
      url="/system/user/resetPwd"
      body={(r, password) => ({ userId: r.userId, password })}
      permission="system:user:resetPwd"
      nameOf={(r) => String(r.userName ?? '')}
    />
  );
}

/** 导入: template download, then an .xlsx with the initial password, optionally updating existing users. */
function ImportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const allowed = useHasPermission('system:user:import');
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [updateSupport, setUpdateSupport] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  if (!allowed) return null;

  const downloadTemplate = async () => {
    try {
      const { blob, fileName } = await httpClient.download('/system/user/importTemplate');
      saveBlob(blob, fileName);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  const upload = async () => {
    if (!file) return;
    const data = new FormData();
    data.append('file', file);
    data.append('password', password);
    data.append('updateSupport', String(updateSupport));
    setBusy(true);
    try {
      const result = await httpClient.request('/system/user/importData', { method: 'POST', data });
      setMessage({ text: result.msg, error: false });
      refresh();
    } catch (err) {
      setMessage({ text: (err as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        label="app.user.import"
        onClick={() => {
          setFile(null);
          setMessage(null);
          setOpen(true);
        }}
      >
        <UploadIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.user.import_title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box>
            <Button label="app.user.download_template" onClick={() => void downloadTemplate()} />
          </Box>
          <input type="file" accept=".xlsx" aria-label={translate('app.user.import_file')} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          <MuiTextField
            type="password"
            label={translate('app.user.import_password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          <FormControlLabel
            control={<Checkbox checked={updateSupport} onChange={(e) => setUpdateSupport(e.target.checked)} />}
            label={translate('app.user.update_support')}
          />
          {message ? (
            <Typography color={message.error ? 'error' : 'success.main'} sx={{ whiteSpace: 'pre-wrap' }}>
              {message.text}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.close" onClick={() => setOpen(false)} />
          <Button label="app.user.upload" variant="contained" disabled={!file || !password || busy} onClick={() => void upload()} />
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The built-in administrator (userId 1) cannot be deleted. */
function UserDeleteButton() {
  const record = useRecordContext();
  return !record || String(record.userId) === '1' ? null : <DeleteButton mutationMode="pessimistic" />;
}

/** 用户管理: department tree, paged list with filters, add, edit, delete, export, import, 重置密码 and status. */
export function UserList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'userId', order: 'ASC' }} extraActions={<ImportButton />}>
      <Box sx={{ display: 'flex' }}>
        <DeptTree />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Datagrid rowClick={false} bulkActionButtons={false}>
            <TextField source="userName" label="app.user.userName" />
            <TextField source="nickName" label="app.user.nickName" />
            <FunctionField label="app.user.dept" render={(r: RaRecord) => r.dept?.deptName ?? ''} />
            <TextField source="phonenumber" label="app.user.phonenumber" sortable={false} />
            <FunctionField label="app.user.status" render={() => <UserStatusSwitch />} />
            <DateTimeField source="createTime" label="app.user.createTime" />
            <EditButton />
            <UserResetPasswordButton />
            <PermissionButton ownerType="user" />
            <UserDeleteButton />
          </Datagrid>
        </Box>
      </Box>
    </ScreenList>
  );
}

function UserForm({ create }: { create?: boolean }) {
  const { data: depts } = useApiData<TreeNode[]>('/system/dept/treeselect');
  const { data: options } = useApiData<{ roles: RaRecord[]; posts: RaRecord[] }>('/system/user/');
  const roles = (options?.roles ?? []).map((r) => ({ id: String(r.roleId), name: r.roleName, disabled: r.status !== '0' }));
  const posts = (options?.posts ?? []).map((p) => ({ id: String(p.postId), name: p.postName, disabled: p.status !== '0' }));
  return (
    <EditForm deleteButton={<UserDeleteButton />}>
      {create ? <TextInput source="userName" label="app.user.userName" validate={[required(), maxLength(20)]} /> : null}
      <TextInput source="nickName" label="app.user.nickName" validate={[required(), maxLength(30)]} />
      {create ? <PasswordInput source="password" label="app.user.password" validate={required()} /> : null}
      <SelectInput source="deptId" label="app.user.dept" choices={treeChoices(depts ?? [])} />
      <TextInput source="phonenumber" label="app.user.phonenumber" validate={maxLength(11)} />
      <TextInput source="email" label="app.user.email" validate={[email(), maxLength(50)]} />
      <SelectInput source="sex" label="app.user.sex" choices={USER_SEX} />
      <RadioButtonGroupInput source="status" label="app.user.status" choices={NORMAL_DISABLE} defaultValue="0" />
      <SelectArrayInput source="roleIds" label="app.user.roles" choices={roles} />
      <SelectArrayInput source="postIds" label="app.user.posts" choices={posts} />
      <TextInput source="remark" label="app.user.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function UserCreate() {
  return (
    <Create redirect="list">
      <UserForm create />
    </Create>
  );
}

export function UserEdit() {
  return (
    <EditPage titleKey="app.edit_title.user" nameSource="userName" queryOptions={{ select: userRecord }}>
      <UserForm />
    </EditPage>
  );
}
