import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import GridViewIcon from '@mui/icons-material/GridView';
import ViewListIcon from '@mui/icons-material/ViewList';
import {
  Box,
  Button as MuiButton,
  Card,
  CardActionArea,
  CardActions,
  Checkbox,
  FormControlLabel,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '@zhiwen/shared';
import { PagePagination } from '../../../components/PagePagination';
import { saveBlob } from '../../../components/download';
import { formatSize } from '../../../components/formatSize';
import { ResourceEditDialog } from './ResourceEditDialog';
import { ResourcePreview } from './ResourcePreview';
import { extsOfKinds, RESOURCE_TYPES, type ResourceFilters, type ResourceRow, type ResourceType } from './resource';
import { resourceApi, useResourceTypes, useUploadLimits } from './resourceApi';
import { UploadZone } from './UploadZone';

export interface ResourceBrowserProps {
  /** Types shown (a picker that wants images); all when empty. */
  kinds?: ResourceType[];
  /** Site of the library; the current site when absent. */
  siteId?: string;
  /** Picker: clicking a row selects it instead of opening it. */
  pick?: { multiple?: boolean; selected: ResourceRow[]; onChange: (rows: ResourceRow[]) => void };
  canUpload: boolean;
  canEdit: boolean;
  canRemove: boolean;
  canDownload: boolean;
  /** Rows per page of the first view. */
  pageSize?: number;
}

const PAGE_SIZES = [10, 20, 30, 50];

/** Browse, filter, upload and manage the resources of a site: the library screen, the material screen and the picker. */
export function ResourceBrowser({
  kinds,
  siteId,
  pick,
  canUpload,
  canEdit,
  canRemove,
  canDownload,
  pageSize: firstPageSize = 20,
}: ResourceBrowserProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useMemo(() => resourceApi(siteId), [siteId]);
  const types = useResourceTypes(api);
  const limits = useUploadLimits(siteId);
  const exts = useMemo(() => extsOfKinds(kinds, limits, types), [kinds, limits, types]);
  const [view, setView] = useState<'grid' | 'table'>('grid');
  const [filters, setFilters] = useState<ResourceFilters>({ resourceType: kinds?.length === 1 ? kinds[0] : '' });
  const [nameInput, setNameInput] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(firstPageSize);
  const [data, setData] = useState<{ rows: ResourceRow[]; total: number }>();
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const [checked, setChecked] = useState<string[]>([]);
  const [editing, setEditing] = useState<ResourceRow | null>(null);
  const [removing, setRemoving] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // The name filter applies when typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((f) => (f.name === nameInput ? f : { ...f, name: nameInput }));
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [nameInput]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    // A picker restricted to several kinds without a type chosen lists every type; the server's check is by type.
    api
      .list(filters, page, pageSize)
      .then((r) => live && setData(r))
      .catch((err: Error) => live && notify(err.message, { type: 'error' }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, filters, page, pageSize, version, notify]);

  const rows = useMemo(() => (data?.rows ?? []).filter((r) => !kinds?.length || kinds.includes(r.resourceType)), [data, kinds]);
  const typeChoices = kinds?.length ? RESOURCE_TYPES.filter((t) => kinds.includes(t)) : RESOURCE_TYPES;
  const typeName = (id: string) => types?.find((t) => t.id === id)?.name || translate(`app.cms_resource.type_${id}`);
  const setFilter = (patch: Partial<ResourceFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const isPicked = (row: ResourceRow) => !!pick?.selected.some((r) => r.resourceId === row.resourceId);
  const togglePick = (row: ResourceRow) => {
    if (!pick) return;
    if (isPicked(row)) pick.onChange(pick.selected.filter((r) => r.resourceId !== row.resourceId));
    else pick.onChange(pick.multiple ? [...pick.selected, row] : [row]);
  };
  const isChecked = (row: ResourceRow) => checked.includes(row.resourceId);
  const toggleChecked = (row: ResourceRow) =>
    setChecked((c) => (c.includes(row.resourceId) ? c.filter((id) => id !== row.resourceId) : [...c, row.resourceId]));

  const download = async (row: ResourceRow) => {
    try {
      const { blob, fileName } = await api.download(row.resourceId);
      saveBlob(blob, fileName && fileName !== 'export.xlsx' ? fileName : `${row.name}.${row.suffix}`);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await api.remove(removing);
      notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: removing.length } });
      setChecked((c) => c.filter((id) => !removing.includes(id)));
      if (pick) pick.onChange(pick.selected.filter((r) => !removing.includes(r.resourceId)));
      setRemoving(null);
      reload();
    } catch (err) {
      // The server names the published content that still uses a resource: shown as it is.
      notify((err as Error).message, { type: 'error', multiLine: true });
      setRemoving(null);
    } finally {
      setBusy(false);
    }
  };
  const uploaded = (created: ResourceRow[]) => {
    reload();
    if (pick && created.length) {
      const usable = created.filter((r) => !kinds?.length || kinds.includes(r.resourceType));
      if (usable.length) pick.onChange(pick.multiple ? [...pick.selected, ...usable] : [usable[usable.length - 1]]);
    }
  };

  const rowActions = (row: ResourceRow) => (
    <>
      {canEdit ? (
        <Tooltip title={translate('ra.action.edit')}>
          <IconButton size="small" aria-label={`${translate('ra.action.edit')} ${row.name}`} onClick={() => setEditing(row)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {canDownload ? (
        <Tooltip title={translate('app.cms_resource.download')}>
          <IconButton size="small" aria-label={`${translate('app.cms_resource.download')} ${row.name}`} onClick={() => void download(row)}>
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {canRemove ? (
        <Tooltip title={translate('ra.action.delete')}>
          <IconButton
            size="small"
            color="error"
            aria-label={`${translate('ra.action.delete')} ${row.name}`}
            onClick={() => setRemoving([row.resourceId])}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </>
  );
  const selectBox = (row: ResourceRow) =>
    pick ? (
      <Checkbox
        size="small"
        checked={isPicked(row)}
        onChange={() => togglePick(row)}
        slotProps={{ input: { 'aria-label': translate('app.cms_resource.pick_one', { name: row.name }) } }}
      />
    ) : canRemove ? (
      <Checkbox
        size="small"
        checked={isChecked(row)}
        onChange={() => toggleChecked(row)}
        slotProps={{ input: { 'aria-label': translate('app.cms_resource.select_one', { name: row.name }) } }}
      />
    ) : null;

  return (
    <Stack spacing={2}>
      {canUpload ? <UploadZone api={api} limits={limits} exts={exts} onUploaded={uploaded} /> : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={translate('app.cms_resource.resourceType')}
          value={filters.resourceType ?? ''}
          onChange={(e) => setFilter({ resourceType: e.target.value as ResourceType | '' })}
          fullWidth={false}
          sx={{ width: { md: 160 } }}
          slotProps={{ htmlInput: { name: 'resourceType' } }}
        >
          {typeChoices.length > 1 ? <MenuItem value="">{translate('app.cms_resource.type_all')}</MenuItem> : null}
          {typeChoices.map((t) => (
            <MenuItem key={t} value={t}>
              {typeName(t)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth={false}
          sx={{ width: { md: 220 } }}
          size="small"
          label={translate('app.cms_resource.name')}
          value={nameInput}
          onChange={(e) => setNameInput(e.target.value)}
          slotProps={{ htmlInput: { name: 'name', maxLength: 255 } }}
        />
        <TextField
          fullWidth={false}
          sx={{ width: { md: 170 } }}
          size="small"
          type="date"
          label={translate('app.cms_resource.beginTime')}
          value={filters.beginTime ?? ''}
          onChange={(e) => setFilter({ beginTime: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { name: 'beginTime' } }}
        />
        <TextField
          fullWidth={false}
          sx={{ width: { md: 170 } }}
          size="small"
          type="date"
          label={translate('app.cms_resource.endTime')}
          value={filters.endTime ?? ''}
          onChange={(e) => setFilter({ endTime: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { name: 'endTime' } }}
        />
        <Box sx={{ flex: 1 }} />
        {!pick && canRemove ? (
          <>
            <FormControlLabel
              label={translate('app.cms_resource.select_page')}
              control={
                <Checkbox
                  size="small"
                  checked={!!rows.length && rows.every(isChecked)}
                  indeterminate={rows.some(isChecked) && !rows.every(isChecked)}
                  onChange={(e) => {
                    const ids = rows.map((r) => r.resourceId);
                    setChecked((c) => (e.target.checked ? [...new Set([...c, ...ids])] : c.filter((id) => !ids.includes(id))));
                  }}
                />
              }
            />
            <MuiButton color="error" variant="outlined" startIcon={<DeleteIcon />} disabled={!checked.length} onClick={() => setRemoving(checked)}>
              {translate('app.cms_resource.delete_selected', { count: checked.length })}
            </MuiButton>
          </>
        ) : null}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, v: 'grid' | 'table' | null) => v && setView(v)}
          aria-label={translate('app.cms_resource.view')}
        >
          <ToggleButton value="grid" aria-label={translate('app.cms_resource.view_grid')}>
            <GridViewIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="table" aria-label={translate('app.cms_resource.view_table')}>
            <ViewListIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {loading ? <LinearProgress /> : null}
      {data && !rows.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.cms_resource.none')}
        </Typography>
      ) : null}
      {view === 'grid' ? (
        <Box
          role="list"
          aria-label={translate('app.cms_resource.title')}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1.5 }}
        >
          {rows.map((row) => (
            <Card
              key={row.resourceId}
              role="listitem"
              aria-label={row.name}
              data-testid="resource-card"
              variant="outlined"
              sx={{ borderColor: isPicked(row) ? 'primary.main' : undefined, borderWidth: isPicked(row) ? 2 : 1 }}
            >
              <CardActionArea
                onClick={() => (pick ? togglePick(row) : canEdit ? setEditing(row) : undefined)}
                aria-pressed={pick ? isPicked(row) : undefined}
                aria-label={pick ? translate('app.cms_resource.pick_one', { name: row.name }) : row.name}
              >
                <ResourcePreview row={row} size={150} />
              </CardActionArea>
              <Box sx={{ px: 1, pt: 0.5 }}>
                <Typography variant="body2" noWrap title={row.name}>
                  {row.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatSize(row.fileSize)}
                  {row.width && row.height ? ` · ${row.width}×${row.height}` : ''}
                </Typography>
              </Box>
              <CardActions sx={{ pt: 0, px: 0.5 }}>
                {selectBox(row)}
                <Box sx={{ flex: 1 }} />
                {pick ? null : rowActions(row)}
              </CardActions>
            </Card>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label={translate('app.cms_resource.title')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{translate('app.cms_resource.preview')}</TableCell>
              <TableCell>{translate('app.cms_resource.name')}</TableCell>
              <TableCell>{translate('app.cms_resource.resourceType')}</TableCell>
              <TableCell>{translate('app.cms_resource.fileSize')}</TableCell>
              <TableCell>{translate('app.cms_resource.dimensions')}</TableCell>
              <TableCell>{translate('app.cms_resource.createTime')}</TableCell>
              {pick ? null : <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.resourceId} hover selected={isPicked(row) || isChecked(row)} data-testid="resource-row">
                <TableCell padding="checkbox">{selectBox(row)}</TableCell>
                <TableCell>
                  <ResourcePreview row={row} size={48} />
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{row.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {row.fileName}
                  </Typography>
                </TableCell>
                <TableCell>{typeName(row.resourceType)}</TableCell>
                <TableCell>{formatSize(row.fileSize)}</TableCell>
                <TableCell>{row.width && row.height ? `${row.width}×${row.height}` : ''}</TableCell>
                <TableCell>{formatDateTime(row.createTime)}</TableCell>
                {pick ? null : (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {rowActions(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PagePagination
        total={data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      {editing ? (
        <ResourceEditDialog
          api={api}
          row={editing}
          limits={limits}
          canEdit={canEdit}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <Confirm
        isOpen={!!removing}
        loading={busy}
        title="app.cms_resource.delete_title"
        content="app.cms_resource.delete_confirm"
        translateOptions={{ count: removing?.length ?? 0 }}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
