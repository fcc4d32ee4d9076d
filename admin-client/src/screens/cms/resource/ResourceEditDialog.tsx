import FindReplaceIcon from '@mui/icons-material/FindReplace';
import {
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Button, useNotify, useTranslate } from 'react-admin';
import { formatSize } from '../../../components/formatSize';
import { ResourcePreview } from './ResourcePreview';
import { extOf, precheckFiles, resourceUpdateBody, type ResourceRow, type UploadLimits } from './resource';
import type { ResourceApi } from './resourceApi';

/** Edit a resource's name, tags and description; replace its file (same type); see the content that uses it. */
export function ResourceEditDialog({
  api,
  row: initial,
  limits,
  canEdit,
  onClose,
  onSaved,
}: {
  api: ResourceApi;
  row: ResourceRow;
  limits: UploadLimits;
  canEdit: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [row, setRow] = useState(initial);
  const [values, setValues] = useState({ name: initial.name, tags: (initial.tags ?? []).join(', '), description: initial.description ?? '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number>();
  const [replaced, setReplaced] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // The detail answers the content that references the resource.
  useEffect(() => {
    let live = true;
    api
      .get(initial.resourceId)
      .then((r) => live && r && setRow((old) => ({ ...old, ...r })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, initial.resourceId]);

  const nameError = !values.name.trim() ? translate('ra.validation.required') : '';
  const save = async () => {
    setTouched(true);
    if (nameError) return;
    setBusy(true);
    try {
      await api.update(resourceUpdateBody(row, values));
      notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
      onSaved();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const replace = async (file: File) => {
    // Same family as the file it replaces; the server decides by content.
    const check = precheckFiles([file], limits);
    const refusal = check.refusal ?? check.rejected[0]?.refusal;
    if (refusal) {
      notify(refusal.key, { type: 'error', messageArgs: refusal.options });
      return;
    }
    setBusy(true);
    setProgress(0);
    try {
      const updated = await api.replace(row.resourceId, file, setProgress);
      // Same path when the suffix is the same: the new update time takes the preview past the browser's cache.
      if (updated) setRow((old) => ({ ...old, ...updated }));
      setReplaced(true);
      notify('app.cms_resource.replaced', { type: 'info' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setProgress(undefined);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : replaced ? onSaved : onClose} fullWidth maxWidth="sm" aria-labelledby="resource-edit-title">
      <DialogTitle id="resource-edit-title">{translate(canEdit ? 'app.cms_resource.edit_title' : 'app.cms_resource.detail_title')}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <Box sx={{ flexShrink: 0 }}>
            <ResourcePreview row={row} size={160} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {row.fileName} · {formatSize(row.fileSize)}
              {row.width && row.height ? ` · ${row.width}×${row.height}` : ''}
            </Typography>
            <Link href={row.src} target="_blank" rel="noopener" variant="caption">
              {translate('app.cms_resource.open')}
            </Link>
          </Box>
          <Stack spacing={2} sx={{ flex: 1 }}>
            <TextField
              label={translate('app.cms_resource.name')}
              value={values.name}
              onChange={(e) => setValues({ ...values, name: e.target.value })}
              required
              disabled={!canEdit}
              error={touched && !!nameError}
              helperText={touched ? nameError : ''}
              slotProps={{ htmlInput: { name: 'name', maxLength: 255 } }}
            />
            <TextField
              label={translate('app.cms_resource.tags')}
              value={values.tags}
              onChange={(e) => setValues({ ...values, tags: e.target.value })}
              helperText={translate('app.cms_resource.tags_help')}
              disabled={!canEdit}
              slotProps={{ htmlInput: { name: 'tags', maxLength: 1000 } }}
            />
            <TextField
              label={translate('app.cms_resource.description')}
              value={values.description}
              onChange={(e) => setValues({ ...values, description: e.target.value })}
              multiline
              minRows={2}
              disabled={!canEdit}
              slotProps={{ htmlInput: { name: 'description', maxLength: 1000 } }}
            />
            {canEdit ? (
              <Box>
                <MuiButton variant="outlined" size="small" startIcon={<FindReplaceIcon />} disabled={busy} onClick={() => fileInput.current?.click()}>
                  {translate('app.cms_resource.replace_file')}
                </MuiButton>
                <input
                  ref={fileInput}
                  type="file"
                  hidden
                  accept={row.suffix ? `.${row.suffix}` : undefined}
                  aria-label={translate('app.cms_resource.replace_file')}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) void replace(file);
                  }}
                />
                <Typography variant="caption" color="text.secondary" component="p">
                  {translate('app.cms_resource.replace_help', { suffix: row.suffix || extOf(row.fileName) })}
                </Typography>
                {progress !== undefined ? <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={row.name} /> : null}
              </Box>
            ) : null}
          </Stack>
        </Stack>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('app.cms_resource.usages')}
        </Typography>
        {row.usages?.length ? (
          <List dense aria-label={translate('app.cms_resource.usages')}>
            {row.usages.map((u) => (
              <ListItem key={u.contentId}>
                <ListItemText
                  primary={u.title}
                  secondary={[u.catalogName, u.status ? translate(`app.cms_content.status_${u.status}`, { _: u.status }) : '']
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate(row.usages ? 'app.cms_resource.usages_none' : 'app.cms_resource.usages_loading')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={replaced ? onSaved : onClose} disabled={busy} />
        {canEdit ? <Button label="ra.action.save" variant="contained" onClick={save} disabled={busy} /> : null}
      </DialogActions>
    </Dialog>
  );
}
