import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItemButton,
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
import { useEffect, useMemo, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import type { PageResult } from '@zhiwen/shared';
import { EmptyTableRow } from '../../../components/EmptyTableRow';
import { PagePagination, usePaging } from '../../../components/PagePagination';
import { RowActions } from '../../../components/RowActions';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { ConfirmDialog, FieldDialog, type DialogField, type FormValues } from '../../word/grouped/WordDialogs';
import { PickFromLibraryButton } from '../resource/MaterialPicker';

interface GroupRow {
  groupId: string;
  name: string;
  code: string;
  sortFlag: number;
  linkTotal: number;
  remark: string;
}

interface LinkRow {
  linkId: string;
  groupId: string;
  name: string;
  url: string;
  logo: string;
  /** URL of the logo (lists). */
  logoSrc?: string;
  sortFlag: number;
  remark: string;
}

const GROUP_FIELDS: DialogField[] = [
  { name: 'name', label: 'app.cms_link.group_name', required: true },
  { name: 'code', label: 'app.cms_link.group_code', required: true, helperText: 'app.cms_link.group_code_help' },
  { name: 'sortFlag', label: 'app.cms_link.sort', type: 'number' },
  { name: 'remark', label: 'app.cms_link.remark', type: 'multiline' },
];

/** The add / edit dialog of a link: name, http(s) address, a logo picked from the material library, sort, remark. */
function LinkDialog({
  open,
  initial,
  onClose,
  onSubmit,
}: {
  open: boolean;
  initial: LinkRow | null;
  onClose: () => void;
  onSubmit: (values: Omit<LinkRow, 'linkId' | 'groupId'>) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const [values, setValues] = useState({ name: '', url: 'https://', logo: '', sortFlag: '0', remark: '' });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open)
      setValues(
        initial
          ? { name: initial.name, url: initial.url, logo: initial.logo, sortFlag: String(initial.sortFlag ?? 0), remark: initial.remark ?? '' }
          : { name: '', url: 'https://', logo: '', sortFlag: '0', remark: '' },
      );
  }, [open, initial]);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const submit = async () => {
    setBusy(true);
    try {
      const ok = await onSubmit({
        name: values.name.trim(),
        url: values.url.trim(),
        logo: values.logo.trim(),
        sortFlag: Number(values.sortFlag) || 0,
        remark: values.remark,
      });
      if (ok) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="link-dialog-title">
      <DialogTitle id="link-dialog-title">{translate(initial ? 'app.cms_link.edit_link' : 'app.cms_link.add_link')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField size="small" required label={translate('app.cms_link.name')} value={values.name} onChange={set('name')} />
          <TextField
            size="small"
            required
            label={translate('app.cms_link.url')}
            helperText={translate('app.cms_link.url_help')}
            value={values.url}
            onChange={set('url')}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              fullWidth
              label={translate('app.cms_link.logo')}
              helperText={translate('app.cms_link.logo_help')}
              value={values.logo}
              onChange={set('logo')}
            />
            <PickFromLibraryButton kinds={['image']} onPick={([row]) => row && setValues((v) => ({ ...v, logo: row.path }))} />
          </Stack>
          <TextField size="small" type="number" label={translate('app.cms_link.sort')} value={values.sortFlag} onChange={set('sortFlag')} />
          <TextField size="small" multiline minRows={3} label={translate('app.cms_link.remark')} value={values.remark} onChange={set('remark')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || !values.name.trim() || !values.url.trim()} onClick={() => void submit()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 互动 > 友情链接: the site's link groups beside the selected group's links, as ChestnutCMS. */
export function LinkScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const can = { add: useHasPermission('cms:link:add'), edit: useHasPermission('cms:link:edit'), remove: useHasPermission('cms:link:remove') };
  const groupsData = useApiData<PageResult<GroupRow>>('/cms/link_group', { pageNum: 1, pageSize: 500 });
  const groups = useMemo(() => groupsData.data?.rows ?? [], [groupsData.data]);
  const [groupId, setGroupId] = useState('');
  useEffect(() => {
    if (groups.length && !groups.some((g) => g.groupId === groupId)) setGroupId(groups[0].groupId);
    if (!groups.length && groupId) setGroupId('');
  }, [groups, groupId]);
  const group = groups.find((g) => g.groupId === groupId);

  const [query, setQuery] = useState('');
  const paging = usePaging();
  const { page, pageSize } = paging;
  const links = useApiData<PageResult<LinkRow>>(groupId ? '/cms/link' : undefined, {
    groupId,
    query: query || undefined,
    pageNum: page,
    pageSize,
  });
  const rows = links.data?.rows ?? [];
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => setSelected([]), [groupId, page, query]);

  const [groupDialog, setGroupDialog] = useState<null | 'add' | 'edit'>(null);
  const [linkDialog, setLinkDialog] = useState<null | 'add' | LinkRow>(null);
  const [confirm, setConfirm] = useState<null | { title: string; content: string; run: () => Promise<unknown> }>(null);

  const call = async (run: () => Promise<unknown>): Promise<boolean> => {
    try {
      await run();
      notify('app.cms_link.saved', { type: 'success' });
      groupsData.reload();
      links.reload();
      return true;
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      return false;
    }
  };
  const groupInitial: FormValues =
    groupDialog === 'edit' && group
      ? { name: group.name, code: group.code, sortFlag: String(group.sortFlag ?? 0), remark: group.remark ?? '' }
      : { name: '', code: '', sortFlag: '0', remark: '' };
  const saveGroup = (v: FormValues) =>
    call(() => {
      const body = { name: v.name.trim(), code: v.code.trim(), sortFlag: Number(v.sortFlag) || 0, remark: v.remark ?? '' };
      return groupDialog === 'edit' ? httpClient.put('/cms/link_group', { ...body, groupId }) : httpClient.post('/cms/link_group', body);
    });
  const removeLinks = (ids: string[], names: string) =>
    setConfirm({
      title: translate('app.cms_link.delete_title'),
      content: translate('app.cms_link.delete_confirm', { names }),
      run: () => httpClient.delete('/cms/link', { data: ids }),
    });

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mt: 1 }}>
      <Title title={translate('app.cms_link.title')} />
      <Paper sx={{ width: 280, flexShrink: 0, p: 1 }} aria-label={translate('app.cms_link.groups')} component="section">
        <Stack direction="row" spacing={0.5} sx={{ mb: 1, flexWrap: 'wrap' }}>
          {can.add && (
            <Button size="small" startIcon={<AddIcon />} onClick={() => setGroupDialog('add')}>
              {translate('app.cms_link.add_group')}
            </Button>
          )}
          {can.edit && group && (
            <Button size="small" startIcon={<EditIcon />} onClick={() => setGroupDialog('edit')}>
              {translate('app.cms_link.edit_group')}
            </Button>
          )}
          {can.remove && group && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() =>
                setConfirm({
                  title: translate('app.cms_link.delete_group'),
                  content: translate('app.cms_link.delete_group_confirm', { name: group.name }),
                  run: () => httpClient.delete('/cms/link_group', { data: [group.groupId] }),
                })
              }
            >
              {translate('app.cms_link.delete_group')}
            </Button>
          )}
        </Stack>
        {!groups.length && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
            {translate('app.cms_link.no_group')}
          </Typography>
        )}
        <List dense disablePadding>
          {groups.map((g) => (
            <ListItemButton key={g.groupId} selected={g.groupId === groupId} onClick={() => setGroupId(g.groupId)}>
              <ListItemText primary={g.name} secondary={`${g.code} · ${g.linkTotal ?? 0}`} />
            </ListItemButton>
          ))}
        </List>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 1 }}>
          {translate('app.cms_link.tag_help')}
        </Typography>
      </Paper>
      <Paper sx={{ flex: 1, p: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={translate('app.cms_link.search')}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              paging.reset();
            }}
          />
          {can.add && (
            <Button variant="contained" size="small" startIcon={<AddIcon />} disabled={!groupId} onClick={() => setLinkDialog('add')}>
              {translate('app.cms_link.add_link')}
            </Button>
          )}
          {can.remove && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={!selected.length}
              onClick={() =>
                removeLinks(
                  selected,
                  rows
                    .filter((r) => selected.includes(r.linkId))
                    .map((r) => r.name)
                    .join('、'),
                )
              }
            >
              {translate('app.cms_link.delete_selected')}
            </Button>
          )}
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={rows.length > 0 && selected.length === rows.length}
                  onChange={(e) => setSelected(e.target.checked ? rows.map((r) => r.linkId) : [])}
                  slotProps={{ input: { 'aria-label': translate('app.cms_link.select_all') } }}
                />
              </TableCell>
              <TableCell>{translate('app.cms_link.name')}</TableCell>
              <TableCell>{translate('app.cms_link.url')}</TableCell>
              <TableCell>{translate('app.cms_link.logo')}</TableCell>
              <TableCell>{translate('app.cms_link.sort')}</TableCell>
              <TableCell>{translate('app.cms_link.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.linkId} hover>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.includes(row.linkId)}
                    onChange={(e) => setSelected((s) => (e.target.checked ? [...s, row.linkId] : s.filter((id) => id !== row.linkId)))}
                    slotProps={{ input: { 'aria-label': row.name } }}
                  />
                </TableCell>
                <TableCell>{row.name}</TableCell>
                <TableCell>
                  <Link href={row.url} target="_blank" rel="noopener noreferrer">
                    {row.url}
                  </Link>
                </TableCell>
                <TableCell>
                  {row.logoSrc ? (
                    <Box component="img" src={row.logoSrc} alt={row.name} title={row.logo} sx={{ maxHeight: 32, maxWidth: 120 }} />
                  ) : null}
                </TableCell>
                <TableCell>{row.sortFlag}</TableCell>
                <TableCell>
                  <RowActions
                    name={row.name}
                    onEdit={can.edit ? () => setLinkDialog(row) : undefined}
                    onDelete={can.remove ? () => removeLinks([row.linkId], row.name) : undefined}
                  />
                </TableCell>
              </TableRow>
            ))}
            {!rows.length && <EmptyTableRow colSpan={6} />}
          </TableBody>
        </Table>
        <PagePagination total={links.data?.total ?? 0} {...paging.pager} />
      </Paper>
      <FieldDialog
        open={groupDialog !== null}
        title={groupDialog === 'edit' ? 'app.cms_link.edit_group' : 'app.cms_link.add_group'}
        fields={GROUP_FIELDS}
        initial={groupInitial}
        onClose={() => setGroupDialog(null)}
        onSubmit={saveGroup}
      />
      <LinkDialog
        open={linkDialog !== null}
        initial={linkDialog && linkDialog !== 'add' ? linkDialog : null}
        onClose={() => setLinkDialog(null)}
        onSubmit={(v) =>
          call(() =>
            linkDialog && linkDialog !== 'add'
              ? httpClient.put('/cms/link', { ...v, linkId: linkDialog.linkId, groupId: linkDialog.groupId })
              : httpClient.post('/cms/link', { ...v, groupId }),
          )
        }
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title ?? ''}
        content={confirm?.content ?? ''}
        onClose={() => setConfirm(null)}
        onConfirm={() => (confirm ? call(confirm.run) : Promise.resolve(false))}
      />
    </Box>
  );
}
