import { ScreenList } from '../../../components/ScreenList';
import {
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  maxLength,
  RadioButtonGroupInput,
  required,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { NOTICE_STATUS_DICT, NOTICE_TYPE_DICT } from '../../../components/dicts';
import { useDict } from '../../../components/useDict';

/** 通知公告: paged list with filters, add, edit and delete. Types and states are the server's dictionaries. */
export function NoticeList() {
  const types = useDict(NOTICE_TYPE_DICT);
  const states = useDict(NOTICE_STATUS_DICT);
  const filters = [
    <TextInput key="noticeTitle" source="noticeTitle" label="app.notice.noticeTitle" alwaysOn />,
    <TextInput key="createBy" source="createBy" label="app.notice.createBy" alwaysOn />,
    <SelectInput key="noticeType" source="noticeType" label="app.notice.noticeType" choices={types} translateChoice={false} alwaysOn />,
  ];
  return (
    <ScreenList filters={filters} sort={{ field: 'noticeId', order: 'DESC' }} exportable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="noticeTitle" label="app.notice.noticeTitle" />
        <DictField source="noticeType" label="app.notice.noticeType" choices={types} translateChoice={false} sortable={false} />
        <DictField source="status" label="app.notice.status" choices={states} translateChoice={false} sortable={false} />
        <TextField source="createBy" label="app.notice.createBy" sortable={false} />
        <DateTimeField source="createTime" label="app.notice.createTime" />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}

function NoticeForm() {
  const types = useDict(NOTICE_TYPE_DICT);
  const states = useDict(NOTICE_STATUS_DICT);
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <TextInput source="noticeTitle" label="app.notice.noticeTitle" validate={[required(), maxLength(100)]} fullWidth />
      <SelectInput source="noticeType" label="app.notice.noticeType" choices={types} translateChoice={false} validate={required()} />
      <RadioButtonGroupInput source="status" label="app.notice.status" choices={states} translateChoice={false} defaultValue="0" />
      <TextInput source="noticeContent" label="app.notice.noticeContent" multiline minRows={6} fullWidth />
      <TextInput source="remark" label="app.notice.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function NoticeCreate() {
  return (
    <Create redirect="list">
      <NoticeForm />
    </Create>
  );
}

export function NoticeEdit() {
  return (
    <EditPage titleKey="app.edit_title.notice" nameSource="noticeTitle">
      <NoticeForm />
    </EditPage>
  );
}
