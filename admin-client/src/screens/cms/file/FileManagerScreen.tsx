import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import NoteAddIcon from '@mui/icons-material/NoteAddOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import UploadIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Breadcrumbs,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link as MuiLink,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
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
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Confirm, useNotify, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router';
import { formatSize } from '../../../components/formatSize';
import { toggled } from '../../../components/treeExpansion';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { breadcrumbsOf, fileEditorPath, fileNameError, isFixedFolder, parentOf, type FileRow, type FileTreeNode } from './file';

type NameDialog = { kind: 'folder' | 'file' } | { kind: 'rename'; row: FileRow };

/** Most paths one `POST /cms/file/delete` takes (the server's limit). */
const MAX_DELETE = 100;

/** The names the server found already in the folder when it refused an upload (`data.existing`), else none. */
function existingOf(err: unknown): string[] {
  const existing = (err as { body?: { data?: { existing?: unknown } } })?.body?.data?.existing;
  return Array.isArray(existing) ? existing.filter((n): n is string => typeof n === 'string') : [];
}

/**
 * 文件管理: the current site's files as ChestnutCMS shows them: the folders on the left (a root per publish pipe, the
 * theme's assets and templates per pipe), the open folder's files on the right with create, upload, rename, delete,
 * and the editor for text files. The open folder is in the address (`?dir=`), so the editor can come back to it.
 */
export function FileManagerScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const dir = params.get('dir') ?? '';
  const can = {
    add: useHasPermission('cms:file:add'),
    upload: useHasPermission('cms:file:upload'),
    edit: useHasPermission('cms:file:edit'),
    rename: useHasPermission('cms:file:rename'),
    remove: useHasPermission('cms:file:remove'),
  };
  const [tree, setTree] = useState<FileTreeNode[]>([]);
  const [rows, setRows] = useState<FileRow[] | null>(null);
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [nameDialog, setNameDialog] = useState<NameDialog | null>(null);
  const [deleting, setDeleting] = useState<FileRow | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deletingSelected, setDeletingSelected] = useState(false);
  /** An upload refused because of files of the same names: the whole batch, sent again with overwrite=true once confirmed. */
  const [overwriting, setOverwriting] = useState<{ files: File[]; names: string[] } | null>(null);
  const [version, setVersion] = useState(0);
  const uploadInput = useRef<HTMLInputElement>(null);
  const fixed = isFixedFolder(dir);

  const open = useCallback((path: string) => setParams(path ? { dir: path } : {}), [setParams]);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    httpClient
      .get<{ tree: FileTreeNode[] }>('/cms/file/directoryTreeData')
      .then((r) => live && setTree(r.data?.tree ?? []))
      .catch((err: Error) => live && notify(err.message, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [version, notify]);

  useEffect(() => {
    let live = true;
    setRows(null);
    setSelected(new Set());
    httpClient
      .get<FileRow[]>('/cms/file/list', { filePath: dir, fileName: filter.trim() })
      .then((r) => {
        if (!live) return;
        setRows(Array.isArray(r.data) ? r.data : []);
        setError(null);
      })
      .catch((err: Error) => {
        if (!live) return;
        setRows([]);
        setError(err.message);
      });
    return () => {
      live = false;
    };
  }, [dir, filter, version]);

  /** Runs a write; on success notifies and reloads, on failure shows the server's message (unless `handled` takes it). */
  const run = async (action: () => Promise<unknown>, done: string, handled?: (err: unknown) => boolean) => {
    setBusy(true);
    setActionError(null);
    try {
      await action();
      notify(done, { type: 'success' });
      reload();
      return true;
    } catch (err) {
      // Shown above the table until the next action: a refusal names the file and the rule.
      if (!handled?.(err)) setActionError((err as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Uploads a batch; a refusal for files of the same names (nothing was stored) asks whether to overwrite them. */
  const upload = async (files: File[], overwrite = false) => {
    if (!files.length) return;
    const body = new FormData();
    body.append('dir', dir);
    if (overwrite) body.append('overwrite', 'true');
    for (const file of files) body.append('file', file, file.name);
    setProgress(0);
    await run(
      () => httpClient.upload('/cms/file/upload', body, { onProgress: setProgress }),
      'app.cms_file.uploaded',
      (err) => {
        const names = overwrite ? [] : existingOf(err);
        if (names.length) setOverwriting({ files, names });
        return names.length > 0;
      },
    );
    setProgress(null);
    if (uploadInput.current) uploadInput.current.value = '';
  };

  const selectable = (rows ?? []).filter((row) => !row.isRoot && !row.isTemplate);
  const toggleSelected = (path: string) => setSelected((prev) => toggled(prev, path));
  const deleteSelected = () => {
    if (selected.size > MAX_DELETE) setActionError(translate('app.cms_file.delete_selected_max', { max: MAX_DELETE }));
    else setDeletingSelected(true);
  };

  const crumbs = useMemo(() => breadcrumbsOf(dir, tree), [dir, tree]);

  return (
    <Box sx={{ p: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'stretch', minHeight: 480 }}>
        <Paper variant="outlined" sx={{ width: 260, flexShrink: 0, overflow: 'auto' }}>
          <FolderTree tree={tree} current={dir} onOpen={open} label={translate('app.cms_file.folders')} />
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Breadcrumbs aria-label={translate('app.cms_file.path')} sx={{ mb: 1 }}>
            <MuiLink component="button" type="button" underline="hover" onClick={() => open('')}>
              {translate('app.cms_file.root')}
            </MuiLink>
            {crumbs.map((c, i) =>
              i === crumbs.length - 1 ? (
                <Typography key={c.path} color="text.primary">
                  {c.label}
                </Typography>
              ) : (
                <MuiLink key={c.path} component="button" type="button" underline="hover" onClick={() => open(c.path)}>
                  {c.label}
                </MuiLink>
              ),
            )}
          </Breadcrumbs>
          <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {can.add ? (
              <>
                <Button label="app.cms_file.new_folder" onClick={() => setNameDialog({ kind: 'folder' })} disabled={fixed || busy}>
                  <CreateNewFolderIcon />
                </Button>
                <Button label="app.cms_file.new_file" onClick={() => setNameDialog({ kind: 'file' })} disabled={fixed || busy}>
                  <NoteAddIcon />
                </Button>
              </>
            ) : null}
            {can.upload ? (
              <>
                <Button label="app.cms_file.upload" onClick={() => uploadInput.current?.click()} disabled={fixed || busy}>
                  <UploadIcon />
                </Button>
                <input
                  ref={uploadInput}
                  type="file"
                  multiple
                  hidden
                  data-testid="file-upload-input"
                  aria-label={translate('app.cms_file.upload')}
                  onChange={(e) => void upload(Array.from(e.target.files ?? []))}
                />
              </>
            ) : null}
            {can.remove ? (
              <Button
                label={translate('app.cms_file.delete_selected', { count: selected.size })}
                color="error"
                onClick={deleteSelected}
                disabled={!selected.size || busy}
              >
                <DeleteIcon />
              </Button>
            ) : null}
            <Button label="ra.action.refresh" onClick={reload} disabled={busy}>
              <RefreshIcon />
            </Button>
            <Box sx={{ flex: 1 }} />
            <TextField
              size="small"
              label={translate('app.cms_file.filter')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              slotProps={{ htmlInput: { 'aria-label': translate('app.cms_file.filter') } }}
            />
          </Stack>
          {progress !== null ? <LinearProgress variant="determinate" value={Math.round(progress * 100)} sx={{ mb: 1 }} /> : null}
          {dir.startsWith('theme-templates') ? (
            <Alert severity="info" sx={{ mb: 1 }}>
              {translate('app.cms_file.templates_hint')} <Link to="/cms/template/template">{translate('app.cms_file.to_templates')}</Link>
            </Alert>
          ) : null}
          {actionError ? (
            <Alert severity="error" role="alert" sx={{ mb: 1 }} onClose={() => setActionError(null)} data-testid="file-action-error">
              {actionError}
            </Alert>
          ) : null}
          {error ? (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {error}
            </Alert>
          ) : null}
          <Table size="small" aria-label={translate('app.cms_file.files')}>
            <TableHead>
              <TableRow>
                {can.remove ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={selectable.length > 0 && selectable.every((row) => selected.has(row.filePath))}
                      indeterminate={selected.size > 0 && !selectable.every((row) => selected.has(row.filePath))}
                      disabled={!selectable.length}
                      onChange={(e) => setSelected(new Set(e.target.checked ? selectable.map((row) => row.filePath) : []))}
                      slotProps={{ input: { 'aria-label': translate('app.cms_file.select_all') } }}
                    />
                  </TableCell>
                ) : null}
                <TableCell>{translate('app.cms_file.name')}</TableCell>
                <TableCell align="right">{translate('app.cms_file.size')}</TableCell>
                <TableCell>{translate('app.cms_file.modified')}</TableCell>
                <TableCell>{translate('app.cms_file.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === null ? (
                <TableRow>
                  <TableCell colSpan={can.remove ? 5 : 4}>
                    <LinearProgress />
                  </TableCell>
                </TableRow>
              ) : rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={can.remove ? 5 : 4}>{translate('app.cms_file.empty')}</TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={row.filePath} hover selected={selected.has(row.filePath)} data-testid={`file-row-${row.fileName}`}>
                    {can.remove ? (
                      <TableCell padding="checkbox">
                        {/* The fixed folders (roots) and the templates cannot be deleted here: no checkbox. */}
                        {!row.isRoot && !row.isTemplate ? (
                          <Checkbox
                            size="small"
                            checked={selected.has(row.filePath)}
                            onChange={() => toggleSelected(row.filePath)}
                            slotProps={{ input: { 'aria-label': translate('app.cms_file.select_row', { name: row.fileName }) } }}
                          />
                        ) : null}
                      </TableCell>
                    ) : null}
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        {row.isDirectory ? <FolderIcon fontSize="small" /> : <DescriptionIcon fontSize="small" />}
                        {row.isDirectory ? (
                          <MuiLink component="button" type="button" underline="hover" onClick={() => open(row.filePath)}>
                            {labelOf(row, tree)}
                          </MuiLink>
                        ) : row.canEdit ? (
                          <MuiLink component={Link} to={fileEditorPath(row.filePath)} underline="hover">
                            {row.fileName}
                          </MuiLink>
                        ) : (
                          <span>{row.fileName}</span>
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell align="right">{row.isDirectory ? '' : formatSize(row.fileSize)}</TableCell>
                    <TableCell>{row.modifyTime ? new Date(row.modifyTime).toLocaleString() : ''}</TableCell>
                    <TableCell>
                      {row.canEdit && can.edit ? (
                        <Button component={Link} to={fileEditorPath(row.filePath)} label="app.cms_file.edit">
                          <EditIcon />
                        </Button>
                      ) : null}
                      {!row.isRoot && !row.isTemplate && can.rename ? (
                        <Button label="app.cms_file.rename" onClick={() => setNameDialog({ kind: 'rename', row })} disabled={busy} />
                      ) : null}
                      {!row.isRoot && !row.isTemplate && can.remove ? (
                        <Button label="ra.action.delete" color="error" onClick={() => setDeleting(row)} disabled={busy}>
                          <DeleteIcon />
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </Box>
      </Stack>
      {nameDialog ? (
        <NameDialogView
          dialog={nameDialog}
          busy={busy}
          onClose={() => setNameDialog(null)}
          onSubmit={async (name) => {
            const ok =
              nameDialog.kind === 'rename'
                ? await run(() => httpClient.post('/cms/file/rename', { filePath: nameDialog.row.filePath, rename: name }), 'app.cms_file.renamed')
                : await run(
                    () => httpClient.post('/cms/file/add', { dir, fileName: name, isDirectory: nameDialog.kind === 'folder' }),
                    'app.cms_file.created',
                  );
            if (ok) setNameDialog(null);
          }}
        />
      ) : null}
      <Confirm
        isOpen={!!deleting}
        title="app.cms_file.delete_title"
        content={translate(deleting?.isDirectory ? 'app.cms_file.delete_folder_confirm' : 'app.cms_file.delete_confirm', {
          name: deleting?.fileName ?? '',
        })}
        onConfirm={async () => {
          const row = deleting!;
          setDeleting(null);
          await run(() => httpClient.post('/cms/file/delete', [{ filePath: row.filePath }]), 'app.cms_file.deleted');
          if (row.isDirectory && (dir === row.filePath || dir.startsWith(`${row.filePath}/`))) open(parentOf(row.filePath));
        }}
        onClose={() => setDeleting(null)}
      />
      <Confirm
        isOpen={deletingSelected}
        title="app.cms_file.delete_title"
        content={translate('app.cms_file.delete_selected_confirm', { count: selected.size })}
        onConfirm={async () => {
          const paths = [...selected];
          setDeletingSelected(false);
          await run(
            () =>
              httpClient.post(
                '/cms/file/delete',
                paths.map((filePath) => ({ filePath })),
              ),
            'app.cms_file.deleted',
          );
        }}
        onClose={() => setDeletingSelected(false)}
      />
      <Confirm
        isOpen={!!overwriting}
        title="app.cms_file.overwrite_title"
        content={translate('app.cms_file.overwrite_confirm', { names: overwriting?.names.join(', ') ?? '' })}
        onConfirm={async () => {
          const files = overwriting!.files;
          setOverwriting(null);
          await upload(files, true);
        }}
        onClose={() => setOverwriting(null)}
      />
    </Box>
  );
}

/** A root's row shows its tree label (`PC（发布目录）`); other rows their name. */
function labelOf(row: FileRow, tree: readonly FileTreeNode[]): string {
  if (!row.isRoot) return row.fileName;
  const find = (nodes: readonly FileTreeNode[]): string | undefined => {
    for (const n of nodes) {
      if (n.id === row.filePath) return n.label;
      const inner = n.children ? find(n.children) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  return find(tree) ?? row.fileName;
}

/** Asks for a name (new folder, new file, rename), checked as the server checks it. */
function NameDialogView({
  dialog,
  busy,
  onClose,
  onSubmit,
}: {
  dialog: NameDialog;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(dialog.kind === 'rename' ? dialog.row.fileName : '');
  const [touched, setTouched] = useState(false);
  const isDirectory = dialog.kind === 'folder' || (dialog.kind === 'rename' && dialog.row.isDirectory);
  // A renamed file may take another allowed type; the server checks it by content.
  const problem = dialog.kind === 'rename' ? fileNameError(name.trim(), true) : fileNameError(name.trim(), isDirectory);
  const title = dialog.kind === 'folder' ? 'app.cms_file.new_folder' : dialog.kind === 'file' ? 'app.cms_file.new_file' : 'app.cms_file.rename';
  const submit = () => {
    setTouched(true);
    if (!problem) onSubmit(name.trim());
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="file-name-dialog-title">
      <DialogTitle id="file-name-dialog-title">{translate(title)}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('app.cms_file.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          error={touched && !!problem}
          helperText={touched && problem ? translate(problem) : translate('app.cms_file.name_help')}
          slotProps={{ htmlInput: { name: 'fileName', 'aria-label': translate('app.cms_file.name') } }}
        />
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button label="ra.action.confirm" variant="contained" onClick={submit} disabled={busy} />
      </DialogActions>
    </Dialog>
  );
}

/** The folders as a tree; the open folder is selected and its ancestors expanded. */
function FolderTree({
  tree,
  current,
  onOpen,
  label,
}: {
  tree: readonly FileTreeNode[];
  current: string;
  onOpen: (path: string) => void;
  label: string;
}) {
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (!current) return;
    const parts = current.split('/');
    setExpanded((prev) => new Set([...prev, ...parts.map((_, i) => parts.slice(0, i + 1).join('/'))]));
  }, [current]);
  const toggle = (id: string) => setExpanded((prev) => toggled(prev, id));
  const render = (nodes: readonly FileTreeNode[], depth: number) =>
    nodes.map((node) => {
      const hasChildren = !!node.children?.length;
      const isOpen = expanded.has(node.id);
      return (
        <Box key={node.id}>
          <ListItemButton dense selected={node.id === current} onClick={() => onOpen(node.id)} sx={{ pl: 1 + depth * 2 }} title={node.id}>
            <ListItemIcon
              sx={{ minWidth: 24, visibility: hasChildren ? 'visible' : 'hidden' }}
              onClick={(e) => {
                e.stopPropagation();
                toggle(node.id);
              }}
              aria-label={node.label}
              aria-expanded={isOpen}
            >
              {isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </ListItemIcon>
            <ListItemIcon sx={{ minWidth: 28 }}>
              <FolderIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={node.label} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
          </ListItemButton>
          {hasChildren && isOpen ? render(node.children!, depth + 1) : null}
        </Box>
      );
    });
  return (
    <List dense aria-label={label} component="nav">
      {render(tree, 0)}
    </List>
  );
}
