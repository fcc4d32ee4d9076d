import { ScreenList } from '../../../components/ScreenList';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Dialog, DialogContent, DialogTitle, Link as MuiLink, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  Button,
  Create,
  CreateBase,
  Datagrid,
  DeleteButton,
  EditBase,
  EditButton,
  FunctionField,
  maxLength,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  regex,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  type RaRecord,
  useCanAccess,
  useGetOne,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { LIST_CLASS, NORMAL_DISABLE, YES_NO } from '../../../components/dicts';

/** Resource of the entries of one type (not a menu screen: opened from the type list). */
export const DICT_DATA_RESOURCE = 'system/dict/data';

const typeFilters = [
  <TextInput key="dictName" source="dictName" label="app.dict_type.dictName" alwaysOn />,
  <TextInput key="dictType" source="dictType" label="app.dict_type.dictType" alwaysOn />,
  <SelectInput key="status" source="status" label="app.dict_type.status" choices={NORMAL_DISABLE} alwaysOn />,
];

/** Built-in types (isFixed = Y) cannot be deleted: no button for them. */
function TypeDeleteButton() {
  const record = useRecordContext();
  return !record || record.isFixed === 'Y' ? null : <DeleteButton mutationMode="pessimistic" />;
}

/** The type name links to its entries. */
const dataLink = (r: RaRecord) => `/system/dict-data/index/${r.dictId}`;

/** 字典管理: paged list of dictionary types; a type opens its entries. Add, edit, delete, export, 刷新缓存. */
export function DictTypeList() {
  return (
    <ScreenList
      filters={typeFilters}
      sort={{ field: 'dictId', order: 'ASC' }}
      extraActions={
        <>
          <CallButton
            label="app.dict_type.refresh_cache"
            icon={<RefreshIcon />}
            method="DELETE"
            url="/system/dict/type/refreshCache"
            permission="system:dict:remove"
            successMessage="app.dict_type.cache_refreshed"
          />
        </>
      }
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="dictName" label="app.dict_type.dictName" />
        <FunctionField
          label="app.dict_type.dictType"
          sortBy="dictType"
          render={(r: RaRecord) => (
            <MuiLink component={Link} to={dataLink(r)}>
              {r.dictType}
            </MuiLink>
          )}
        />
        <DictField source="isFixed" label="app.dict_type.isFixed" choices={YES_NO} sortable={false} />
        <DictField source="status" label="app.dict_type.status" choices={NORMAL_DISABLE} sortable={false} />
        <TextField source="remark" label="app.dict_type.remark" sortable={false} />
        <DateTimeField source="createTime" label="app.dict_type.createTime" />
        <EditButton />
        <TypeDeleteButton />
      </Datagrid>
    </ScreenList>
  );
}

function DictTypeForm() {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <TextInput source="dictName" label="app.dict_type.dictName" validate={[required(), maxLength(100)]} fullWidth />
      <TextInput
        source="dictType"
        label="app.dict_type.dictType"
        validate={[required(), maxLength(100), regex(/^[a-z][a-z0-9_]*$/, 'app.dict_type.dictType_format')]}
        fullWidth
      />
      <RadioButtonGroupInput source="status" label="app.dict_type.status" choices={NORMAL_DISABLE} defaultValue="0" />
      <TextInput source="remark" label="app.dict_type.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function DictTypeCreate() {
  return (
    <Create redirect="list">
      <DictTypeForm />
    </Create>
  );
}

export function DictTypeEdit() {
  return (
    <EditPage titleKey="app.edit_title.dict" nameSource="dictName">
      <DictTypeForm />
    </EditPage>
  );
}

function DictDataForm() {
  return (
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="dictLabel" label="app.dict_data.dictLabel" validate={[required(), maxLength(100)]} fullWidth />
      <TextInput source="dictValue" label="app.dict_data.dictValue" validate={[required(), maxLength(100)]} fullWidth />
      <NumberInput source="dictSort" label="app.dict_data.dictSort" defaultValue={0} />
      <SelectInput source="listClass" label="app.dict_data.listClass" choices={LIST_CLASS} defaultValue="default" />
      <TextInput source="cssClass" label="app.dict_data.cssClass" validate={maxLength(100)} />
      <RadioButtonGroupInput source="isDefault" label="app.dict_data.isDefault" choices={YES_NO} defaultValue="N" />
      <RadioButtonGroupInput source="status" label="app.dict_data.status" choices={NORMAL_DISABLE} defaultValue="0" />
      <TextInput source="remark" label="app.dict_data.remark" multiline validate={maxLength(500)} fullWidth />
    </SimpleForm>
  );
}

/** Add or edit one entry in a dialog over the entry list. */
function DataDialog({ dictType, id, onClose }: { dictType: string; id?: string | number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const done = (message: string) => () => {
    notify(message, { type: 'info', messageArgs: { smart_count: 1 } });
    refresh();
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(id === undefined ? 'app.dict_data.add' : 'app.dict_data.edit')}</DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        {id === undefined ? (
          <CreateBase
            resource={DICT_DATA_RESOURCE}
            record={{ dictType }}
            redirect={false}
            mutationOptions={{ onSuccess: done('ra.notification.created') }}
          >
            <DictDataForm />
          </CreateBase>
        ) : (
          <EditBase
            resource={DICT_DATA_RESOURCE}
            id={id}
            mutationMode="pessimistic"
            redirect={false}
            mutationOptions={{ onSuccess: done('ra.notification.updated') }}
          >
            <DictDataForm />
          </EditBase>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DataEditButton({ onEdit }: { onEdit: (id: string | number) => void }) {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: DICT_DATA_RESOURCE, action: 'edit' });
  if (!record || !canAccess) return null;
  return (
    <Button label="ra.action.edit" onClick={() => onEdit(record.id)}>
      <EditIcon />
    </Button>
  );
}

const dataFilters = [
  <TextInput key="dictLabel" source="dictLabel" label="app.dict_data.dictLabel" alwaysOn />,
  <SelectInput key="status" source="status" label="app.dict_data.status" choices={NORMAL_DISABLE} alwaysOn />,
];

/** 字典数据 (/system/dict-data/index/:dictId): the entries of one type, with add, edit and delete. */
export function DictDataPage() {
  const { dictId } = useParams();
  const translate = useTranslate();
  const { data: type } = useGetOne('system/dict', { id: dictId ?? '' }, { enabled: !!dictId });
  const { canAccess: canCreate } = useCanAccess({ resource: DICT_DATA_RESOURCE, action: 'create' });
  const [dialog, setDialog] = useState<{ id?: string | number } | null>(null);
  if (!type?.dictType) return null;
  return (
    <>
      <Typography variant="h6" sx={{ mt: 2 }}>
        <MuiLink component={Link} to="/system/dict">
          {translate('app.dict_data.back')}
        </MuiLink>
        {' / '}
        {type.dictName} ({type.dictType})
      </Typography>
      <ScreenList
        resource={DICT_DATA_RESOURCE}
        filter={{ dictType: type.dictType }}
        filters={dataFilters}
        disableSyncWithLocation
        storeKey={false}
        title={`${type.dictName}`}
        sort={{ field: 'dictSort', order: 'ASC' }}
        creatable={false}
        exportable={false}
        extraActions={
          <>
            {canCreate ? (
              <Button label="ra.action.create" onClick={() => setDialog({})}>
                <AddIcon />
              </Button>
            ) : null}
          </>
        }
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="dictLabel" label="app.dict_data.dictLabel" />
          <TextField source="dictValue" label="app.dict_data.dictValue" />
          <NumberField source="dictSort" label="app.dict_data.dictSort" />
          <DictField source="listClass" label="app.dict_data.listClass" choices={LIST_CLASS} sortable={false} />
          <DictField source="isDefault" label="app.dict_data.isDefault" choices={YES_NO} sortable={false} />
          <DictField source="status" label="app.dict_data.status" choices={NORMAL_DISABLE} sortable={false} />
          <DateTimeField source="createTime" label="app.dict_data.createTime" />
          <DataEditButton onEdit={(id) => setDialog({ id })} />
          <DeleteButton mutationMode="pessimistic" redirect={false} />
        </Datagrid>
      </ScreenList>
      {dialog ? <DataDialog dictType={type.dictType} id={dialog.id} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
