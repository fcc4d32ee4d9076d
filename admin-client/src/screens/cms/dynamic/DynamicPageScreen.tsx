import AddIcon from '@mui/icons-material/Add';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { API_BASE, type PageResult } from '@zhiwen/shared';
import { EmptyTableRow } from '../../../components/EmptyTableRow';
import { PagePagination, usePaging } from '../../../components/PagePagination';
import { RowActions } from '../../../components/RowActions';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { ConfirmDialog } from '../../word/grouped/WordDialogs';
import { usePipeChoices } from '../template/TemplateScreens';

interface DynamicPageRow {
  pageId: string;
  siteId: string;
  name: string;
  code: string;
  path: string;
  description: string;
  initDataTypes: string[];
  templates: Record<string, string>;
  cacheSeconds: number;
  enabled: boolean;
  remark: string;
}

interface InitType {
  type: string;
  name: string;
  description: string;
}

type Form = Omit<DynamicPageRow, 'pageId' | 'siteId' | 'cacheSeconds'> & { cacheSeconds: string };

const EMPTY: Form = {
  name: '',
  code: '',
  path: '',
  description: '',
  initDataTypes: [],
  templates: {},
  cacheSeconds: '60',
  enabled: true,
  remark: '',
};

/** The public address of a page on a pipe (rendered per request by the server). */
const pageUrl = (row: Pick<DynamicPageRow, 'siteId' | 'path'>, pipe: string) => `${API_BASE}/api/dynamic/${row.siteId}/${pipe}/${row.path}`;

function PageDialog({
  open,
  initial,
  initTypes,
  onClose,
  onSubmit,
}: {
  open: boolean;
  initial: DynamicPageRow | null;
  initTypes: InitType[];
  onClose: () => void;
  onSubmit: (form: Form) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const pipes = usePipeChoices();
  const [form, setForm] = useState<Form>(EMPTY);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setForm(initial ? { ...initial, cacheSeconds: String(initial.cacheSeconds) } : EMPTY);
  }, [open, initial]);
  const text = (name: 'name' | 'code' | 'path' | 'description' | 'cacheSeconds' | 'remark') => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });
  const submit = async () => {
    setBusy(true);
    try {
      if (await onSubmit(form)) onClose();
    } finally {
      setBusy(false);
    }
  };
  const hasTemplate = Object.values(form.templates).some((v) => v.trim());
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="dynamic-dialog-title">
      <DialogTitle id="dynamic-dialog-title">{translate(initial ? 'app.cms_dynamic.edit' : 'app.cms_dynamic.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2}>
            <TextField size="small" fullWidth required label={translate('app.cms_dynamic.name')} {...text('name')} />
            <TextField
              size="small"
              fullWidth
              required
              label={translate('app.cms_dynamic.code')}
              helperText={translate('app.cms_dynamic.code_help')}
              {...text('code')}
            />
          </Stack>
          <TextField
            size="small"
            required
            label={translate('app.cms_dynamic.path')}
            helperText={translate('app.cms_dynamic.path_help')}
            {...text('path')}
          />
          <TextField size="small" label={translate('app.cms_dynamic.description')} {...text('description')} />
          <Box>
            <FormLabel component="legend">{translate('app.cms_dynamic.init_types')}</FormLabel>
            <FormGroup row>
              {initTypes.map((it) => (
                <Tooltip key={it.type} title={it.description}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={form.initDataTypes.includes(it.type)}
                        onChange={(e) =>
                          setForm((f) => ({
                            ...f,
                            initDataTypes: e.target.checked ? [...f.initDataTypes, it.type] : f.initDataTypes.filter((x) => x !== it.type),
                          }))
                        }
                      />
                    }
                    label={it.name}
                  />
                </Tooltip>
              ))}
            </FormGroup>
          </Box>
          <Box>
            <FormLabel component="legend">{translate('app.cms_dynamic.templates')}</FormLabel>
            <Stack spacing={1} sx={{ mt: 1 }}>
              {pipes.map((p) => (
                <TextField
                  key={p.id}
                  size="small"
                  label={p.name}
                  placeholder="search.template.html"
                  value={form.templates[p.id] ?? ''}
                  onChange={(e) => setForm((f) => ({ ...f, templates: { ...f.templates, [p.id]: e.target.value } }))}
                />
              ))}
            </Stack>
          </Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              type="number"
              label={translate('app.cms_dynamic.cache_seconds')}
              helperText={translate('app.cms_dynamic.cache_help')}
              {...text('cacheSeconds')}
            />
            <FormControlLabel
              control={<Switch checked={form.enabled} onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))} />}
              label={translate('app.cms_dynamic.enabled')}
            />
          </Stack>
          <TextField size="small" multiline minRows={2} label={translate('app.cms_dynamic.remark')} {...text('remark')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || !form.name.trim() || !form.code.trim() || !form.path.trim() || !hasTemplate}
          onClick={() => void submit()}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 模板 > 动态模板: pages of the site rendered per request (search results, member pages, form results). */
export function DynamicPageScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const can = {
    add: useHasPermission('cms:dynamicpage:add'),
    edit: useHasPermission('cms:dynamicpage:edit'),
    remove: useHasPermission('cms:dynamicpage:remove'),
  };
  const initTypes = useApiData<InitType[]>('/cms/dynamic_page/init_data_types').data ?? [];
  const [query, setQuery] = useState('');
  const paging = usePaging();
  const { page, pageSize } = paging;
  const list = useApiData<PageResult<DynamicPageRow>>('/cms/dynamic_page/list', { query: query || undefined, pageNum: page, pageSize });
  const rows = list.data?.rows ?? [];
  const [dialog, setDialog] = useState<null | 'add' | DynamicPageRow>(null);
  const [confirm, setConfirm] = useState<null | DynamicPageRow>(null);
  const typeName = (type: string) => initTypes.find((x) => x.type === type)?.name ?? type;

  const call = async (run: () => Promise<unknown>): Promise<boolean> => {
    try {
      await run();
      notify('app.cms_dynamic.saved', { type: 'success' });
      list.reload();
      return true;
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      return false;
    }
  };
  const save = (form: Form) => {
    const body = {
      name: form.name.trim(),
      code: form.code.trim(),
      path: form.path.trim(),
      description: form.description,
      initDataTypes: form.initDataTypes,
      templates: Object.fromEntries(
        Object.entries(form.templates)
          .filter(([, v]) => v.trim())
          .map(([k, v]) => [k, v.trim()]),
      ),
      cacheSeconds: Number(form.cacheSeconds),
      enabled: form.enabled,
      remark: form.remark,
    };
    return call(() =>
      dialog && dialog !== 'add'
        ? httpClient.put('/cms/dynamic_page', { ...body, pageId: dialog.pageId })
        : httpClient.post('/cms/dynamic_page', body),
    );
  };

  return (
    <Paper sx={{ p: 1, mt: 1 }}>
      <Title title={translate('app.cms_dynamic.title')} />
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={translate('app.cms_dynamic.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            paging.reset();
          }}
        />
        {can.add && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog('add')}>
            {translate('app.cms_dynamic.add')}
          </Button>
        )}
        <Typography variant="caption" color="text.secondary">
          {translate('app.cms_dynamic.help')}
        </Typography>
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.cms_dynamic.name')}</TableCell>
            <TableCell>{translate('app.cms_dynamic.code')}</TableCell>
            <TableCell>{translate('app.cms_dynamic.path')}</TableCell>
            <TableCell>{translate('app.cms_dynamic.init_types')}</TableCell>
            <TableCell>{translate('app.cms_dynamic.cache_seconds')}</TableCell>
            <TableCell>{translate('app.cms_dynamic.enabled')}</TableCell>
            <TableCell>{translate('app.cms_dynamic.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.pageId} hover>
              <TableCell>{row.name}</TableCell>
              <TableCell>{row.code}</TableCell>
              <TableCell>/{row.path}</TableCell>
              <TableCell>{row.initDataTypes.map(typeName).join('、')}</TableCell>
              <TableCell>{row.cacheSeconds}</TableCell>
              <TableCell>{translate(row.enabled ? 'app.cms_dynamic.yes' : 'app.cms_dynamic.no')}</TableCell>
              <TableCell>
                {Object.keys(row.templates).map((pipe) => (
                  <Tooltip key={pipe} title={`${translate('app.cms_dynamic.open')} (${pipe})`}>
                    <IconButton
                      size="small"
                      component="a"
                      href={pageUrl(row, pipe)}
                      target="_blank"
                      rel="noopener"
                      aria-label={`${translate('app.cms_dynamic.open')} ${row.name} ${pipe}`}
                    >
                      <OpenInNewIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ))}
                <RowActions
                  name={row.name}
                  onEdit={can.edit ? () => setDialog(row) : undefined}
                  onDelete={can.remove ? () => setConfirm(row) : undefined}
                />
              </TableCell>
            </TableRow>
          ))}
          {!rows.length && <EmptyTableRow colSpan={7} />}
        </TableBody>
      </Table>
      <PagePagination total={list.data?.total ?? 0} {...paging.pager} />
      <PageDialog
        open={dialog !== null}
        initial={dialog && dialog !== 'add' ? dialog : null}
        initTypes={initTypes}
        onClose={() => setDialog(null)}
        onSubmit={save}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={translate('app.cms_dynamic.delete_title')}
        content={translate('app.cms_dynamic.delete_confirm', { name: confirm?.name ?? '' })}
        onClose={() => setConfirm(null)}
        onConfirm={() => (confirm ? call(() => httpClient.delete('/cms/dynamic_page', { data: [confirm.pageId] })) : Promise.resolve(false))}
      />
    </Paper>
  );
}
