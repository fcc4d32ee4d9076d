import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { Link } from 'react-router';
import {
  Button,
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  FunctionField,
  maxLength,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  regex,
  required,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { ScreenList } from '../../../components/ScreenList';
import { useHasPermission } from '../../../components/usePermission';
import { IndexStatsPanel } from './IndexStatsPanel';
import { isBuiltInLibrary, LIBRARY_KIND, LIBRARY_STATUS, libraryDocumentsPath } from './library';

const filters = [
  <TextInput key="libraryName" source="libraryName" label="app.check_library.libraryName" alwaysOn />,
  <TextInput key="libraryCode" source="libraryCode" label="app.check_library.libraryCode" alwaysOn />,
  <SelectInput key="libraryKind" source="libraryKind" label="app.check_library.libraryKind" choices={LIBRARY_KIND} alwaysOn />,
  <SelectInput key="status" source="status" label="app.check_library.status" choices={LIBRARY_STATUS} />,
];

/** 文档: opens the library's documents page. */
function DocumentsButton() {
  const record = useRecordContext();
  const allowed = useHasPermission('check:document:list');
  if (!allowed || !record) return null;
  return (
    <Button component={Link} label="app.check_library.documents" to={libraryDocumentsPath(record.libraryId)} onClick={(e) => e.stopPropagation()}>
      <FolderOpenIcon />
    </Button>
  );
}

/** The built-in CMS and self libraries cannot be deleted (the server refuses). */
function LibraryDeleteButton() {
  const record = useRecordContext();
  return !record || isBuiltInLibrary(record) ? null : <DeleteButton mutationMode="pessimistic" />;
}

/** 比对库: the index statistics with the rebuild, then the libraries with their document figures. */
export function LibraryList() {
  const translate = useTranslate();
  return (
    <>
      <IndexStatsPanel />
      <ScreenList filters={filters} sort={{ field: 'sort', order: 'ASC' }}>
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="libraryName" label="app.check_library.libraryName" />
          <TextField source="libraryCode" label="app.check_library.libraryCode" />
          <DictField source="libraryKind" label="app.check_library.libraryKind" choices={LIBRARY_KIND} sortable={false} />
          <DictField source="status" label="app.check_library.status" choices={LIBRARY_STATUS} sortable={false} />
          <FunctionField
            label="app.check_library.documentCount"
            sortable={false}
            render={(r) =>
              `${r.indexedCount} / ${r.documentCount}` + (r.failedCount ? ` (${translate('app.check_library.failedCount')} ${r.failedCount})` : '')
            }
          />
          <NumberField source="charCount" label="app.check_library.charCount" sortable={false} />
          <NumberField source="sort" label="app.check_library.sort" />
          <DateTimeField source="createTime" label="app.check_library.createTime" />
          <DocumentsButton />
          <EditButton />
          <LibraryDeleteButton />
        </Datagrid>
      </ScreenList>
    </>
  );
}

function LibraryForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditForm deleteButton={<LibraryDeleteButton />}>
      <TextInput source="libraryName" label="app.check_library.libraryName" validate={[required(), maxLength(100)]} />
      {/* The code names the library for integrations: set once. */}
      <TextInput
        source="libraryCode"
        label="app.check_library.libraryCode"
        helperText="app.check_library.libraryCode_help"
        disabled={edit}
        validate={edit ? undefined : [required(), maxLength(64), regex(/^[A-Za-z0-9_]+$/, 'app.check_library.libraryCode_help')]}
      />
      <TextInput source="description" label="app.check_library.description" multiline validate={maxLength(500)} fullWidth />
      <NumberInput source="sort" label="app.check_library.sort" defaultValue={0} min={0} />
      <RadioButtonGroupInput source="status" label="app.check_library.status" choices={LIBRARY_STATUS} defaultValue="0" />
      <TextInput source="remark" label="app.check_library.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function LibraryCreate() {
  return (
    <Create redirect="list">
      <LibraryForm />
    </Create>
  );
}

export function LibraryEdit() {
  return (
    <EditPage titleKey="app.edit_title.check_library" nameSource="libraryName">
      <LibraryForm edit />
    </EditPage>
  );
}
