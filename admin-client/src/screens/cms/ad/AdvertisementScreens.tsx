import { Chip, Switch } from '@mui/material';
import {
  Create,
  Datagrid,
  DateTimeInput,
  EditButton,
  FormDataConsumer,
  FunctionField,
  maxLength,
  maxValue,
  minValue,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  required,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { ScreenList } from '../../../components/ScreenList';
import { useApiCall } from '../../../components/useApiCall';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { IdListDeleteButton } from '../publishpipe/IdListDeleteButton';
import { PickIntoInputButton } from '../resource/MaterialPicker';
import { AD_STATUS, AD_TYPES, advertBody, LINK_TARGETS } from './ad';
import { useAdSpaceChoices } from './useAdSpaces';

function RawCodeChip() {
  const record = useRecordContext();
  const translate = useTranslate();
  return record?.rawCode ? <Chip size="small" color="warning" label={translate('app.ad.raw')} /> : null;
}

/** 广告 > 广告管理: the current site's adverts, by ad space. */
export function AdvertisementList() {
  const spaces = useAdSpaceChoices();
  const filters = [
    <SelectInput key="adSpaceId" source="adSpaceId" label="app.ad.space" choices={spaces} alwaysOn />,
    <TextInput key="name" source="name" label="app.ad.name" alwaysOn />,
    <SelectInput key="type" source="type" label="app.ad.type" choices={AD_TYPES} />,
    <SelectInput key="status" source="status" label="app.ad.status" choices={AD_STATUS} />,
  ];
  return (
    <ScreenList filters={filters} sort={{ field: 'createTime', order: 'DESC' }} exportable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="name" label="app.ad.name" />
        <SelectField source="adSpaceId" label="app.ad.space" choices={spaces} sortable={false} />
        <SelectField source="type" label="app.ad.type" choices={AD_TYPES} sortable={false} />
        <NumberField source="weight" label="app.ad.weight" />
        <FunctionField label="app.ad.status" render={() => <AdStatusToggle />} />
        <DateTimeField source="onlineDate" label="app.ad.onlineDate" />
        <DateTimeField source="offlineDate" label="app.ad.offlineDate" />
        <FunctionField label="app.ad.raw" render={() => <RawCodeChip />} />
        <EditButton />
        <IdListDeleteButton
          url="/cms/advertisement"
          idField="advertisementId"
          permission="cms:ad:remove"
          confirmTitle="app.ad.delete_title"
          confirmContent="app.ad.delete_confirm"
          nameField="name"
        />
      </Datagrid>
    </ScreenList>
  );
}

/** The enabled switch of a row: ChestnutCMS's `PUT /cms/advertisement/enable|disable` take id lists. */
function AdStatusToggle() {
  const record = useRecordContext();
  const allowed = useHasPermission('cms:ad:changeStatus');
  const { run, busy } = useApiCall();
  if (!record) return null;
  const onChange = (checked: boolean) =>
    run(() => httpClient.put(`/cms/advertisement/${checked ? 'enable' : 'disable'}`, [String(record.advertisementId)]));
  return (
    <Switch
      size="small"
      checked={record.status === '0'}
      disabled={!allowed || busy}
      slotProps={{ input: { 'aria-label': String(record.name ?? '') } }}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => void onChange(e.target.checked)}
    />
  );
}

const offlineAfterOnline = (value: unknown, values: Record<string, unknown>) =>
  value && values.onlineDate && new Date(String(value)) <= new Date(String(values.onlineDate)) ? 'app.ad.offline_after_online' : undefined;
const httpUrl = (value: unknown) => (value && !/^https?:\/\/\S+$/i.test(String(value)) ? 'app.ad.url_help' : undefined);

function AdvertisementForm({ isNew }: { isNew: boolean }) {
  const spaces = useAdSpaceChoices();
  const canRaw = useHasPermission('cms:ad:rawcode');
  return (
    <EditForm>
      <SelectInput source="adSpaceId" label="app.ad.space" choices={spaces} validate={required()} disabled={!isNew} />
      <TextInput source="name" label="app.ad.name" validate={[required(), maxLength(100)]} fullWidth />
      <RadioButtonGroupInput source="type" label="app.ad.type" choices={AD_TYPES} defaultValue="image" />
      <NumberInput
        source="weight"
        label="app.ad.weight"
        helperText="app.ad.weight_help"
        defaultValue={100}
        min={1}
        max={10000}
        validate={[required(), minValue(1), maxValue(10000)]}
      />
      <RadioButtonGroupInput source="status" label="app.ad.status" choices={AD_STATUS} defaultValue="0" />
      <DateTimeInput source="onlineDate" label="app.ad.onlineDate" helperText="app.ad.onlineDate_help" />
      <DateTimeInput source="offlineDate" label="app.ad.offlineDate" helperText="app.ad.offlineDate_help" validate={offlineAfterOnline} />
      <FormDataConsumer>
        {({ formData }) => {
          const type = String(formData.type ?? 'image');
          return (
            <>
              {type === 'image' ? (
                <>
                  <TextInput source="resourcePath" label="app.ad.image" validate={[required(), maxLength(500)]} fullWidth />
                  <PickIntoInputButton source="resourcePath" />
                </>
              ) : null}
              {type === 'text' ? (
                <TextInput source="content" label="app.ad.text" validate={[required(), maxLength(20000)]} multiline fullWidth />
              ) : null}
              {type === 'code' ? (
                <TextInput
                  source="content"
                  label="app.ad.code"
                  helperText={canRaw ? 'app.ad.code_raw_help' : 'app.ad.code_help'}
                  validate={[required(), maxLength(20000)]}
                  multiline
                  minRows={4}
                  fullWidth
                />
              ) : null}
              {type !== 'code' ? (
                <>
                  <TextInput
                    source="redirectUrl"
                    label="app.ad.redirectUrl"
                    helperText="app.ad.url_help"
                    validate={[maxLength(1000), httpUrl]}
                    fullWidth
                  />
                  <RadioButtonGroupInput source="linkTarget" label="app.ad.linkTarget" choices={LINK_TARGETS} defaultValue="_blank" />
                </>
              ) : null}
            </>
          );
        }}
      </FormDataConsumer>
      <TextInput source="remark" label="app.ad.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function AdvertisementCreate() {
  return (
    <Create redirect="list" transform={(data: Record<string, unknown>) => advertBody(data)}>
      <AdvertisementForm isNew />
    </Create>
  );
}

export function AdvertisementEdit() {
  return (
    <EditPage titleKey="app.ad.edit_title" nameSource="name" transform={(data: Record<string, unknown>) => advertBody(data)}>
      <AdvertisementForm isNew={false} />
    </EditPage>
  );
}
