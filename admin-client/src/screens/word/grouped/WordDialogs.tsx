import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/** A field of a word or group dialog. */
export interface DialogField {
  name: string;
  /** i18n key of the label. */
  label: string;
  type?: 'text' | 'number' | 'multiline' | 'select';
  required?: boolean;
  /** Select options: value and i18n key of the label. */
  options?: Array<{ value: string; label: string }>;
  helperText?: string;
}

export type FormValues = Record<string, string>;

/** A dialog with a few fields that sends them with `onSubmit` (answers whether it succeeded: the dialog closes then). */
export function FieldDialog({
  open,
  title,
  fields,
  initial,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  fields: DialogField[];
  initial: FormValues;
  onClose: () => void;
  onSubmit: (values: FormValues) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const [values, setValues] = useState<FormValues>(initial);
  const [busy, setBusy] = useState(false);
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    if (open) setValues(JSON.parse(initialKey) as FormValues);
  }, [open, initialKey]);
  const missing = fields.some((f) => f.required && !String(values[f.name] ?? '').trim());
  const submit = async () => {
    setBusy(true);
    try {
      if (await onSubmit(values)) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="word-dialog-title">
      <DialogTitle id="word-dialog-title">{translate(title)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fields.map((f) => (
            <TextField
              key={f.name}
              label={translate(f.label)}
              value={values[f.name] ?? ''}
              required={f.required}
              type={f.type === 'number' ? 'number' : 'text'}
              multiline={f.type === 'multiline'}
              minRows={f.type === 'multiline' ? 4 : undefined}
              select={f.type === 'select'}
              helperText={f.helperText ? translate(f.helperText) : undefined}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              fullWidth
              size="small"
            >
              {f.options?.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {translate(o.label)}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || missing} onClick={() => void submit()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Delete …?" with confirm and cancel. */
export function ConfirmDialog({
  open,
  title,
  content,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  content: string;
  onClose: () => void;
  onConfirm: () => Promise<boolean>;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="word-confirm-title">
      <DialogTitle id="word-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{content}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onConfirm()
              .then((ok) => ok && onClose())
              .finally(() => setBusy(false));
          }}
        >
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
