import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router';
import {
  XMODEL_CONTROL_TYPES,
  XMODEL_OPTION_CONTROLS,
  XMODEL_VALIDATION_TYPES,
  type XModelControlType,
  type XModelValidation,
  type XModelValidationType,
} from '@zhiwen/shared';
import { EmptyTableRow } from '../../../components/EmptyTableRow';
import { RowActions } from '../../../components/RowActions';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { ConfirmDialog } from '../../word/grouped/WordDialogs';
import { EXMODEL_KIND, XMODEL_CODE, XMODEL_KIND, type FieldRow, type ModelKind } from './exmodel';

interface FieldForm {
  name: string;
  code: string;
  controlType: XModelControlType;
  defaultValue: string;
  optionType: 'none' | 'text' | 'dict';
  dictType: string;
  /** One option a line: `value=label` (or just `value`). */
  items: string;
  rules: XModelValidationType[];
  regex: string;
  sortFlag: string;
  remark: string;
}

const EMPTY: FieldForm = {
  name: '',
  code: '',
  controlType: 'input',
  defaultValue: '',
  optionType: 'none',
  dictType: '',
  items: '',
  rules: [],
  regex: '',
  sortFlag: '',
  remark: '',
};

function formOf(f: FieldRow): FieldForm {
  return {
    name: f.name,
    code: f.code,
    controlType: f.controlType,
    defaultValue: f.defaultValue,
    optionType: f.options?.type ?? 'none',
    dictType: f.options?.dictType ?? '',
    items: (f.options?.items ?? []).map((i) => (i.label && i.label !== i.value ? `${i.value}=${i.label}` : i.value)).join('\n'),
    rules: [...new Set([...(f.required ? (['notEmpty'] as const) : []), ...f.validations.map((v) => v.type)])],
    regex: f.validations.find((v) => v.type === 'regex')?.regex ?? '',
    sortFlag: String(f.sortFlag),
    remark: f.remark,
  };
}

function bodyOf(modelId: string, v: FieldForm): Record<string, unknown> {
  const items = v.items
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      return at > 0 ? { value: line.slice(0, at).trim(), label: line.slice(at + 1).trim() } : { value: line, label: line };
    });
  const validations: XModelValidation[] = v.rules
    .filter((r) => r !== 'notEmpty')
    .map((type) => (type === 'regex' ? { type, regex: v.regex } : { type }));
  return {
    modelId,
    name: v.name.trim(),
    code: v.code.trim(),
    controlType: v.controlType,
    defaultValue: v.defaultValue,
    options:
      v.optionType === 'dict' ? { type: 'dict', dictType: v.dictType.trim() } : v.optionType === 'text' ? { type: 'text', items } : { type: 'none' },
    validations,
    required: v.rules.includes('notEmpty'),
    ...(v.sortFlag.trim() ? { sortFlag: Number(v.sortFlag) } : {}),
    remark: v.remark,
  };
}

/** The add/edit dialog of a field: label, code, control kind, options, default and validation rules. */
function FieldDialog({
  open,
  initial,
  editing,
  onClose,
  onSubmit,
}: {
  open: boolean;
  initial: FieldForm;
  editing: boolean;
  onClose: () => void;
  onSubmit: (v: FieldForm) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const [v, setV] = useState(initial);
  const [busy, setBusy] = useState(false);
  const key = JSON.stringify(initial);
  useEffect(() => {
    if (open) setV(JSON.parse(key) as FieldForm);
  }, [open, key]);
  const set = <K extends keyof FieldForm>(k: K, value: FieldForm[K]) => setV((old) => ({ ...old, [k]: value }));
  const needsOptions = XMODEL_OPTION_CONTROLS.includes(v.controlType);
  const codeBad = v.code !== '' && !XMODEL_CODE.test(v.code.trim());
  const submit = async () => {
    setBusy(true);
    try {
      if (await onSubmit(v)) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="xfield-dialog-title">
      <DialogTitle id="xfield-dialog-title">{translate(editing ? 'app.exmodel.field_edit_title' : 'app.exmodel.field_add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            size="small"
            required
            label={translate('app.exmodel.field_name')}
            name="name"
            value={v.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            size="small"
            required
            label={translate('app.exmodel.field_code')}
            name="code"
            value={v.code}
            error={codeBad}
            helperText={translate('app.exmodel.code_help')}
            onChange={(e) => set('code', e.target.value)}
          />
          <TextField
            select
            size="small"
            label={translate('app.exmodel.control')}
            name="controlType"
            value={v.controlType}
            onChange={(e) => set('controlType', e.target.value as XModelControlType)}
          >
            {XMODEL_CONTROL_TYPES.map((c) => (
              <MenuItem key={c} value={c}>
                {translate(`app.exmodel.control_${c}`)}
              </MenuItem>
            ))}
          </TextField>
          {needsOptions && (
            <>
              <TextField
                select
                size="small"
                label={translate('app.exmodel.option_type')}
                name="optionType"
                value={v.optionType}
                onChange={(e) => set('optionType', e.target.value as FieldForm['optionType'])}
              >
                <MenuItem value="text">{translate('app.exmodel.option_text')}</MenuItem>
                <MenuItem value="dict">{translate('app.exmodel.option_dict')}</MenuItem>
              </TextField>
              {v.optionType === 'dict' ? (
                <TextField
                  size="small"
                  label={translate('app.exmodel.dict_type')}
                  name="dictType"
                  value={v.dictType}
                  onChange={(e) => set('dictType', e.target.value)}
                />
              ) : (
                <TextField
                  size="small"
                  multiline
                  minRows={3}
                  label={translate('app.exmodel.option_items')}
                  helperText={translate('app.exmodel.option_items_help')}
                  name="items"
                  value={v.items}
                  onChange={(e) => set('items', e.target.value)}
                />
              )}
            </>
          )}
          <TextField
            size="small"
            label={translate('app.exmodel.default_value')}
            name="defaultValue"
            value={v.defaultValue}
            onChange={(e) => set('defaultValue', e.target.value)}
          />
          <div>
            <Typography variant="body2">{translate('app.exmodel.validations')}</Typography>
            {XMODEL_VALIDATION_TYPES.map((r) => (
              <FormControlLabel
                key={r}
                label={translate(`app.exmodel.rule_${r}`)}
                control={
                  <Checkbox
                    size="small"
                    name={`rule_${r}`}
                    checked={v.rules.includes(r)}
                    onChange={(e) => set('rules', e.target.checked ? [...v.rules, r] : v.rules.filter((x) => x !== r))}
                  />
                }
              />
            ))}
          </div>
          {v.rules.includes('regex') && (
            <TextField
              size="small"
              required
              label={translate('app.exmodel.regex')}
              name="regex"
              value={v.regex}
              onChange={(e) => set('regex', e.target.value)}
            />
          )}
          <TextField
            size="small"
            type="number"
            label={translate('app.exmodel.sort')}
            name="sortFlag"
            value={v.sortFlag}
            onChange={(e) => set('sortFlag', e.target.value)}
          />
          <TextField
            size="small"
            multiline
            label={translate('app.exmodel.remark')}
            name="remark"
            value={v.remark}
            onChange={(e) => set('remark', e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || !v.name.trim() || !v.code.trim() || codeBad} onClick={() => void submit()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The fields of one model (`?modelId=`), opened from the model list. */
function FieldScreen({ kind }: { kind: ModelKind }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const modelId = params.get('modelId') ?? '';
  const can = {
    add: useHasPermission(`${kind.fieldPerm}:add`),
    edit: useHasPermission(`${kind.fieldPerm}:edit`),
    remove: useHasPermission(`${kind.fieldPerm}:remove`),
  };
  const list = useApiData<FieldRow[]>(modelId ? `${kind.fieldApi}/all` : undefined, { modelId }, { notifyErrors: true });
  const [dialog, setDialog] = useState<null | 'add' | FieldRow>(null);
  const [removing, setRemoving] = useState<FieldRow | null>(null);
  const call = async (run: () => Promise<unknown>): Promise<boolean> => {
    try {
      await run();
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      list.reload();
      return true;
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      return false;
    }
  };
  const save = (v: FieldForm) => {
    const body = bodyOf(modelId, v);
    return call(() =>
      dialog === 'add' ? httpClient.post(kind.fieldApi, body) : httpClient.put(kind.fieldApi, { ...body, fieldId: (dialog as FieldRow).fieldId }),
    );
  };
  const rows = list.data ?? [];
  const ruleNames = (f: FieldRow) =>
    [...(f.required ? ['notEmpty'] : []), ...f.validations.map((r) => r.type)]
      .filter((r, i, all) => all.indexOf(r) === i)
      .map((r) => translate(`app.exmodel.rule_${r}`))
      .join('、');
  return (
    <Paper sx={{ p: 1, mt: 1 }}>
      <Title title={translate('app.exmodel.fields_title')} />
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Button size="small" startIcon={<ArrowBackIcon />} onClick={() => navigate(kind.modelRoute)}>
          {translate('app.exmodel.back')}
        </Button>
        {can.add && modelId && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog('add')}>
            {translate('app.exmodel.field_add')}
          </Button>
        )}
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.exmodel.field_name')}</TableCell>
            <TableCell>{translate('app.exmodel.field_code')}</TableCell>
            <TableCell>{translate('app.exmodel.control')}</TableCell>
            <TableCell>{translate('app.exmodel.validations')}</TableCell>
            <TableCell>{translate('app.exmodel.default_value')}</TableCell>
            <TableCell>{translate('app.exmodel.sort')}</TableCell>
            <TableCell>{translate('app.exmodel.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.fieldId} hover>
              <TableCell>{row.name}</TableCell>
              <TableCell>{row.code}</TableCell>
              <TableCell>{translate(`app.exmodel.control_${row.controlType}`)}</TableCell>
              <TableCell>{ruleNames(row)}</TableCell>
              <TableCell>{row.defaultValue}</TableCell>
              <TableCell>{row.sortFlag}</TableCell>
              <TableCell>
                <RowActions
                  name={row.name}
                  onEdit={can.edit ? () => setDialog(row) : undefined}
                  onDelete={can.remove ? () => setRemoving(row) : undefined}
                />
              </TableCell>
            </TableRow>
          ))}
          {!rows.length && <EmptyTableRow colSpan={7} />}
        </TableBody>
      </Table>
      <FieldDialog
        open={dialog !== null}
        editing={dialog !== null && dialog !== 'add'}
        initial={dialog && dialog !== 'add' ? formOf(dialog) : EMPTY}
        onClose={() => setDialog(null)}
        onSubmit={save}
      />
      <ConfirmDialog
        open={removing !== null}
        title={translate('app.exmodel.field_delete_title')}
        content={translate('app.exmodel.delete_confirm', { name: removing?.name ?? '' })}
        onClose={() => setRemoving(null)}
        onConfirm={() => (removing ? call(() => httpClient.delete(kind.fieldApi, { data: [removing.fieldId] })) : Promise.resolve(false))}
      />
    </Paper>
  );
}

/** 扩展模型字段 (hidden menu entry, opened from 扩展模型). */
export function ExModelFieldScreen() {
  return <FieldScreen kind={EXMODEL_KIND} />;
}

/** 元数据模型字段 (hidden menu entry, opened from 元数据模型). */
export function MetaModelFieldScreen() {
  return <FieldScreen kind={XMODEL_KIND} />;
}
