import { ScreenList } from '../../../components/ScreenList';
import LogoutIcon from '@mui/icons-material/Logout';
import { Datagrid, TextField, TextInput } from 'react-admin';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';

const filters = [
  <TextInput key="ipaddr" source="ipaddr" label="app.online.ipaddr" alwaysOn />,
  <TextInput key="userName" source="userName" label="app.online.userName" alwaysOn />,
];

/** 强退 of a row: ends that session (needs monitor:online:forceLogout). */
function ForceLogoutButton() {
  return (
    <CallButton
      label="app.online.force_logout"
      icon={<LogoutIcon />}
      color="error"
      method="DELETE"
      url={(record) => `/monitor/online/${encodeURIComponent(String(record.tokenId ?? record.id))}`}
      permission="monitor:online:forceLogout"
      confirmTitle="app.online.force_title"
      confirmContent="app.online.force_content"
      confirmOptions={(record) => ({ name: record?.userName ?? '' })}
      successMessage="app.online.forced"
    />
  );
}

/** 在线用户: the staff sessions now open, paged and sorted like every list (newest sign-in first), and 强退. */
export function OnlineList() {
  return (
    <ScreenList filters={filters} creatable={false} exportable={false} sort={{ field: 'loginTime', order: 'DESC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="userName" label="app.online.userName" />
        <TextField source="deptName" label="app.online.deptName" />
        <TextField source="ipaddr" label="app.online.ipaddr" />
        <TextField source="browser" label="app.online.browser" sortable={false} />
        <TextField source="os" label="app.online.os" sortable={false} />
        <DateTimeField source="loginTime" label="app.online.loginTime" />
        <DateTimeField source="lastAccessTime" label="app.online.lastAccessTime" />
        <ForceLogoutButton />
      </Datagrid>
    </ScreenList>
  );
}
