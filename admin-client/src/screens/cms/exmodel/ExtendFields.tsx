import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import type { XModelValue } from '@zhiwen/shared';
import { useApiData } from '../../../components/useApiData';
import type { ExtendRecord, FieldRow } from './exmodel';

/**
 * The extension model fields of a site, catalog or content editor (cms/exmodel): asks the server which model is bound
 * to the record (`dataId` 0 = a new one, `parentId` its site or catalog), renders an input per control kind and reports
 * the values with `onChange`; the owner's save sends them as `extend`, and the server checks them by kind.
 */
export function ExtendFields({
  dataType,
  dataId,
  parentId,
  onChange,
}: {
  dataType: 'site' | 'catalog' | 'content';
  dataId: string;
  parentId?: string;
  /** The values when loaded (`edited` false) and after each change by the user (`edited` true). */
  onChange: (values: Record<string, XModelValue> | undefined, edited: boolean) => void;
}) {
  const translate = useTranslate();
  const record = useApiData<ExtendRecord>('/cms/exmodel/data', { dataType, dataId: dataId || '0', parentId: parentId || undefined });
  const [values, setValues] = useState<Record<string, XModelValue>>({});
  useEffect(() => {
    if (!record.data) return;
    setValues(record.data.values);
    onChange(record.data.modelId ? record.data.values : undefined, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.data]);
  const data = record.data;
  if (!data?.modelId || !data.fields.length) return null;
  const set = (code: string, value: XModelValue) => {
    const next = { ...values, [code]: value };
    setValues(next);
    onChange(next, true);
  };
  return (
    <Box sx={{ mt: 2, width: '100%' }} data-testid="extend-fields">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('app.exmodel.extend_section', { name: data.modelName })}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, maxWidth: 640 }}>
        {data.fields.map((f) => (
          <ExtendInput key={f.fieldId} field={f} value={values[f.code]} onChange={(v) => set(f.code, v)} />
        ))}
      </Box>
    </Box>
  );
}

const isRequired = (f: FieldRow) => f.required || f.validations.some((v) => v.type === 'notEmpty');

/** One field's input by its control kind. */
function ExtendInput({ field, value, onChange }: { field: FieldRow; value: XModelValue | undefined; onChange: (v: XModelValue) => void }) {
  const items = field.optionItems ?? [];
  const text = Array.isArray(value) ? value.join(',') : value === undefined || value === null ? '' : String(value);
  const label = field.name;
  const required = isRequired(field);
  const inputName = `extend.${field.code}`;
  switch (field.controlType) {
    case 'radio':
      return (
        <FormControl required={required}>
          <FormLabel>{label}</FormLabel>
          <RadioGroup row name={inputName} value={text} onChange={(e) => onChange(e.target.value)}>
            {items.map((o) => (
              <FormControlLabel key={o.value} value={o.value} control={<Radio size="small" />} label={o.label} />
            ))}
          </RadioGroup>
          {field.remark ? <FormHelperText>{field.remark}</FormHelperText> : null}
        </FormControl>
      );
    case 'checkbox': {
      const chosen = Array.isArray(value) ? value : text ? text.split(',') : [];
      return (
        <FormControl required={required}>
          <FormLabel>{label}</FormLabel>
          <FormGroup row>
            {items.map((o) => (
              <FormControlLabel
                key={o.value}
                label={o.label}
                control={
                  <Checkbox
                    size="small"
                    name={inputName}
                    checked={chosen.includes(o.value)}
                    onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))}
                  />
                }
              />
            ))}
          </FormGroup>
          {field.remark ? <FormHelperText>{field.remark}</FormHelperText> : null}
        </FormControl>
      );
    }
    case 'select':
      return (
        <TextField
          select
          size="small"
          label={label}
          name={inputName}
          required={required}
          value={text}
          helperText={field.remark || undefined}
          onChange={(e) => onChange(e.target.value)}
        >
          <MenuItem value="">&nbsp;</MenuItem>
          {items.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'date':
    case 'time':
    case 'datetime': {
      const type = field.controlType === 'datetime' ? 'datetime-local' : field.controlType;
      // The server answers 'YYYY-MM-DD HH:mm:ss'; the browser's input wants a T.
      const shown = field.controlType === 'datetime' ? text.replace(' ', 'T') : text;
      return (
        <TextField
          size="small"
          type={type}
          label={label}
          name={inputName}
          required={required}
          value={shown}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: field.controlType === 'date' ? undefined : 1 } }}
          helperText={field.remark || undefined}
          onChange={(e) => onChange(field.controlType === 'datetime' ? e.target.value.replace('T', ' ') : e.target.value)}
        />
      );
    }
    default:
      return (
        <TextField
          size="small"
          label={label}
          name={inputName}
          required={required}
          value={text}
          multiline={field.controlType === 'textarea'}
          minRows={field.controlType === 'textarea' ? 3 : undefined}
          helperText={field.remark || (field.controlType === 'image' || field.controlType === 'file' ? 'URL' : undefined)}
          onChange={(e) => onChange(e.target.value)}
          fullWidth
        />
      );
  }
}

/**
 * ExtendFields inside a react-admin form: the values the user changes become the form's `extend` (so Save is enabled
 * and the save sends them); a save without changes sends none and the server keeps what it stored.
 */
export function ExtendFormInput({ dataType, dataId }: { dataType: 'site' | 'catalog'; dataId: string }) {
  const { field } = useInput({ source: 'extend' });
  return <ExtendFields dataType={dataType} dataId={dataId} onChange={(values, edited) => edited && field.onChange(values)} />;
}
