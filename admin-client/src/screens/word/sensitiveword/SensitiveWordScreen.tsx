import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { EXPORT_HEADER, type PageResult } from '@zhiwen/shared';
import { saveBlob } from '../../../components/download';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { PagePagination, usePaging } from '../../../components/PagePagination';
import { RowActions } from '../../../components/RowActions';
import { EmptyTableRow } from '../../../components/EmptyTableRow';

export type SensitiveWordType = 'sensitive' | 'whitelist';

export interface SensitiveWordRow {
  wordId: string;
  word: string;
  wordType: SensitiveWordType;
  replaceWord: string;
  remark: string;
  createTime: string;
}

interface CheckResult {
  hits: Array<{ word: string; text: string; start: number; end: number }>;
  masked: string;
}

export const SENSITIVE_WORD_API = '/word/sensitiveword';
const API = SENSITIVE_WORD_API;
const TYPES: SensitiveWordType[] = ['sensitive', 'whitelist'];

/** Body of an add or edit: trimmed word and replacement. */
export function sensitiveWordBody(v: { word: string; wordType: SensitiveWordType; replaceWord: string; remark: string }) {
  return { word: v.word.trim(), wordType: v.wordType, replaceWord: v.replaceWord.trim(), remark: v.remark };
}

/** 词汇 > 敏感词: sensitive and whitelist words, their import, export and a text check (one list for all sites). */
export function SensitiveWordScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const can = {
    add: useHasPermission('cms:sensitiveword:add'),
    edit: useHasPermission('cms:sensitiveword:edit'),
    remove: useHasPermission('cms:sensitiveword:remove'),
  };
  const [word, setWord] = useState('');
  const [wordType, setWordType] = useState<'' | SensitiveWordType>('');
  const paging = usePaging();
  const { page, pageSize } = paging;
  const filters = { word: word.trim() || undefined, wordType: wordType || undefined };
  const list = useApiData<PageResult<SensitiveWordRow>>(API, { ...filters, pageNum: page, pageSize }, { notifyErrors: true });
  const [editing, setEditing] = useState<null | 'add' | SensitiveWordRow>(null);
  const [removing, setRemoving] = useState<SensitiveWordRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [checking, setChecking] = useState(false);

  const run = async (action: () => Promise<{ msg?: string } | unknown>): Promise<boolean> => {
    try {
      const res = (await action()) as { msg?: string } | undefined;
      notify(res?.msg || 'app.comment.done', { type: 'success' });
      list.reload();
      return true;
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      return false;
    }
  };
  const exportWords = async () => {
    try {
      const { blob, fileName } = await httpClient.download(API, filters, { [EXPORT_HEADER]: '1' });
      saveBlob(blob, fileName);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const rows = list.data?.rows ?? [];
  return (
    <Paper sx={{ p: 1, mt: 1 }}>
      <Title title={translate('app.word_sensitive.title')} />
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={translate('app.word_sensitive.search')}
          value={word}
          onChange={(e) => {
            setWord(e.target.value);
            paging.reset();
          }}
        />
        <TextField
          select
          size="small"
          sx={{ minWidth: 140 }}
          label={translate('app.word_sensitive.type')}
          value={wordType}
          onChange={(e) => {
            setWordType(e.target.value as '' | SensitiveWordType);
            paging.reset();
          }}
        >
          <MenuItem value="">{translate('app.word_sensitive.all_types')}</MenuItem>
          {TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {translate(`app.word_sensitive.type_${type}`)}
            </MenuItem>
          ))}
        </TextField>
        {can.add && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setEditing('add')}>
            {translate('app.word_sensitive.add')}
          </Button>
        )}
        {can.add && (
          <Button size="small" startIcon={<UploadIcon />} onClick={() => setImporting(true)}>
            {translate('app.word_sensitive.import_btn')}
          </Button>
        )}
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => void exportWords()}>
          {translate('app.word_sensitive.export')}
        </Button>
        <Button size="small" startIcon={<FactCheckIcon />} onClick={() => setChecking(true)}>
          {translate('app.word_sensitive.check')}
        </Button>
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.word_sensitive.word')}</TableCell>
            <TableCell>{translate('app.word_sensitive.type')}</TableCell>
            <TableCell>{translate('app.word_sensitive.replace_word')}</TableCell>
            <TableCell>{translate('app.word_sensitive.remark')}</TableCell>
            <TableCell>{translate('app.word_sensitive.created')}</TableCell>
            <TableCell>{translate('app.word_sensitive.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.wordId} hover>
              <TableCell>{row.word}</TableCell>
              <TableCell>{translate(`app.word_sensitive.type_${row.wordType}`)}</TableCell>
              <TableCell>{row.replaceWord}</TableCell>
              <TableCell>{row.remark}</TableCell>
              <TableCell>
                {String(row.createTime ?? '')
                  .replace('T', ' ')
                  .slice(0, 19)}
              </TableCell>
              <TableCell>
                <RowActions
                  name={row.word}
                  onEdit={can.edit ? () => setEditing(row) : undefined}
                  onDelete={can.remove ? () => setRemoving(row) : undefined}
                />
              </TableCell>
            </TableRow>
          ))}
          {!rows.length && <EmptyTableRow colSpan={6} />}
        </TableBody>
      </Table>
      <PagePagination total={list.data?.total ?? 0} {...paging.pager} />
      {editing && (
        <WordDialog
          row={editing === 'add' ? null : editing}
          onClose={() => setEditing(null)}
          onSubmit={(body) =>
            run(() =>
              editing === 'add' ? httpClient.post(API, body) : httpClient.put(API, { ...body, wordId: (editing as SensitiveWordRow).wordId }),
            )
          }
        />
      )}
      <Dialog open={removing !== null} onClose={() => setRemoving(null)}>
        <DialogTitle>{translate('app.word_sensitive.delete_title')}</DialogTitle>
        <DialogContent>{translate('app.word_sensitive.delete_confirm', { names: removing?.word ?? '' })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{translate('app.word_sensitive.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              const row = removing;
              setRemoving(null);
              if (row) void run(() => httpClient.delete(API, { data: [row.wordId] }));
            }}
          >
            {translate('ra.action.delete')}
          </Button>
        </DialogActions>
      </Dialog>
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onSubmit={(form) => run(() => httpClient.upload(`${API}/import`, form)).then((ok) => ok && setImporting(false))}
        />
      )}
      {checking && <CheckDialog onClose={() => setChecking(false)} />}
    </Paper>
  );
}

function WordDialog({
  row,
  onClose,
  onSubmit,
}: {
  row: SensitiveWordRow | null;
  onClose: () => void;
  onSubmit: (body: ReturnType<typeof sensitiveWordBody>) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const [values, setValues] = useState({
    word: row?.word ?? '',
    wordType: row?.wordType ?? ('sensitive' as SensitiveWordType),
    replaceWord: row?.replaceWord ?? '',
    remark: row?.remark ?? '',
  });
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(row ? 'app.word_sensitive.edit_title' : 'app.word_sensitive.add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate('app.word_sensitive.word')}
            value={values.word}
            onChange={set('word')}
            required
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <TextField select label={translate('app.word_sensitive.type')} value={values.wordType} onChange={set('wordType')}>
            {TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {translate(`app.word_sensitive.type_${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('app.word_sensitive.replace_word')}
            helperText={translate('app.word_sensitive.replace_help')}
            value={values.replaceWord}
            onChange={set('replaceWord')}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <TextField
            label={translate('app.word_sensitive.remark')}
            value={values.remark}
            onChange={set('remark')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.word_sensitive.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || !values.word.trim()}
          onClick={async () => {
            setBusy(true);
            const ok = await onSubmit(sensitiveWordBody(values));
            setBusy(false);
            if (ok) onClose();
          }}
        >
          {translate('app.word_sensitive.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ImportDialog({ onClose, onSubmit }: { onClose: () => void; onSubmit: (form: FormData) => Promise<unknown> }) {
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const [wordType, setWordType] = useState<SensitiveWordType>('sensitive');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.word_sensitive.import_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Alert severity="info">{translate('app.word_sensitive.import_help')}</Alert>
          <TextField
            select
            label={translate('app.word_sensitive.import_as')}
            value={wordType}
            onChange={(e) => setWordType(e.target.value as SensitiveWordType)}
          >
            {TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {translate(`app.word_sensitive.type_${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button component="label" variant="outlined">
            {file ? file.name : translate('app.word_sensitive.file')}
            <input
              hidden
              type="file"
              accept=".txt,.xlsx,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={translate('app.word_sensitive.file')}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.word_sensitive.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!file}
          onClick={() => {
            if (!file) return;
            const form = new FormData();
            form.append('file', file);
            form.append('wordType', wordType);
            void onSubmit(form);
          }}
        >
          {translate('app.word_sensitive.import_btn')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CheckDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [result, setResult] = useState<CheckResult | null>(null);
  const check = async () => {
    try {
      const res = await httpClient.post<CheckResult>(`${API}/check`, { text });
      setResult(res.data ?? null);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('app.word_sensitive.check_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate('app.word_sensitive.check_text')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={4}
          />
          {result &&
            (result.hits.length ? (
              <Alert severity="warning">
                {translate('app.word_sensitive.check_found', { count: result.hits.length })}：
                {result.hits.map((h) => `${h.text}（${h.word}）`).join('、')}
              </Alert>
            ) : (
              <Alert severity="success">{translate('app.word_sensitive.check_none')}</Alert>
            ))}
          {result && result.hits.length > 0 && (
            <TextField
              label={translate('app.word_sensitive.masked')}
              value={result.masked}
              multiline
              minRows={2}
              slotProps={{ input: { readOnly: true } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.comment.close')}</Button>
        <Button variant="contained" disabled={!text} onClick={() => void check()}>
          {translate('app.word_sensitive.check_run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
