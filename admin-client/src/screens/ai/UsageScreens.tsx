import { Datagrid, DateInput, NumberField, SelectInput, TextField, TextInput } from 'react-admin';
import { DateTimeField } from '../../components/DateTimeField';
import { DictField } from '../../components/DictField';
import { ScreenList } from '../../components/ScreenList';

const STATUS = [
  { id: 'success', name: 'app.ai_usage.status_success' },
  { id: 'failed', name: 'app.ai_usage.status_failed' },
  { id: 'cancelled', name: 'app.ai_usage.status_cancelled' },
];

const filters = [
  <TextInput key="memberName" source="memberName" label="app.ai_usage.memberName" alwaysOn />,
  <TextInput key="toolSlug" source="toolSlug" label="app.ai_usage.toolSlug" alwaysOn />,
  <TextInput key="providerName" source="providerName" label="app.ai_usage.providerName" />,
  <SelectInput key="status" source="status" label="app.ai_usage.status" choices={STATUS} />,
  <DateInput key="beginTime" source="beginTime" label="app.ai_usage.beginTime" />,
  <DateInput key="endTime" source="endTime" label="app.ai_usage.endTime" />,
];

/** 使用记录: every upstream LLM call (failed failover attempts included), with tokens and latency; Excel export. */
export function UsageList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'createTime', order: 'DESC' }} creatable={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <DateTimeField source="createTime" label="app.ai_usage.createTime" />
        <TextField source="memberName" label="app.ai_usage.memberName" sortable={false} />
        <TextField source="toolSlug" label="app.ai_usage.toolSlug" sortable={false} />
        <TextField source="providerName" label="app.ai_usage.providerName" sortable={false} />
        <TextField source="model" label="app.ai_usage.model" sortable={false} />
        <NumberField source="promptTokens" label="app.ai_usage.promptTokens" />
        <NumberField source="completionTokens" label="app.ai_usage.completionTokens" />
        <NumberField source="firstTokenMs" label="app.ai_usage.firstTokenMs" sortable={false} />
        <NumberField source="latencyMs" label="app.ai_usage.latencyMs" />
        <DictField source="status" label="app.ai_usage.status" choices={STATUS} sortable={false} />
        <TextField source="errorMsg" label="app.ai_usage.errorMsg" sortable={false} />
        <TextField source="ipaddr" label="app.ai_usage.ipaddr" sortable={false} />
      </Datagrid>
    </ScreenList>
  );
}
