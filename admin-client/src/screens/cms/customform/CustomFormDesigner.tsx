import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import type { XModelValidation } from '@zhiwen/shared';
import { useEffect, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { httpClient } from '../../../providers/httpClient';
import { move, OPTION_CONTROLS, type CustomForm, type FormField } from './customform';

interface Kind {
  value: string;
  label: string;
}

interface Draft {
  fieldId?: string;
  name: string;
  code: string;
  controlType: string;
  defaultValue: string;
  required: boolean;
  /** Where the options come from: a literal list, or a dictionary type's items. */
  optionSource: 'text' | 'dict';
  /** Options as lines `value=label` (or just `value`). */
  options: string;
  dictType: string;
  /** Validation kinds chosen (besides required). */
  rules: string[];
  regex: string;
}

const EMPTY: Draft = {
  name: '',
  code: '',
  controlType: 'input',
  defaultValue: '',
  required: false,
  optionSource: 'text',
  options: '',
  dictType: '',
  rules: [],
  regex: '',
};

function draftOf(f: FormField): Draft {
  return {
    fieldId: f.fieldId,
    name: f.name,
    code: f.code,
    controlType: f.controlType,
    defaultValue: f.defaultValue,
    required: f.required,
    optionSource: f.options.type === 'dict' ? 'dict' : 'text',
    dictType: f.options.dictType ?? '',
    options: (f.options.items ?? []).map((o) => (o.label && o.label !== o.value ? `${o.value}=${o.label}` : o.value)).join('\n'),
    rules: f.validations.filter((v) => v.type !== 'notEmpty').map((v) => v.type),
    regex: f.validations.find((v) => v.type === 'regex')?.regex ?? '',
  };
}

function bodyOf(form: CustomForm, d: Draft): Record<string, unknown> {
  const items = d.options
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      return at > 0 ? { value: line.slice(0, at).trim(), label: line.slice(at + 1).trim() } : { value: line, label: line };
    });
  const validations: XModelValidation[] = d.rules.map((type) => (type === 'regex' ? { type, regex: d.regex } : { type })) as XModelValidation[];
  return {
    ...(d.fieldId ? { fieldId: d.fieldId } : {}),
    modelId: String(form.modelId),
    name: d.name.trim(),
    code: d.code.trim(),
    controlType: d.controlType,
    defaultValue: d.defaultValue,
    required: d.required,
    options: !OPTION_CONTROLS.includes(d.controlType)
      ? { type: 'none' }
      : d.optionSource === 'dict'
        ? { type: 'dict', dictType: d.dictType.trim() }
        : { type: 'text', items },
    validations,
  };
}

/** The add/edit form of one field. */
function FieldEditor({
  form,
  draft,
  kinds,
  onSaved,
  onCancel,
}: {
  form: CustomForm;
  draft: Draft;
  kinds: { controls: Kind[]; validations: Kind[] };
  onSaved: () => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const [d, setD] = useState<Draft>(draft);
  const { run, busy } = useApiCall({ refresh: false });
  useEffect(() => setD(draft), [draft]);
  const set = (patch: Partial<Draft>) => setD((old) => ({ ...old, ...patch }));
  const save = async () => {
    const body = bodyOf(form, d);
    const ok = await run(() => (d.fieldId ? httpClient.put('/cms/customform/field', body) : httpClient.post('/cms/customform/field', body)));
    if (ok) onSaved();
  };
  const toggleRule = (type: string) => set({ rules: d.rules.includes(type) ? d.rules.filter((r) => r !== type) : [...d.rules, type] });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="customform-field-editor">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate(d.fieldId ? 'app.customform.edit_field' : 'app.customform.add_field')}
      </Typography>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            label={translate('app.customform.field_name')}
            value={d.name}
            onChange={(e) => set({ name: e.target.value })}
            required
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            size="small"
            label={translate('app.customform.field_code')}
            value={d.code}
            onChange={(e) => set({ code: e.target.value })}
            required
            helperText={translate('app.customform.field_code_help')}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <TextField
            select
            size="small"
            label={translate('app.customform.field_kind')}
            value={d.controlType}
            onChange={(e) => set({ controlType: e.target.value })}
            sx={{ minWidth: 140 }}
          >
            {kinds.controls.map((k) => (
              <MenuItem key={k.value} value={k.value}>
                {k.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {OPTION_CONTROLS.includes(d.controlType) ? (
          <Box>
            <RadioGroup row value={d.optionSource} onChange={(e) => set({ optionSource: e.target.value as Draft['optionSource'] })}>
              <FormControlLabel value="text" control={<Radio size="small" />} label={translate('app.customform.options_text')} />
              <FormControlLabel value="dict" control={<Radio size="small" />} label={translate('app.customform.options_dict')} />
            </RadioGroup>
            {d.optionSource === 'dict' ? (
              <TextField
                size="small"
                label={translate('app.customform.field_dictType')}
                helperText={translate('app.customform.field_dictType_help')}
                value={d.dictType}
                onChange={(e) => set({ dictType: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            ) : (
              <TextField
                size="small"
                multiline
                minRows={3}
                label={translate('app.customform.field_options')}
                helperText={translate('app.customform.field_options_help')}
                value={d.options}
                onChange={(e) => set({ options: e.target.value })}
              />
            )}
          </Box>
        ) : null}
        <TextField
          size="small"
          label={translate('app.customform.field_default')}
          value={d.defaultValue}
          onChange={(e) => set({ defaultValue: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <FormControlLabel
          control={<Checkbox checked={d.required} onChange={(e) => set({ required: e.target.checked })} />}
          label={translate('app.customform.field_required')}
        />
        <Box>
          <FormLabel>{translate('app.customform.field_rules')}</FormLabel>
          <FormGroup row>
            {kinds.validations
              .filter((k) => k.value !== 'notEmpty')
              .map((k) => (
                <FormControlLabel
                  key={k.value}
                  control={<Checkbox size="small" checked={d.rules.includes(k.value)} onChange={() => toggleRule(k.value)} />}
                  label={k.label}
                />
              ))}
          </FormGroup>
          {d.rules.includes('regex') ? (
            <TextField
              size="small"
              label={translate('app.customform.field_regex')}
              value={d.regex}
              onChange={(e) => set({ regex: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              fullWidth
            />
          ) : null}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={busy || !d.name.trim() || !d.code.trim()} onClick={() => void save()}>
            {translate('ra.action.save')}
          </Button>
          <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** How a visitor sees the form (inputs by kind), without submitting. */
function Preview({ form, fields }: { form: CustomForm; fields: FormField[] }) {
  const translate = useTranslate();
  return (
    <Box component="form" onSubmit={(e) => e.preventDefault()} data-testid="customform-preview" sx={{ maxWidth: 560 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        {form.name}
      </Typography>
      {fields.map((f) => {
        const label = `${f.name}${f.required ? ' *' : ''}`;
        const items = f.optionItems ?? [];
        if (f.controlType === 'radio' || f.controlType === 'checkbox') {
          return (
            <Box key={f.fieldId} sx={{ mb: 2 }}>
              <FormLabel>{label}</FormLabel>
              {f.controlType === 'radio' ? (
                <RadioGroup row defaultValue={f.defaultValue}>
                  {items.map((o) => (
                    <FormControlLabel key={o.value} value={o.value} control={<Radio size="small" />} label={o.label} />
                  ))}
                </RadioGroup>
              ) : (
                <FormGroup row>
                  {items.map((o) => (
                    <FormControlLabel key={o.value} control={<Checkbox size="small" />} label={o.label} />
                  ))}
                </FormGroup>
              )}
            </Box>
          );
        }
        if (f.controlType === 'select') {
          return (
            <TextField key={f.fieldId} select size="small" fullWidth label={label} defaultValue={f.defaultValue} sx={{ mb: 2 }}>
              {items.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        const type = ({ date: 'date', time: 'time', datetime: 'datetime-local' } as Record<string, string>)[f.controlType] ?? 'text';
        return (
          <TextField
            key={f.fieldId}
            size="small"
            fullWidth
            label={label}
            type={type}
            multiline={f.controlType === 'textarea'}
            minRows={f.controlType === 'textarea' ? 3 : undefined}
            defaultValue={f.defaultValue}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ mb: 2 }}
          />
        );
      })}
      {!fields.length ? <Typography color="text.secondary">{translate('app.customform.no_fields')}</Typography> : null}
      <Button variant="contained" type="submit" disabled>
        {translate('app.customform.submit')}
      </Button>
    </Box>
  );
}

/** 设计表单: the form's fields in order (add, edit, reorder by dragging or up/down, delete) and a preview. */
export function CustomFormDesigner({ form, editable, onClose }: { form: CustomForm; editable: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { data, reload } = useApiData<FormField[]>('/cms/customform/field', { formId: form.formId }, { notifyErrors: true });
  const { data: kinds } = useApiData<{ controls: Kind[]; validations: Kind[] }>('/cms/customform/field/kinds');
  const [fields, setFields] = useState<FormField[]>([]);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [tab, setTab] = useState<'fields' | 'preview'>('fields');
  const { run, busy } = useApiCall({ refresh: false });
  useEffect(() => setFields(data ?? []), [data]);
  const kindName = (value: string) => kinds?.controls.find((k) => k.value === value)?.label ?? value;
  const reorder = async (next: FormField[]) => {
    setFields(next);
    if (await run(() => httpClient.put('/cms/customform/field/sort', { formId: form.formId, fieldIds: next.map((f) => f.fieldId) }))) reload();
    else reload();
  };
  const [removing, setRemoving] = useState<FormField | null>(null);
  const remove = async () => {
    if (!removing) return;
    const f = removing;
    const ok = await run(() =>
      httpClient.request('/cms/customform/field', { method: 'DELETE', data: { formId: form.formId, fieldIds: [f.fieldId] } }),
    );
    setRemoving(null);
    if (ok) reload();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="customform-designer-title">
      <DialogTitle id="customform-designer-title">{translate('app.customform.designer_title', { name: form.name })}</DialogTitle>
      <DialogContent>
        <Tabs value={tab} onChange={(_, v: 'fields' | 'preview') => setTab(v)} sx={{ mb: 2 }}>
          <Tab value="fields" label={translate('app.customform.fields')} />
          <Tab value="preview" label={translate('app.customform.preview')} />
        </Tabs>
        {tab === 'preview' ? (
          <Preview form={form} fields={fields} />
        ) : (
          <>
            {fields.map((f, index) => (
              <Stack
                key={f.fieldId}
                direction="row"
                spacing={1}
                sx={{ mb: 1, alignItems: 'center', opacity: dragged === index ? 0.5 : 1, borderBottom: 1, borderColor: 'divider', pb: 0.5 }}
                draggable={editable}
                onDragStart={() => setDragged(index)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={() => {
                  if (dragged !== null && dragged !== index) void reorder(move(fields, dragged, index));
                  setDragged(null);
                }}
                data-testid="customform-field-row"
              >
                <DragIndicatorIcon fontSize="small" color="disabled" />
                <Typography sx={{ flex: 1 }}>
                  {f.name}
                  {f.required ? ' *' : ''}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    ({f.code})
                  </Typography>
                </Typography>
                <Typography variant="body2" sx={{ minWidth: 80 }}>
                  {kindName(f.controlType)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
                  {f.validations.map((v) => kinds?.validations.find((k) => k.value === v.type)?.label ?? v.type).join('、')}
                </Typography>
                {editable ? (
                  <>
                    <IconButton
                      size="small"
                      aria-label={translate('app.customform.move_up')}
                      disabled={busy || index === 0}
                      onClick={() => void reorder(move(fields, index, index - 1))}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={translate('app.customform.move_down')}
                      disabled={busy || index === fields.length - 1}
                      onClick={() => void reorder(move(fields, index, index + 1))}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={translate('ra.action.edit')} onClick={() => setEditing(draftOf(f))}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={translate('ra.action.delete')} disabled={busy} onClick={() => setRemoving(f)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </>
                ) : null}
              </Stack>
            ))}
            {!fields.length ? <Typography color="text.secondary">{translate('app.customform.no_fields')}</Typography> : null}
            {editable && kinds ? (
              editing ? (
                <Box sx={{ mt: 2 }}>
                  <FieldEditor
                    form={form}
                    draft={editing}
                    kinds={kinds}
                    onCancel={() => setEditing(null)}
                    onSaved={() => {
                      setEditing(null);
                      reload();
                    }}
                  />
                </Box>
              ) : (
                <Button sx={{ mt: 2 }} startIcon={<AddIcon />} onClick={() => setEditing({ ...EMPTY })}>
                  {translate('app.customform.add_field')}
                </Button>
              )
            ) : null}
          </>
        )}
        <Confirm
          isOpen={!!removing}
          loading={busy}
          title="app.customform.delete_field_title"
          content="app.customform.delete_field_confirm"
          translateOptions={{ name: removing?.name ?? '' }}
          onConfirm={() => void remove()}
          onClose={() => setRemoving(null)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
