import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Alert, Box, Button as MuiButton, LinearProgress, Stack, Typography } from '@mui/material';
import { useRef, useState, type DragEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { acceptOf, precheckFiles, type ResourceRow, type UploadLimits } from './resource';
import type { ResourceApi } from './resourceApi';

interface Pending {
  key: number;
  name: string;
  progress: number;
}

interface Failed {
  key: number;
  name: string;
  message: string;
}

let nextKey = 1;

/**
 * Drop zone and file button of the library: several files at once, one request per file with its own progress
 * bar. The checks of spec 8 run first (count, format, size); a file the server refuses is shown with the server's
 * message and leaves the list.
 */
export function UploadZone({
  api,
  limits,
  exts,
  onUploaded,
  disabled,
}: {
  api: ResourceApi;
  limits: UploadLimits;
  /** Extensions this zone takes (the site's list, or a picker's kind). */
  exts: string[];
  onUploaded: (rows: ResourceRow[]) => void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [failed, setFailed] = useState<Failed[]>([]);
  const [over, setOver] = useState(false);

  const start = (files: File[]) => {
    if (disabled || !files.length) return;
    const check = precheckFiles(files, limits, exts);
    if (check.refusal) {
      notify(check.refusal.key, { type: 'error', messageArgs: check.refusal.options });
      return;
    }
    const refused = check.rejected.map(({ file, refusal }) => ({
      key: nextKey++,
      name: file.name,
      message: translate(refusal.key, refusal.options),
    }));
    if (refused.length) setFailed((f) => [...f, ...refused]);
    for (const file of check.accepted) {
      const key = nextKey++;
      setPending((p) => [...p, { key, name: file.name, progress: 0 }]);
      api
        .upload(file, (fraction) => setPending((p) => p.map((item) => (item.key === key ? { ...item, progress: fraction } : item))))
        .then((rows) => onUploaded(rows))
        .catch((err: Error) =>
          setFailed((f) => [...f, { key, name: file.name, message: err.message || translate('app.cms_resource.upload_failed') }]),
        )
        .finally(() => setPending((p) => p.filter((item) => item.key !== key)));
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    start([...(e.dataTransfer?.files ?? [])]);
  };

  return (
    <Box>
      <Box
        role="region"
        aria-label={translate('app.cms_resource.drop_zone')}
        data-testid="resource-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : undefined,
          borderRadius: 1,
          p: 2,
          textAlign: 'center',
        }}
      >
        <CloudUploadIcon color={disabled ? 'disabled' : 'primary'} />
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('app.cms_resource.drop_here')}
        </Typography>
        <MuiButton variant="outlined" size="small" disabled={disabled} onClick={() => input.current?.click()}>
          {translate('app.cms_resource.choose_files')}
        </MuiButton>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept={acceptOf(exts)}
          aria-label={translate('app.cms_resource.choose_files')}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            start(files);
          }}
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {translate('app.cms_resource.limits_hint', {
            count: limits.uploadMaxCount,
            size: limits.uploadMaxSizeMb,
            image: limits.imageMaxSizeMb,
            types: exts.join(', '),
          })}
        </Typography>
      </Box>
      {pending.length || failed.length ? (
        <Stack spacing={1} sx={{ mt: 1 }} aria-label={translate('app.cms_resource.uploads')} role="list">
          {pending.map((item) => (
            <Box key={item.key} role="listitem" data-testid="upload-item">
              <Typography variant="body2" noWrap>
                {item.name} {Math.round(item.progress * 100)}%
              </Typography>
              <LinearProgress variant="determinate" value={Math.round(item.progress * 100)} aria-label={item.name} />
            </Box>
          ))}
          {failed.map((item) => (
            <Alert
              key={item.key}
              severity="error"
              role="listitem"
              data-testid="upload-failed"
              onClose={() => setFailed((f) => f.filter((x) => x.key !== item.key))}
            >
              {item.name}: {item.message}
            </Alert>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
