import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Button, useNotify, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router';
import { useHasPermission } from '../../../components/usePermission';
import { useUnsavedWarning } from '../../../components/useUnsavedWarning';
import { httpClient } from '../../../providers/httpClient';
import { saveErrorOf } from '../template/template';
import { fileScreenPath, languageOfFile, nameOf, parentOf } from './file';

// CodeMirror is big: its own chunk, fetched when the editor opens (the template editor's).
const CodeEditor = lazy(() => import('../template/CodeEditor'));

/** `/cms/file/editor?filePath=`: one text file of the site in the code editor; Save (or Ctrl/Cmd+S) writes it. */
export function FileEditorPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const filePath = params.get('filePath') ?? '';
  const canEdit = useHasPermission('cms:file:edit');
  const [content, setContent] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; line?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = content !== null && content !== saved;

  useEffect(() => {
    if (!filePath) return;
    let live = true;
    setContent(null);
    setLoadError(null);
    httpClient
      .post<string>('/cms/file/read', { filePath }, { repeatSubmitGuard: false })
      .then(({ data }) => {
        if (!live) return;
        setContent(data ?? '');
        setSaved(data ?? '');
      })
      .catch((err: Error) => live && setLoadError(err.message));
    return () => {
      live = false;
    };
  }, [filePath]);

  // Leaving with unsaved text: the browser asks.
  useUnsavedWarning(dirty);

  const save = useCallback(async () => {
    if (content === null || !canEdit || busy) return;
    setBusy(true);
    const text = content;
    try {
      await httpClient.post('/cms/file/edit', { filePath, fileContent: text }, { repeatSubmitGuard: false });
      setSaved(text);
      setError(null);
      notify('app.cms_file.saved', { type: 'success' });
    } catch (err) {
      // The text stays; a template's syntax error names its line.
      setError(saveErrorOf(err));
    } finally {
      setBusy(false);
    }
  }, [content, canEdit, busy, filePath, notify]);

  const back = fileScreenPath(parentOf(filePath));
  if (!filePath || loadError) {
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {loadError ?? translate('app.cms_file.no_file')} <Link to={back}>{translate('app.cms_file.back')}</Link>
      </Alert>
    );
  }
  return (
    <Box sx={{ p: 1, display: 'flex', flexDirection: 'column', height: 'calc(100vh - 140px)', minHeight: 500 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Button component={Link} to={back} label="app.cms_file.back" />
        <Typography variant="subtitle1" component="h2" sx={{ fontFamily: 'monospace' }}>
          {filePath}
          {dirty ? ` • ${translate('app.cms_file.unsaved')}` : ''}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Button label="ra.action.save" variant="contained" onClick={() => void save()} disabled={content === null || busy}>
            <SaveIcon />
          </Button>
        ) : null}
      </Stack>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }} onClose={() => setError(null)}>
          {error.message}
        </Alert>
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        {content !== null ? (
          <Suspense fallback={<CircularProgress sx={{ m: 2 }} />}>
            <CodeEditor
              value={content}
              onChange={setContent}
              onSave={() => void save()}
              errorLine={error?.line}
              readOnly={!canEdit}
              language={languageOfFile(nameOf(filePath))}
              label={translate('app.cms_file.code', { name: nameOf(filePath) })}
            />
          </Suspense>
        ) : (
          <CircularProgress sx={{ m: 2 }} />
        )}
      </Box>
    </Box>
  );
}
