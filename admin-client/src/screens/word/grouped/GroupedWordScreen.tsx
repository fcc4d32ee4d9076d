import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Checkbox,
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
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { EXPORT_HEADER, type PageResult } from '@zhiwen/shared';
import { saveBlob } from '../../../components/download';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { ConfirmDialog, FieldDialog, type DialogField, type FormValues } from './WordDialogs';
import { PagePagination, usePaging } from '../../../components/PagePagination';
import { RowActions } from '../../../components/RowActions';
import { EmptyTableRow } from '../../../components/EmptyTableRow';

/** A node of `GET <group>/treedata`. */
export interface GroupNode {
  id: string;
  parentId: string;
  label: string;
  props: { code?: string; sort?: number; logo?: string; remark?: string; wordTotal?: number };
  children: GroupNode[];
}

export type WordRow = Record<string, unknown> & { wordId: string; word: string };

/** What differs between the tag word and hot word screens. */
export interface GroupedWordConfig {
  /** Words API, e.g. `/word/tagword`; groups at `<api>/group`. */
  api: string;
  /** Permission prefix, e.g. `cms:tagword`. */
  perm: string;
  /** i18n object of the screen, e.g. `app.word_tag` (title, add_title, edit_title). */
  i18n: string;
  /** Groups nest (tag word groups): the group dialog offers a parent. */
  tree: boolean;
  wordFields: DialogField[];
  wordDefaults: FormValues;
  /** Body of a word's add (with groupId) or edit (with wordId). */
  wordBody: (values: FormValues) => Record<string, unknown>;
  columns: Array<{ key: string; label: string; render?: (row: WordRow) => ReactNode }>;
  /** Extra toolbar buttons (batch add), given the selected group and a reload. */
  extraActions?: (groupId: string, reload: () => void) => ReactNode;
}

const flatten = (nodes: GroupNode[], depth = 0): Array<GroupNode & { depth: number }> =>
  nodes.flatMap((n) => [{ ...n, depth }, ...flatten(n.children, depth + 1)]);

/** A group tree (or list) beside the selected group's words, with add, edit, delete and export, as ChestnutCMS. */
export function GroupedWordScreen({ config }: { config: GroupedWordConfig }) {
  const translate = useTranslate();
  const notify = useNotify();
  const can = {
    add: useHasPermission(`${config.perm}:add`),
    edit: useHasPermission(`${config.perm}:edit`),
    remove: useHasPermission(`${config.perm}:remove`),
  };
  const groupsData = useApiData<GroupNode[]>(`${config.api}/group/treedata`);
  const groups = useMemo(() => flatten(groupsData.data ?? []), [groupsData.data]);
  const [groupId, setGroupId] = useState<string>('');
  useEffect(() => {
    if (groups.length && !groups.some((g) => g.id === groupId)) setGroupId(groups[0].id);
    if (!groups.length && groupId) setGroupId('');
  }, [groups, groupId]);
  const group = groups.find((g) => g.id === groupId);

  const [query, setQuery] = useState('');
  const paging = usePaging();
  const { page, pageSize } = paging;
  const params = { groupId, query: query || undefined, pageNum: page, pageSize };
  const words = useApiData<PageResult<WordRow>>(groupId ? config.api : undefined, params);
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => setSelected([]), [groupId, page, query]);

  const [groupDialog, setGroupDialog] = useState<null | 'add' | 'edit'>(null);
  const [wordDialog, setWordDialog] = useState<null | WordRow | 'add'>(null);
  const [confirm, setConfirm] = useState<null | { title: string; content: string; run: () => Promise<unknown> }>(null);

  const reloadAll = () => {
    groupsData.reload();
    words.reload();
  };
  /** Runs a call, notifies its outcome and reloads; answers whether it succeeded. */
  const call = async (run: () => Promise<unknown>): Promise<boolean> => {
    try {
      await run();
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      reloadAll();
      return true;
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      return false;
    }
  };

  const groupFields: DialogField[] = [
    { name: 'name', label: 'app.word_common.group_name', required: true },
    { name: 'code', label: 'app.word_common.group_code', required: true, helperText: 'app.word_common.group_code_help' },
    ...(config.tree
      ? [
          {
            name: 'parentId',
            label: 'app.word_common.parent_group',
            type: 'select' as const,
            options: [
              { value: '0', label: 'app.word_common.top_level' },
              ...groups
                .filter((g) => groupDialog !== 'edit' || g.id !== groupId)
                .map((g) => ({ value: g.id, label: `${'　'.repeat(g.depth)}${g.label}` })),
            ],
          },
        ]
      : []),
    { name: 'sortFlag', label: 'app.word_common.sort', type: 'number' },
    { name: 'remark', label: 'app.word_common.remark', type: 'multiline' },
  ];
  const groupInitial: FormValues =
    groupDialog === 'edit' && group
      ? {
          name: group.label,
          code: group.props.code ?? '',
          parentId: group.parentId || '0',
          sortFlag: String(group.props.sort ?? 0),
          remark: group.props.remark ?? '',
        }
      : { name: '', code: '', parentId: groupDialog === 'add' && group && config.tree ? group.id : '0', sortFlag: '0', remark: '' };
  const saveGroup = (v: FormValues) =>
    call(() => {
      const body: Record<string, unknown> = { name: v.name.trim(), code: v.code.trim(), sortFlag: Number(v.sortFlag) || 0, remark: v.remark ?? '' };
      if (config.tree) body.parentId = v.parentId || '0';
      return groupDialog === 'edit' ? httpClient.put(`${config.api}/group`, { ...body, groupId }) : httpClient.post(`${config.api}/group`, body);
    });

  const saveWord = (v: FormValues) =>
    call(() =>
      wordDialog === 'add'
        ? httpClient.post(config.api, { ...config.wordBody(v), groupId })
        : httpClient.put(config.api, { ...config.wordBody(v), wordId: (wordDialog as WordRow).wordId }),
    );
  const wordInitial: FormValues =
    wordDialog && wordDialog !== 'add'
      ? Object.fromEntries(config.wordFields.map((f) => [f.name, String(wordDialog[f.name] ?? '')]))
      : config.wordDefaults;

  const removeWords = (ids: string[], names: string) =>
    setConfirm({
      title: translate('app.word_common.delete_title'),
      content: translate('app.word_common.delete_confirm', { names }),
      run: () => httpClient.delete(config.api, { data: ids }),
    });

  const exportWords = async () => {
    try {
      const { blob, fileName } = await httpClient.download(config.api, { groupId }, { [EXPORT_HEADER]: '1' });
      saveBlob(blob, fileName);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  const rows = words.data?.rows ?? [];
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mt: 1 }}>
      <Title title={translate(`${config.i18n}.title`)} />
      <Paper sx={{ width: 280, flexShrink: 0, p: 1 }} aria-label={translate('app.word_common.groups')} component="section">
        <Stack direction="row" spacing={0.5} sx={{ mb: 1, flexWrap: 'wrap' }}>
          {can.add && (
            <Button size="small" startIcon={<AddIcon />} onClick={() => setGroupDialog('add')}>
              {translate('app.word_common.add_group')}
            </Button>
          )}
          {can.edit && group && (
            <Button size="small" startIcon={<EditIcon />} onClick={() => setGroupDialog('edit')}>
              {translate('app.word_common.edit_group')}
            </Button>
          )}
          {can.remove && group && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() =>
                setConfirm({
                  title: translate('app.word_common.delete_group'),
                  content: translate('app.word_common.delete_group_confirm', { name: group.label }),
                  run: () => httpClient.delete(`${config.api}/group`, { data: [group.id] }),
                })
              }
            >
              {translate('app.word_common.delete_group')}
            </Button>
          )}
        </Stack>
        {!groups.length && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
            {translate('app.word_common.no_group')}
          </Typography>
        )}
        <List dense disablePadding>
          {groups.map((g) => (
            <ListItemButton key={g.id} selected={g.id === groupId} onClick={() => setGroupId(g.id)} sx={{ pl: 1 + g.depth * 2 }}>
              <ListItemText primary={g.label} secondary={`${g.props.code ?? ''} · ${g.props.wordTotal ?? 0}`} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Paper sx={{ flex: 1, p: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={translate('app.word_common.search')}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              paging.reset();
            }}
          />
          {can.add && (
            <Button variant="contained" size="small" startIcon={<AddIcon />} disabled={!groupId} onClick={() => setWordDialog('add')}>
              {translate('app.word_common.add')}
            </Button>
          )}
          {can.add && groupId && config.extraActions?.(groupId, reloadAll)}
          {can.remove && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={!selected.length}
              onClick={() =>
                removeWords(
                  selected,
                  rows
                    .filter((r) => selected.includes(r.wordId))
                    .map((r) => r.word)
                    .join('、'),
                )
              }
            >
              {translate('app.word_common.delete_selected')}
            </Button>
          )}
          <Button size="small" startIcon={<DownloadIcon />} disabled={!groupId} onClick={() => void exportWords()}>
            {translate('app.word_common.export')}
          </Button>
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={rows.length > 0 && selected.length === rows.length}
                  onChange={(e) => setSelected(e.target.checked ? rows.map((r) => r.wordId) : [])}
                  slotProps={{ input: { 'aria-label': translate('app.word_common.select_all') } }}
                />
              </TableCell>
              {config.columns.map((c) => (
                <TableCell key={c.key}>{translate(c.label)}</TableCell>
              ))}
              <TableCell>{translate('app.word_common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.wordId} hover>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.includes(row.wordId)}
                    onChange={(e) => setSelected((s) => (e.target.checked ? [...s, row.wordId] : s.filter((id) => id !== row.wordId)))}
                    slotProps={{ input: { 'aria-label': row.word } }}
                  />
                </TableCell>
                {config.columns.map((c) => (
                  <TableCell key={c.key}>{c.render ? c.render(row) : String(row[c.key] ?? '')}</TableCell>
                ))}
                <TableCell>
                  <RowActions
                    name={row.word}
                    onEdit={can.edit ? () => setWordDialog(row) : undefined}
                    onDelete={can.remove ? () => removeWords([row.wordId], row.word) : undefined}
                  />
                </TableCell>
              </TableRow>
            ))}
            {!rows.length && <EmptyTableRow colSpan={config.columns.length + 2} />}
          </TableBody>
        </Table>
        <PagePagination total={words.data?.total ?? 0} {...paging.pager} />
      </Paper>
      <FieldDialog
        open={groupDialog !== null}
        title={groupDialog === 'edit' ? 'app.word_common.edit_group' : 'app.word_common.add_group'}
        fields={groupFields}
        initial={groupInitial}
        onClose={() => setGroupDialog(null)}
        onSubmit={saveGroup}
      />
      <FieldDialog
        open={wordDialog !== null}
        title={wordDialog === 'add' ? `${config.i18n}.add_title` : `${config.i18n}.edit_title`}
        fields={config.wordFields}
        initial={wordInitial}
        onClose={() => setWordDialog(null)}
        onSubmit={saveWord}
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
