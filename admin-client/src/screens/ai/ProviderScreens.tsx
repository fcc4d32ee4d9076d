import { Alert } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  BooleanInput,
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  FunctionField,
  NumberField,
  NumberInput,
  PasswordInput,
  RadioButtonGroupInput,
  TextField,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  regex,
  required,
  useTranslate,
} from 'react-admin';
import { CallButton } from '../../components/CallButton';
import { DateTimeField } from '../../components/DateTimeField';
import { EditForm } from '../../components/EditForm';
import { EditPage } from '../../components/EditPage';
import { ScreenList } from '../../components/ScreenList';
import { StatusSwitch } from '../../components/StatusSwitch';
import { httpClient } from '../../providers/httpClient';

const STATUS = [
  { id: '0', name: 'app.ai_provider.status_0' },
  { id: '1', name: 'app.ai_provider.status_1' },
];
/** http(s), no user or password, no query (the server checks the same). */
const BASE_URL = /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/;

export interface ProviderSummary {
  enabled: number;
  env: { baseUrl: string; model: string } | null;
}

/** Whether the site has an AI provider (back office or LLM_BASE_URL); undefined while loading. */
export function useProviderSummary(): ProviderSummary | undefined {
  const [summary, setSummary] = useState<ProviderSummary>();
  useEffect(() => {
    httpClient.get<ProviderSummary>('/ai/provider/summary').then(
      (r) => setSummary(r.data),
      () => undefined,
    );
  }, []);
  return summary;
}

function ProviderNotice() {
  const translate = useTranslate();
  const summary = useProviderSummary();
  if (!summary) return null;
  if (summary.env)
    return (
      <Alert severity="info" sx={{ mb: 1 }}>
        {translate('app.ai_provider.env_active', summary.env)}
      </Alert>
    );
  if (!summary.enabled)
    return (
      <Alert severity="warning" sx={{ mb: 1 }}>
        {translate('app.ai_provider.none')}
      </Alert>
    );
  return null;
}

/** AI服务商: OpenAI-compatible chat completions servers, tried by priority with failover. Keys are write-only. */
export function ProviderList() {
  return (
    <>
      <ProviderNotice />
      <ScreenList sort={{ field: 'priority', order: 'ASC' }} exportable={false}>
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="providerName" label="app.ai_provider.providerName" />
          <TextField source="baseUrl" label="app.ai_provider.baseUrl" sortable={false} />
          <TextField source="model" label="app.ai_provider.model" sortable={false} />
          <NumberField source="priority" label="app.ai_provider.priority" />
          <NumberField source="concurrency" label="app.ai_provider.concurrency" sortable={false} />
          <FunctionField label="app.ai_provider.apiKey" render={(r) => (r.apiKeySet ? '••••••' : '—')} />
          <FunctionField
            label="app.ai_provider.status"
            render={() => <StatusSwitch url="/ai/provider/changeStatus" idField="providerId" permission="ai:provider:edit" />}
          />
          <DateTimeField source="updateTime" label="app.ai_provider.updateTime" />
          <CallButton label="app.ai_provider.test" method="POST" url={(r) => `/ai/provider/${r.providerId}/test`} permission="ai:provider:test" />
          <EditButton />
          <DeleteButton mutationMode="pessimistic" />
        </Datagrid>
      </ScreenList>
    </>
  );
}

function ProviderForm({ create }: { create?: boolean }) {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <TextInput source="providerName" label="app.ai_provider.providerName" validate={[required(), maxLength(50)]} />
      <TextInput
        source="baseUrl"
        label="app.ai_provider.baseUrl"
        fullWidth
        validate={[required(), maxLength(500), regex(BASE_URL, 'app.ai_provider.baseUrl_format')]}
        helperText="app.ai_provider.baseUrl_help"
      />
      <PasswordInput
        source="apiKey"
        label="app.ai_provider.apiKey"
        autoComplete="new-password"
        validate={maxLength(500)}
        helperText={create ? false : 'app.ai_provider.apiKey_keep'}
      />
      {create ? null : <BooleanInput source="clearApiKey" label="app.ai_provider.clearApiKey" />}
      <TextInput source="model" label="app.ai_provider.model" validate={[required(), maxLength(200)]} />
      <NumberInput source="maxTokens" label="app.ai_provider.maxTokens" defaultValue={4096} validate={[required(), minValue(1)]} />
      <NumberInput
        source="temperature"
        label="app.ai_provider.temperature"
        defaultValue={0.7}
        step={0.1}
        validate={[required(), minValue(0), maxValue(2)]}
      />
      <NumberInput
        source="timeoutMs"
        label="app.ai_provider.timeoutMs"
        defaultValue={60000}
        validate={[required(), minValue(1000), maxValue(600000)]}
      />
      <NumberInput source="concurrency" label="app.ai_provider.concurrency" defaultValue={8} validate={[required(), minValue(1), maxValue(1000)]} />
      <NumberInput
        source="priority"
        label="app.ai_provider.priority"
        defaultValue={0}
        helperText="app.ai_provider.priority_help"
        validate={required()}
      />
      <RadioButtonGroupInput source="status" label="app.ai_provider.status" choices={STATUS} defaultValue="0" />
      <TextInput source="remark" label="app.ai_provider.remark" multiline fullWidth validate={maxLength(500)} />
    </EditForm>
  );
}

export function ProviderCreate() {
  return (
    <Create redirect="list">
      <ProviderForm create />
    </Create>
  );
}

export function ProviderEdit() {
  return (
    <EditPage titleKey="app.ai_provider.edit_title" nameSource="providerName">
      <ProviderForm />
    </EditPage>
  );
}
