import CampaignIcon from '@mui/icons-material/Campaign';
import PublishIcon from '@mui/icons-material/Publish';
import { Link } from 'react-router';
import {
  Button,
  Create,
  Datagrid,
  EditButton,
  maxLength,
  regex,
  required,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  useCreatePath,
  useRecordContext,
} from 'react-admin';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { ScreenList } from '../../../components/ScreenList';
import { useHasPermission } from '../../../components/usePermission';
import { IdListDeleteButton } from '../publishpipe/IdListDeleteButton';
import { AD_RESOURCE, adSpaceBody, advertsOfSpace, SPACE_CODE, SPACE_PATH, SPACE_STATES } from './ad';
import { usePipeChoices } from './useAdSpaces';

const filters = [
  <TextInput key="name" source="name" label="app.adspace.name" alwaysOn />,
  <TextInput key="code" source="code" label="app.adspace.code" alwaysOn />,
  <SelectInput key="state" source="state" label="app.adspace.state" choices={SPACE_STATES} />,
];

/** Opens the advert screen filtered to the row's ad space. */
function AdvertsButton() {
  const record = useRecordContext();
  const createPath = useCreatePath();
  const allowed = useHasPermission('cms:ad:view');
  if (!record || !allowed) return null;
  return (
    <Button
      label="app.adspace.adverts"
      component={Link}
      to={advertsOfSpace(createPath({ resource: AD_RESOURCE, type: 'list' }), String(record.pageWidgetId))}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      <CampaignIcon />
    </Button>
  );
}

/** 广告 > 广告位: the current site's ad spaces (page widgets of type `ads`). */
export function AdSpaceList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'createTime', order: 'DESC' }} exportable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="name" label="app.adspace.name" />
        <TextField source="code" label="app.adspace.code" />
        <TextField source="publishPipeCode" label="app.adspace.pipe" sortable={false} />
        <TextField source="path" label="app.adspace.path" sortable={false} />
        <SelectField source="state" label="app.adspace.state" choices={SPACE_STATES} sortable={false} />
        <DateTimeField source="publishTime" label="app.adspace.publishTime" />
        <AdvertsButton />
        <EditButton />
        <CallButton
          label="app.adspace.publish"
          icon={<PublishIcon />}
          method="POST"
          url="/cms/adspace/publish"
          body={(r) => [String(r.pageWidgetId)]}
          permission="cms:adspace:publish"
          successMessage="app.adspace.published"
        />
        <IdListDeleteButton
          url="/cms/adspace"
          idField="pageWidgetId"
          permission="cms:adspace:remove"
          confirmTitle="app.adspace.delete_title"
          confirmContent="app.adspace.delete_confirm"
          nameField="name"
        />
      </Datagrid>
    </ScreenList>
  );
}

function AdSpaceForm() {
  const pipes = usePipeChoices();
  return (
    <EditForm>
      <TextInput source="name" label="app.adspace.name" validate={[required(), maxLength(100)]} fullWidth />
      <TextInput
        source="code"
        label="app.adspace.code"
        helperText="app.adspace.code_help"
        validate={[required(), regex(SPACE_CODE, 'app.adspace.code_help')]}
      />
      <SelectInput source="publishPipeCode" label="app.adspace.pipe" choices={pipes} validate={required()} />
      <TextInput
        source="path"
        label="app.adspace.path"
        helperText="app.adspace.path_help"
        defaultValue="include/ad/"
        validate={[required(), regex(SPACE_PATH, 'app.adspace.path_help')]}
        fullWidth
      />
      <TextInput source="template" label="app.adspace.template" helperText="app.adspace.template_help" validate={maxLength(255)} fullWidth />
      <TextInput source="remark" label="app.adspace.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function AdSpaceCreate() {
  return (
    <Create redirect="list" transform={(data: Record<string, unknown>) => adSpaceBody(data)}>
      <AdSpaceForm />
    </Create>
  );
}

export function AdSpaceEdit() {
  return (
    <EditPage titleKey="app.adspace.edit_title" nameSource="name" transform={(data: Record<string, unknown>) => adSpaceBody(data)}>
      <AdSpaceForm />
    </EditPage>
  );
}
