import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { EXPORT_HEADER, type PageResult } from '@zhiwen/shared';
import { saveBlob } from '../../../components/download';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { ConfirmDialog, FieldDialog, type DialogField, type FormValues } from '../grouped/WordDialogs';
import { PagePagination, usePaging } from '../../../components/PagePagination';
import { RowActions } from '../../../components/RowActions';
import { EmptyTableRow } from '../../../components/EmptyTableRow';

interface ErrorProneRow {
  wordId: string;
  word: string;
  replaceWord: string;
  remark: string;
}

const API = '/word/errorproneword';
const FIELDS: DialogField[] = [
  { name: 'word', label: 'app.word_errorprone.word', required: true },
  { name: 'replaceWord', label: 'app.word_errorprone.replace_word', required: true },
  { name: 'remark', label: 'app.word_common.remark', type: 'multiline' },
];

/** 易错词: error-prone words and their replacements (one list for all sites). */
export function ErrorProneWordScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const can = {
    add: useHasPermission('cms:errorproneword:add'),
    edit: useHasPermission('cms:errorproneword:edit'),
    remove: useHasPermission('cms:errorproneword:remove'),
  };
  const [query, setQuery] = useState('');
  const paging = usePaging();
  const { page, pageSize } = paging;
  const list = useApiData<PageResult<ErrorProneRow>>(API, { query: query || undefined, pageNum: page, pageSize });
  const [dialog, setDialog] = useState<null | 'add' | ErrorProneRow>(null);
  const [removing, setRemoving] = useState<ErrorProneRow | null>(null);

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
  const initial: FormValues =
    dialog && dialog !== 'add'
      ? { word: dialog.word, replaceWord: dialog.replaceWord, remark: dialog.remark }
      : { word: '', replaceWord: '', remark: '' };
  const save = (v: FormValues) => {
    const body = { word: v.word.trim(), replaceWord: v.replaceWord.trim(), remark: v.remark ?? '' };
    return call(() => (dialog === 'add' ? httpClient.post(API, body) : httpClient.put(API, { ...body, wordId: (dialog as ErrorProneRow).wordId })));
  };
  const exportWords = async () => {
    try {
      const { blob, fileName } = await httpClient.download(API, { query: query || undefined }, { [EXPORT_HEADER]: '1' });
      saveBlob(blob, fileName);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const rows = list.data?.rows ?? [];
  return (
    <Paper sx={{ p: 1, mt: 1 }}>
      <Title title={translate('app.word_errorprone.title')} />
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
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
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog('add')}>
            {translate('app.word_common.add')}
          </Button>
        )}
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => void exportWords()}>
          {translate('app.word_common.export')}
        </Button>
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.word_errorprone.word')}</TableCell>
            <TableCell>{translate('app.word_errorprone.replace_word')}</TableCell>
            <TableCell>{translate('app.word_common.remark')}</TableCell>
            <TableCell>{translate('app.word_common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.wordId} hover>
              <TableCell>{row.word}</TableCell>
              <TableCell>{row.replaceWord}</TableCell>
              <TableCell>{row.remark}</TableCell>
              <TableCell>
                <RowActions
                  name={row.word}
                  onEdit={can.edit ? () => setDialog(row) : undefined}
                  onDelete={can.remove ? () => setRemoving(row) : undefined}
                />
              </TableCell>
            </TableRow>
          ))}
          {!rows.length && <EmptyTableRow colSpan={4} />}
        </TableBody>
      </Table>
      <PagePagination total={list.data?.total ?? 0} {...paging.pager} />
      <FieldDialog
        open={dialog !== null}
        title={dialog === 'add' ? 'app.word_errorprone.add_title' : 'app.word_errorprone.edit_title'}
        fields={FIELDS}
        initial={initial}
        onClose={() => setDialog(null)}
        onSubmit={save}
      />
      <ConfirmDialog
        open={removing !== null}
        title={translate('app.word_common.delete_title')}
        content={translate('app.word_common.delete_confirm', { names: removing?.word ?? '' })}
        onClose={() => setRemoving(null)}
        onConfirm={() => (removing ? call(() => httpClient.delete(API, { data: [removing.wordId] })) : Promise.resolve(false))}
      />
    </Paper>
  );
}
