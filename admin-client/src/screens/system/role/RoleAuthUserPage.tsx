import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Dialog, DialogActions, DialogContent, DialogTitle, Link as MuiLink, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Datagrid, TextField, TextInput, useGetOne, useListContext, useRecordSelection, useTranslate } from 'react-admin';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { NORMAL_DISABLE } from '../../../components/dicts';
import { ScreenList } from '../../../components/ScreenList';
import { useApiCall } from '../../../components/useApiCall';
import { httpClient } from '../../../providers/httpClient';
import { isSuperRole, ROLE_CANDIDATES_RESOURCE, ROLE_USERS_RESOURCE } from './role';

const userFilters = [
  <TextInput key="userName" source="userName" label="app.user.userName" alwaysOn />,
  <TextInput key="phonenumber" source="phonenumber" label="app.user.phonenumber" alwaysOn />,
];

/** The user columns both lists show; the server sorts these lists by user name only. */
const userColumns = [
  <TextField key="userName" source="userName" label="app.user.userName" />,
  <TextField key="nickName" source="nickName" label="app.user.nickName" sortable={false} />,
  <TextField key="email" source="email" label="app.user.email" sortable={false} />,
  <TextField key="phonenumber" source="phonenumber" label="app.user.phonenumber" sortable={false} />,
  <DictField key="status" source="status" label="app.user.status" choices={NORMAL_DISABLE} sortable={false} />,
  <DateTimeField key="createTime" source="createTime" label="app.user.createTime" sortable={false} />,
];

/** What an empty list says (react-admin would name the resource by its path). */
function NoUsers() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" sx={{ p: 2 }}>
      {translate('app.role_user.none')}
    </Typography>
  );
}

/** 取消授权 of one row, after confirmation. */
function CancelButton({ roleId }: { roleId: string }) {
  return (
    <CallButton
      label="app.role_user.cancel"
      icon={<PersonRemoveIcon />}
      method="PUT"
      url="/system/role/authUser/cancel"
      body={(user) => ({ roleId, userId: user.userId })}
      permission="system:role:edit"
      confirmTitle="app.role_user.cancel_title"
      confirmContent="app.role_user.cancel_content"
      confirmOptions={(user) => ({ name: user?.userName })}
      successMessage="app.role_user.cancelled"
    />
  );
}

/** 批量取消授权 of the selected rows, after confirmation. */
function CancelSelectedButton({ roleId }: { roleId: string }) {
  const { selectedIds, onUnselectItems } = useListContext();
  return (
    <CallButton
      label="app.role_user.cancel_selected"
      icon={<PersonRemoveIcon />}
      method="PUT"
      url="/system/role/authUser/cancelAll"
      body={() => ({ roleId, userIds: selectedIds })}
      permission="system:role:edit"
      confirmTitle="app.role_user.cancel_title"
      confirmContent="app.role_user.cancel_selected_content"
      confirmOptions={() => ({ smart_count: selectedIds.length })}
      successMessage="app.role_user.cancelled"
      onSuccess={() => onUnselectItems()}
    />
  );
}

/** 添加用户: the users not holding the role, paged and filtered; the selected ones are given the role. */
function AddUsersDialog({ roleId, onClose }: { roleId: string; onClose: () => void }) {
  const translate = useTranslate();
  // The dialog's list keeps its selection in the store under its resource: read here for the confirm button.
  const [selectedIds, { clearSelection }] = useRecordSelection({ resource: ROLE_CANDIDATES_RESOURCE });
  const { run, busy } = useApiCall();
  // A fresh pick on each opening only, whatever identity clearSelection has on later renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => clearSelection(), []);
  const submit = async () => {
    if (await run(() => httpClient.put('/system/role/authUser/selectAll', { roleId, userIds: selectedIds }), 'app.role_user.added')) {
      clearSelection();
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('app.role_user.add_title')}</DialogTitle>
      <DialogContent>
        <ScreenList
          resource={ROLE_CANDIDATES_RESOURCE}
          filter={{ roleId }}
          filters={userFilters}
          disableSyncWithLocation
          title={false}
          sort={{ field: 'userId', order: 'ASC' }}
          creatable={false}
          exportable={false}
          empty={false}
        >
          {/* The selection count shows above the table instead of over the filters: picking goes on across searches. */}
          <Datagrid
            rowClick="toggleSelection"
            bulkActionButtons={<></>}
            empty={<NoUsers />}
            sx={{ '&& .RaBulkActionsToolbar-toolbar': { position: 'static', transform: 'none' } }}
          >
            {userColumns}
          </Datagrid>
        </ScreenList>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button label="ra.action.confirm" variant="contained" disabled={!selectedIds.length || busy} onClick={() => void submit()} />
      </DialogActions>
    </Dialog>
  );
}

/**
 * 分配用户 (/system/role-auth/user/:roleId): the users holding one role, with add (a dialog of the others), and
 * cancel for one row or the selected rows. The super administrator role is shown read-only (the server refuses).
 */
export function RoleAuthUserPage() {
  const { roleId = '' } = useParams();
  const translate = useTranslate();
  const { data: role } = useGetOne('system/role', { id: roleId }, { enabled: /^\d+$/.test(roleId) });
  const [adding, setAdding] = useState(false);
  if (!role) return null;
  const editable = !isSuperRole(role);
  return (
    <>
      <Typography variant="h6" sx={{ mt: 2 }}>
        <MuiLink component={Link} to="/system/role">
          {translate('app.role_user.back')}
        </MuiLink>
        {' / '}
        {role.roleName} ({role.roleKey})
      </Typography>
      <ScreenList
        resource={ROLE_USERS_RESOURCE}
        filter={{ roleId }}
        filters={userFilters}
        disableSyncWithLocation
        storeKey={false}
        title={role.roleName}
        sort={{ field: 'userId', order: 'ASC' }}
        creatable={false}
        exportable={false}
        empty={false}
        extraActions={
          editable ? (
            <Button label="app.role_user.add" onClick={() => setAdding(true)}>
              <PersonAddIcon />
            </Button>
          ) : null
        }
      >
        <Datagrid rowClick={false} bulkActionButtons={editable ? <CancelSelectedButton roleId={roleId} /> : false} empty={<NoUsers />}>
          {userColumns}
          {editable ? <CancelButton roleId={roleId} /> : null}
        </Datagrid>
      </ScreenList>
      {adding ? <AddUsersDialog roleId={roleId} onClose={() => setAdding(false)} /> : null}
    </>
  );
}
