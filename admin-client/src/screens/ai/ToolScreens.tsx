import { Alert, Box, Button, Card, CardContent, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Datagrid,
  EditButton,
  FormDataConsumer,
  FunctionField,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  SimpleFormIterator,
  TextField,
  TextInput,
  maxLength,
  minValue,
  regex,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { aiTemplateValues, parsePromptTemplate, renderPromptTemplate, type AiToolField } from '@zhiwen/shared';
import { EditForm } from '../../components/EditForm';
import { EditPage } from '../../components/EditPage';
import { ScreenList } from '../../components/ScreenList';
import { StatusSwitch } from '../../components/StatusSwitch';
import { useApiCall } from '../../components/useApiCall';
import { useHasPermission } from '../../components/usePermission';
import { httpClient } from '../../providers/httpClient';
import { useProviderSummary } from './ProviderScreens';

const STATUS = [
  { id: '0', name: 'app.ai_tool.status_0' },
  { id: '1', name: 'app.ai_tool.status_1' },
];
const FIELD_TYPES = [
  { id: 'text', name: 'app.ai_tool.type_text' },
  { id: 'textarea', name: 'app.ai_tool.type_textarea' },
  { id: 'select', name: 'app.ai_tool.type_select' },
];

const filters = [
  <TextInput key="toolName" source="toolName" label="app.ai_tool.toolName" alwaysOn />,
  <TextInput key="category" source="category" label="app.ai_tool.category" />,
  <SelectInput key="status" source="status" label="app.ai_tool.status" choices={STATUS} />,
];

/** Staff are told when no provider can run the tools, and where to add one. */
function NoProviderNotice() {
  const translate = useTranslate();
  const summary = useProviderSummary();
  if (!summary || summary.enabled > 0 || summary.env) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }}>
      {translate('app.ai_tool.no_provider')}
    </Alert>
  );
}

/** AI写作页面: the writing tools of the site (one per route); edit, enable, sort, levels and quotas. */
export function ToolList() {
  return (
    <>
      <NoProviderNotice />
      <ScreenList filters={filters} sort={{ field: 'sort', order: 'ASC' }} creatable={false} exportable={false}>
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <NumberField source="sort" label="app.ai_tool.sort" />
          <TextField source="toolName" label="app.ai_tool.toolName" />
          <FunctionField source="slug" label="app.ai_tool.slug" render={(r) => `/${r.slug}`} />
          <TextField source="category" label="app.ai_tool.category" sortable={false} />
          <FunctionField
            label="app.ai_tool.memberLevels"
            render={(r) => ((r.memberLevels as number[]).length ? (r.memberLevels as number[]).join(', ') : '—')}
          />
          <NumberField source="dailyQuota" label="app.ai_tool.dailyQuota" />
          <FunctionField
            label="app.ai_tool.status"
            render={() => <StatusSwitch url="/ai/tool/changeStatus" idField="toolId" permission="ai:tool:changeStatus" />}
          />
          <EditButton />
        </Datagrid>
      </ScreenList>
    </>
  );
}

/** The prompt as the template renders it with sample values (locally), and the provider's answer (server). */
function PreviewPanel({ fields, template }: { fields: AiToolField[]; template: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const canTest = useHasPermission('ai:tool:test');
  const [values, setValues] = useState<Record<string, string>>({});
  const [output, setOutput] = useState('');
  const { run, busy } = useApiCall();
  let prompt = '';
  let problem = '';
  try {
    parsePromptTemplate(template);
    prompt = renderPromptTemplate(template, aiTemplateValues(fields, values));
  } catch (error) {
    problem = (error as Error).message;
  }
  const preview = () =>
    run(async () => {
      setOutput('');
      const result = await httpClient.post<{ output: string; providerName: string; latencyMs: number }>('/ai/tool/preview', {
        toolId: record?.toolId,
        fields: values,
        promptTemplate: template,
        toolFields: fields,
      });
      setOutput(result.data?.output ?? '');
      return result;
    });
  return (
    <Card variant="outlined" sx={{ width: '100%', mt: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3">
          {translate('app.ai_tool.preview')}
        </Typography>
        <Stack spacing={1} sx={{ mt: 1 }}>
          {fields
            .filter((f) => f?.name)
            .map((f) => (
              <MuiTextField
                key={f.name}
                size="small"
                label={f.label || f.name}
                value={values[f.name] ?? ''}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                placeholder={f.type === 'select' ? (f.options ?? []).map((o) => o.value).join(' / ') : f.placeholder}
              />
            ))}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          <Typography variant="caption">{translate('app.ai_tool.preview_prompt')}</Typography>
          <Box component="pre" data-testid="prompt-preview" sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1, m: 0, fontSize: 13 }}>
            {prompt}
          </Box>
          {canTest ? (
            <Box>
              <Button variant="outlined" onClick={() => void preview()} disabled={busy || !!problem}>
                {translate('app.ai_tool.preview_run')}
              </Button>
            </Box>
          ) : null}
          {output ? (
            <>
              <Typography variant="caption">{translate('app.ai_tool.preview_output')}</Typography>
              <Box component="pre" data-testid="output-preview" sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1, m: 0, fontSize: 13 }}>
                {output}
              </Box>
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

function ToolForm() {
  return (
    <EditForm>
      <TextInput source="slug" label="app.ai_tool.slug" disabled />
      <TextInput source="toolName" label="app.ai_tool.toolName" validate={[required(), maxLength(50)]} />
      <TextInput source="category" label="app.ai_tool.category" validate={maxLength(50)} />
      <TextInput source="description" label="app.ai_tool.description" multiline fullWidth validate={maxLength(500)} />
      <RadioButtonGroupInput source="status" label="app.ai_tool.status" choices={STATUS} />
      <NumberInput source="sort" label="app.ai_tool.sort" validate={[required(), minValue(0)]} />
      <ArrayInput source="memberLevels" label="app.ai_tool.memberLevels" helperText="app.ai_tool.memberLevels_help">
        <SimpleFormIterator inline disableReordering>
          <NumberInput source="" label="app.ai_tool.level" validate={[required(), minValue(0)]} />
        </SimpleFormIterator>
      </ArrayInput>
      <NumberInput source="dailyQuota" label="app.ai_tool.dailyQuota" helperText="app.ai_tool.dailyQuota_help" validate={[required(), minValue(0)]} />
      <ArrayInput source="levelQuotas" label="app.ai_tool.levelQuotas">
        <SimpleFormIterator inline disableReordering>
          <NumberInput source="level" label="app.ai_tool.level" validate={[required(), minValue(0)]} />
          <NumberInput source="quota" label="app.ai_tool.quota" validate={[required(), minValue(0)]} />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="fields" label="app.ai_tool.fields">
        <SimpleFormIterator inline>
          <TextInput
            source="name"
            label="app.ai_tool.field_name"
            validate={[required(), regex(/^[A-Za-z][A-Za-z0-9_]{0,29}$/, 'app.ai_tool.field_name_format')]}
          />
          <TextInput source="label" label="app.ai_tool.field_label" validate={[required(), maxLength(30)]} />
          <SelectInput source="type" label="app.ai_tool.field_type" choices={FIELD_TYPES} validate={required()} />
          <BooleanInput source="required" label="app.ai_tool.field_required" defaultValue={false} />
          <NumberInput source="minLength" label="app.ai_tool.field_minLength" validate={minValue(0)} />
          <NumberInput source="maxLength" label="app.ai_tool.field_maxLength" validate={minValue(1)} helperText="app.ai_tool.field_maxLength_help" />
          <TextInput source="placeholder" label="app.ai_tool.field_placeholder" validate={maxLength(100)} />
          <TextInput source="defaultValue" label="app.ai_tool.field_defaultValue" validate={maxLength(50)} />
          <ArrayInput source="options" label="app.ai_tool.field_options">
            <SimpleFormIterator inline disableReordering>
              <TextInput source="value" label="app.ai_tool.option_value" validate={[required(), maxLength(50)]} />
              <TextInput source="label" label="app.ai_tool.option_label" validate={[required(), maxLength(50)]} />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput
        source="promptTemplate"
        label="app.ai_tool.promptTemplate"
        helperText="app.ai_tool.promptTemplate_help"
        multiline
        fullWidth
        minRows={6}
        validate={[required(), maxLength(20000)]}
      />
      <FormDataConsumer>
        {({ formData }) => <PreviewPanel fields={(formData.fields ?? []).filter(Boolean)} template={formData.promptTemplate ?? ''} />}
      </FormDataConsumer>
    </EditForm>
  );
}

export function ToolEdit() {
  return (
    <EditPage titleKey="app.ai_tool.edit_title" nameSource="toolName">
      <ToolForm />
    </EditPage>
  );
}
