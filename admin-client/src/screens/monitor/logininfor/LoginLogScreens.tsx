import { ScreenList } from '../../../components/ScreenList';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Datagrid, DeleteButton, SelectInput, TextField, TextInput, useRecordContext } from 'react-admin';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { COMMON_STATUS } from '../../../components/dicts';

/** Whose sign-in: back-office staff or a member of the public site. */
const REALM = [
  { id: 'staff', name: 'app.logininfor.realm_staff' },
  { id: 'member', name: 'app.logininfor.realm_member' },
];

const filters = [
  <TextInput key="ipaddr" source="ipaddr" label="app.logininfor.ipaddr" alwaysOn />,
  <TextInput key="userName" source="userName" label="app.logininfor.userName" alwaysOn />,
  <SelectInput key="status" source="status" label="app.logininfor.status" choices={COMMON_STATUS} alwaysOn />,
  <SelectInput key="realm" source="realm" label="app.logininfor.realm" choices={REALM} />,
];

/**
 * 解锁 of a row: clears the wrong-password lock of its staff account (needs monitor:logininfor:unlock). Members are
 * unlocked on the members screen (enable or reset the password).
 */
function UnlockButton() {
  const record = useRecordContext();
  if (record?.realm === 'member') return null;
  return (
    <CallButton
      label="app.logininfor.unlock"
      icon={<LockOpenIcon />}
      method="GET"
      url={(record) => `/monitor/logininfor/unlock/${encodeURIComponent(String(record.userName ?? ''))}`}
      permission="monitor:logininfor:unlock"
      confirmTitle="app.logininfor.unlock_title"
      confirmContent="app.logininfor.unlock_content"
      confirmOptions={(record) => ({ name: record?.userName ?? '' })}
      successMessage="app.logininfor.unlocked"
    />
  );
}

/** 登录日志: read-only list; delete, 清空, export and 解锁 (unlock an account locked by wrong passwords). */
export function LoginLogList() {
  return (
    <ScreenList
      filters={filters}
      sort={{ field: 'loginTime', order: 'DESC' }}
      creatable={false}
      extraActions={
        <>
          <CallButton
            label="app.logininfor.clean"
            icon={<DeleteSweepIcon />}
            color="error"
            method="DELETE"
            url="/monitor/logininfor/clean"
            permission="monitor:logininfor:remove"
            confirmTitle="app.logininfor.clean_title"
            confirmContent="app.logininfor.clean_content"
            successMessage="app.logininfor.cleaned"
          />
        </>
      }
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="userName" label="app.logininfor.userName" />
        <DictField source="realm" label="app.logininfor.realm" choices={REALM} sortable={false} />
        <TextField source="ipaddr" label="app.logininfor.ipaddr" />
        <TextField source="loginLocation" label="app.logininfor.loginLocation" sortable={false} />
        <TextField source="browser" label="app.logininfor.browser" sortable={false} />
        <TextField source="os" label="app.logininfor.os" sortable={false} />
        <DictField source="status" label="app.logininfor.status" choices={COMMON_STATUS} />
        <TextField source="msg" label="app.logininfor.msg" sortable={false} />
        <DateTimeField source="loginTime" label="app.logininfor.loginTime" sortBy="loginTime" />
        <UnlockButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}
