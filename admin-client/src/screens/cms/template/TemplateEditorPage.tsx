import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import PreviewIcon from '@mui/icons-material/Preview';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Confirm, useNotify, useTranslate } from 'react-admin';
import type { PageResult } from '@zhiwen/shared';
import { toggled } from '../../../components/treeExpansion';
import { useHasPermission } from '../../../components/usePermission';
import { useUnsavedWarning } from '../../../components/useUnsavedWarning';
import { httpClient } from '../../../providers/httpClient';
import { buildFileTree, foldersOf, saveErrorOf, sitePreviewParams, templateEditorPath, type FileNode, type TemplateRow } from './template';

// CodeMirror is big: its own chunk, fetched when the editor opens.
const CodeEditor = lazy(() => import('./CodeEditor'));

/** How many templates of a pipe the file tree lists. */
const TREE_PAGE_SIZE = 500;

interface TemplateDetail extends TemplateRow {
  content: string;
}

/** `/cms/template/editor?templateId=`: the pipe's template files on the left, the code on the right. */
export function TemplateEditorPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const templateId = params.get('templateId') ?? '';
  const canEdit = useHasPermission('cms:template:edit');
  const [template, setTemplate] = useState<TemplateDetail | null>(null);
  const [files, setFiles] = useState<TemplateRow[]>([]);
  const [content, setContent] = useState('');
  const [saved, setSaved] = useState('');
  const [error, setError] = useState<{ message: string; line?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ html: string } | null>(null);
  const dirty = content !== saved;

  useEffect(() => {
    if (!/^[1-9]\d{0,17}$/.test(templateId)) return;
    let live = true;
    setTemplate(null);
    setError(null);
    httpClient
      .get<TemplateDetail>(`/cms/template/${templateId}`)
      .then(({ data }) => {
        if (!live || !data) return;
        setTemplate(data);
        setContent(data.content ?? '');
        setSaved(data.content ?? '');
        return httpClient.get<PageResult<TemplateRow>>('/cms/template', {
          publishPipeCode: data.publishPipeCode,
          pageNum: 1,
          pageSize: TREE_PAGE_SIZE,
        });
      })
      .then((r) => live && r && setFiles(r.data?.rows ?? []))
      .catch((err: Error) => live && notify(err.message, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [templateId, notify]);

  // Leaving with unsaved text: the browser asks too.
  useUnsavedWarning(dirty);

  const save = useCallback(async () => {
    if (!template || !canEdit || busy) return;
    setBusy(true);
    const text = content;
    try {
      await httpClient.put('/cms/template', { templateId: template.templateId, content: text });
      setSaved(text);
      setError(null);
      notify('app.cms_template.saved', { type: 'success' });
    } catch (err) {
      // The text stays in the editor; the server's message names the line and column.
      const { message, line } = saveErrorOf(err);
      setError({ message, line });
    } finally {
      setBusy(false);
    }
  }, [template, canEdit, busy, content, notify]);

  const openPreview = async () => {
    if (!template?.siteId) return;
    setBusy(true);
    try {
      // An authorized fetch (the token is a header, not something a plain link can carry).
      const { blob } = await httpClient.download('/cms/preview', sitePreviewParams(String(template.siteId), template.publishPipeCode), {}, 'GET');
      setPreview({ html: await blob.text() });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const open = (row: TemplateRow) => {
    if (row.templateId === template?.templateId) return;
    const to = templateEditorPath(row.templateId);
    if (dirty) setLeaveTo(to);
    else navigate(to);
  };

  if (!/^[1-9]\d{0,17}$/.test(templateId)) {
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {translate('app.cms_template.no_template')} <Link to="/cms/template/template">{translate('app.cms_template.back_to_list')}</Link>
      </Alert>
    );
  }
  return (
    <Box sx={{ p: 1, display: 'flex', flexDirection: 'column', height: 'calc(100vh - 140px)', minHeight: 500 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Button component={Link} to="/cms/template/template" label="app.cms_template.back_to_list" />
        <Typography variant="subtitle1" component="h2" sx={{ fontFamily: 'monospace' }}>
          {template ? `${template.publishPipeCode} / ${template.path}` : ''}
          {dirty ? ` • ${translate('app.cms_template.unsaved')}` : ''}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button label="app.cms_template.preview" onClick={openPreview} disabled={!template || busy}>
          <PreviewIcon />
        </Button>
        {canEdit ? (
          <Button label="ra.action.save" variant="contained" onClick={() => void save()} disabled={!template || busy}>
            <SaveIcon />
          </Button>
        ) : null}
      </Stack>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }} onClose={() => setError(null)} data-testid="template-save-error">
          {error.message}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flex: 1, minHeight: 0 }}>
        <Paper variant="outlined" sx={{ width: 260, flexShrink: 0, overflow: 'auto' }}>
          <FileTree files={files} currentId={template?.templateId} onOpen={open} label={translate('app.cms_template.files')} />
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
          {template ? (
            <Suspense fallback={<CircularProgress sx={{ m: 2 }} />}>
              <CodeEditor
                value={content}
                onChange={setContent}
                onSave={() => void save()}
                errorLine={error?.line}
                readOnly={!canEdit}
                label={translate('app.cms_template.code')}
              />
            </Suspense>
          ) : (
            <CircularProgress sx={{ m: 2 }} />
          )}
        </Box>
      </Stack>
      <Confirm
        isOpen={!!leaveTo}
        title="app.cms_template.leave_title"
        content="app.cms_template.leave_confirm"
        onConfirm={() => {
          const to = leaveTo!;
          setLeaveTo(null);
          navigate(to);
        }}
        onClose={() => setLeaveTo(null)}
      />
      {preview ? <PreviewDialog html={preview.html} title={template?.publishPipeCode ?? ''} onClose={() => setPreview(null)} /> : null}
    </Box>
  );
}

/**
 * The rendered home page of the template's pipe. A sandboxed frame (no scripts, a unique origin): template output is
 * untrusted next to the console's session.
 */
function PreviewDialog({ html, title, onClose }: { html: string; title: string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xl" aria-labelledby="template-preview-title">
      <DialogTitle id="template-preview-title">{translate('app.cms_template.preview_title', { pipe: title })}</DialogTitle>
      <DialogContent sx={{ height: '75vh', p: 0 }}>
        <iframe
          title={translate('app.cms_template.preview_title', { pipe: title })}
          sandbox=""
          srcDoc={html}
          style={{ border: 0, width: '100%', height: '100%' }}
        />
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}

/** The pipe's templates as folders and files; the open file is selected and its folders expanded. */
function FileTree({
  files,
  currentId,
  onOpen,
  label,
}: {
  files: TemplateRow[];
  currentId?: string;
  onOpen: (row: TemplateRow) => void;
  label: string;
}) {
  const tree = useMemo(() => buildFileTree(files), [files]);
  const current = files.find((f) => f.templateId === currentId);
  const [open, setOpen] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (current) setOpen((prev) => new Set([...prev, ...foldersOf(current.path)]));
  }, [current]);
  const toggle = (path: string) => setOpen((prev) => toggled(prev, path));
  const render = (nodes: FileNode[], depth: number) =>
    nodes.map((node) =>
      node.template ? (
        <ListItemButton
          key={node.path}
          dense
          selected={node.template.templateId === currentId}
          onClick={() => onOpen(node.template!)}
          sx={{ pl: 1 + depth * 2 }}
          title={node.path}
        >
          <ListItemIcon sx={{ minWidth: 28 }}>
            <DescriptionIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={node.name} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
        </ListItemButton>
      ) : (
        <Box key={node.path}>
          <ListItemButton dense onClick={() => toggle(node.path)} sx={{ pl: 1 + depth * 2 }} aria-expanded={open.has(node.path)}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              {open.has(node.path) ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </ListItemIcon>
            <ListItemIcon sx={{ minWidth: 28 }}>
              <FolderIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={node.name} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
          </ListItemButton>
          {open.has(node.path) ? render(node.children, depth + 1) : null}
        </Box>
      ),
    );
  return (
    <List dense aria-label={label} component="nav">
      {render(tree, 0)}
    </List>
  );
}
