import AddIcon from '@mui/icons-material/Add';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RestoreIcon from '@mui/icons-material/Restore';
import {
  Alert,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List as MuiList,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField as MuiTextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  Datagrid,
  DateInput,
  FilterButton,
  FunctionField,
  List,
  SelectArrayInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, PAGING, type ApiResult, type PageResult } from '@zhiwen/shared';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { ListPagination } from '../../../components/ListPagination';
import { StateChip } from '../../../components/StateChip';
import { useHasPermission } from '../../../components/usePermission';
import { hasPermissionString, type StaffPermissions } from '../../../providers/authProvider';
import { httpClient } from '../../../providers/httpClient';
import { usePermissions } from 'react-admin';
import { findCatalog, type CatalogNode } from '../catalog/catalog';
import { startPublishPolling, useCatalogTree } from '../catalog/CatalogScreens';
import { CatalogPickerDialog, CatalogTree } from '../catalog/CatalogTree';
import {
  actionCall,
  bulkActions,
  CONTENT_ATTR_CHOICES,
  CONTENT_STATUS,
  CONTENT_TYPE_CHOICES,
  CONTENT_TYPES,
  contentBody,
  contentSortBody,
  editorPath,
  fromLocalInput,
  isFuture,
  isTop,
  PUBLISHING_ACTIONS,
  rowActions,
  setTopBody,
  STATUS_TABS,
  statusTabFilter,
  type ContentAction,
  type ContentForm,
  type ContentRow,
  type StatusTab,
} from './content';
import { PageWidgetTab } from '../pagewidget/PageWidgetScreens';

/** The content screen's resource (`GET /cms/content/list`); primary key contentId (registry). */
export const CONTENT_RESOURCE = 'cms/content';
/** The recycle bin as a resource of its own (`GET /cms/content/recycle`, permission path cms/recycle). */
export const RECYCLE_RESOURCE = 'cms/content/recycle-bin';
/** Statuses that may be edited (editing published content makes it re_edit). */
const EDITABLE = ['draft', 'to_publish', 'published', 're_edit', 'offline'];

/** The permission test of the signed-in user. */
function useHasPermissionFn(): (permission: string) => boolean {
  const { permissions } = usePermissions<StaffPermissions>();
  return (permission) => hasPermissionString(permissions?.permissions, permission);
}

// ---------------------------------------------------------------------------------------------------------------
// Actions: one host per list renders the dialogs; row menus and the bulk toolbar start them through a context.
// ---------------------------------------------------------------------------------------------------------------

type StartAction = (action: ContentAction, rows: ContentRow[]) => void;
const ActionContext = createContext<StartAction>(() => undefined);

const ids = (rows: ContentRow[]) => rows.map((r) => String(r.contentId));

/** Puts content to a future publish date before scheduling it (the route takes only ids; the date is a field). */
async function setPublishDate(row: ContentRow, iso: string): Promise<void> {
  const { data } = await httpClient.get<ContentForm>(`/cms/content/init/${row.catalogId}/${row.contentType}/${row.contentId}`);
  if (!data) throw new Error('no content');
  await httpClient.put('/cms/content', contentBody({ ...data, publishDate: iso }));
}

function ActionHost({ catalogs, children }: { catalogs: CatalogNode[]; children: ReactNode }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { onUnselectItems, data } = useListContext();
  const [current, setCurrent] = useState<{ action: ContentAction; rows: ContentRow[] }>();
  const [busy, setBusy] = useState(false);
  const [date, setDate] = useState('');
  const close = () => {
    setCurrent(undefined);
    setDate('');
  };
  const run = async (call: () => Promise<unknown>, action: ContentAction) => {
    setBusy(true);
    try {
      await call();
      notify(`app.cms_content.done_${action}`, { type: 'success' });
      if (PUBLISHING_ACTIONS.includes(action)) startPublishPolling();
      onUnselectItems();
      close();
      refresh();
    } catch (err) {
      notify((err as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const direct = (action: ContentAction, rows: ContentRow[]) => {
    const call = actionCall(action, ids(rows));
    if (call) void run(() => httpClient.request(call.url, { method: call.method, data: call.data }), action);
  };
  const start: StartAction = (action, rows) => {
    if (!rows.length) return;
    // Status changes, flags and locks go at once; the rest ask first.
    if (['publish', 'offline', 'archive', 'cancelTop', 'recommend', 'cancelRecommend', 'hot', 'cancelHot', 'lock', 'unlock'].includes(action))
      direct(action, rows);
    else setCurrent({ action, rows });
  };
  const action = current?.action;
  const rows = current?.rows ?? [];
  const dialogTitle = action ? translate(`app.cms_content.action_${action}`) : '';
  const actions = (confirmDisabled: boolean, onConfirm: () => void, color: 'primary' | 'error' = 'primary') => (
    <DialogActions>
      <MuiButton onClick={close} disabled={busy}>
        {translate('ra.action.cancel')}
      </MuiButton>
      <MuiButton variant="contained" color={color} disabled={busy || confirmDisabled} onClick={onConfirm}>
        {translate('ra.action.confirm')}
      </MuiButton>
    </DialogActions>
  );
  const sameCatalog = (data ?? []).filter(
    (r: RaRecord) => rows[0] && String(r.catalogId) === String(rows[0].catalogId) && String(r.contentId) !== String(rows[0].contentId),
  );
  return (
    <ActionContext.Provider value={start}>
      {children}
      {action === 'delete' ? (
        <Dialog open onClose={busy ? undefined : close} aria-label={dialogTitle}>
          <DialogTitle>{dialogTitle}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('app.cms_content.delete_confirm', { count: rows.length })}</DialogContentText>
          </DialogContent>
          {actions(false, () => direct('delete', rows), 'error')}
        </Dialog>
      ) : null}
      {action === 'toPublish' || action === 'setTop' ? (
        <Dialog open onClose={busy ? undefined : close} fullWidth maxWidth="xs" aria-label={dialogTitle}>
          <DialogTitle>{dialogTitle}</DialogTitle>
          <DialogContent>
            <Stack spacing={1} sx={{ pt: 1 }}>
              <MuiTextField
                type="datetime-local"
                label={translate(action === 'toPublish' ? 'app.cms_content.publish_date' : 'app.cms_content.top_end_time')}
                value={date}
                onChange={(e) => setDate(e.target.value)}
                required={action === 'toPublish'}
                error={!!date && !isFuture(date)}
                helperText={translate(action === 'toPublish' ? 'app.cms_content.to_publish_help' : 'app.cms_content.top_end_help')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { name: action === 'toPublish' ? 'publishDate' : 'topEndTime' } }}
              />
            </Stack>
          </DialogContent>
          {action === 'toPublish'
            ? actions(
                !isFuture(date),
                () =>
                  void run(async () => {
                    const iso = fromLocalInput(date);
                    for (const row of rows) await setPublishDate(row, iso);
                    await httpClient.post('/cms/content/to_publish', { contentIds: ids(rows) });
                  }, 'toPublish'),
              )
            : actions(
                !!date && !isFuture(date),
                () => void run(() => httpClient.post('/cms/content/set_top', setTopBody(ids(rows), date)), 'setTop'),
              )}
        </Dialog>
      ) : null}
      <CatalogPickerDialog
        open={action === 'move' || action === 'copy'}
        title={dialogTitle}
        nodes={catalogs}
        multiple={action === 'copy'}
        busy={busy}
        isDisabled={(n) => n.disabled === true || n.props?.catalogType === 'link'}
        onClose={close}
        onConfirm={(chosen) =>
          void run(
            () =>
              action === 'copy'
                ? httpClient.post('/cms/content/copy', { contentIds: ids(rows), catalogIds: chosen })
                : httpClient.post('/cms/content/move', { contentIds: ids(rows), catalogId: chosen[0] }),
            action!,
          )
        }
      />
      {action === 'sort' ? (
        <Dialog open onClose={busy ? undefined : close} fullWidth maxWidth="sm" aria-label={dialogTitle}>
          <DialogTitle>{dialogTitle}</DialogTitle>
          <DialogContent dividers>
            <DialogContentText>{translate('app.cms_content.sort_help', { title: String(rows[0]?.title ?? '') })}</DialogContentText>
            {!sameCatalog.length ? <Alert severity="info">{translate('app.cms_content.sort_none')}</Alert> : null}
            <MuiList dense aria-label={translate('app.cms_content.sort_targets')}>
              {sameCatalog.map((r: RaRecord) => {
                const body = contentSortBody(String(rows[0].contentId), String(r.contentId));
                return (
                  <ListItemButton
                    key={r.contentId}
                    disabled={busy || !body}
                    onClick={() => body && void run(() => httpClient.post('/cms/content/sort', body), 'sort')}
                  >
                    <ListItemText primary={r.title} secondary={isTop(r) ? translate('app.cms_content.attr_top') : undefined} />
                  </ListItemButton>
                );
              })}
            </MuiList>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close} disabled={busy}>
              {translate('ra.action.cancel')}
            </MuiButton>
          </DialogActions>
        </Dialog>
      ) : null}
      {action === 'log' ? <LogDialog row={rows[0]} onClose={close} /> : null}
    </ActionContext.Provider>
  );
}

/** 操作日志 of one piece of content, newest first. */
function LogDialog({ row, onClose }: { row: ContentRow; onClose: () => void }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<RaRecord[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    httpClient
      .get<PageResult<RaRecord>>('/cms/content/log', { contentId: row.contentId, pageNum: 1, pageSize: 50 })
      .then((r) => setRows(r.data?.rows ?? []))
      .catch((e: Error) => setError(e.message));
  }, [row.contentId]);
  const title = translate('app.cms_content.action_log');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-label={title}>
      <DialogTitle>
        {title}: {String(row.title ?? '')}
      </DialogTitle>
      <DialogContent dividers>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {rows && !rows.length ? <Typography variant="body2">{translate('app.cms_content.log_none')}</Typography> : null}
        {rows?.length ? (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.cms_content.log_action')}</TableCell>
                <TableCell>{translate('app.cms_content.log_detail')}</TableCell>
                <TableCell>{translate('app.cms_content.log_operator')}</TableCell>
                <TableCell>{translate('app.cms_content.log_time')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((l) => (
                <TableRow key={l.logId}>
                  <TableCell>{translate(`app.cms_content.log_${l.action}`, { _: l.action })}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{l.detail || '-'}</TableCell>
                  <TableCell>{l.operator || '-'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(l.createTime)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** The bulk toolbar: the actions every selected row allows. */
function BulkActions() {
  const { selectedIds, data } = useListContext();
  const has = useHasPermissionFn();
  const start = useContext(ActionContext);
  const selected = (data ?? []).filter((r: RaRecord) => selectedIds.includes(r.id)) as ContentRow[];
  return (
    <>
      {bulkActions(selected, has).map((a) => (
        <Button key={a} label={`app.cms_content.action_${a}`} onClick={() => start(a, selected)} color={a === 'delete' ? 'error' : 'primary'} />
      ))}
    </>
  );
}

/** Edit (to the editor) and a menu of the row's other actions. */
function RowActions({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const has = useHasPermissionFn();
  const start = useContext(ActionContext);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const row = record as ContentRow;
  const actions = rowActions(row, has);
  const canEdit = has('cms:content:edit') && EDITABLE.includes(String(row.status));
  return (
    <Stack direction="row" spacing={0} onClick={(e) => e.stopPropagation()}>
      {canEdit ? (
        <Tooltip title={translate('ra.action.edit')}>
          <IconButton
            size="small"
            aria-label={translate('app.cms_content.edit_named', { title: record.title })}
            onClick={() => navigate(editorPath(record.catalogId, record.contentType, record.contentId))}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {actions.length ? (
        <IconButton
          size="small"
          aria-label={translate('app.cms_content.more_named', { title: record.title })}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      ) : null}
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actions.map((a) => (
          <MenuItem
            key={a}
            onClick={() => {
              setAnchor(null);
              start(a, [row]);
            }}
          >
            {translate(`app.cms_content.action_${a}`)}
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
}

/** The title with its flags: top, recommend, hot, locked. */
function TitleCell({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const canEdit = useHasPermission('cms:content:edit') && EDITABLE.includes(String(record.status));
  return (
    <Box sx={{ minWidth: 200 }}>
      {canEdit ? (
        <Link to={editorPath(record.catalogId, record.contentType, record.contentId)} onClick={(e) => e.stopPropagation()}>
          {record.title}
        </Link>
      ) : (
        <span>{record.title}</span>
      )}
      <Stack direction="row" spacing={0.5} sx={{ mt: 0.25, flexWrap: 'wrap' }} useFlexGap>
        {isTop(record) ? <Chip size="small" color="error" label={translate('app.cms_content.attr_top')} /> : null}
        {record.recommend ? <Chip size="small" color="primary" label={translate('app.cms_content.attr_recommend')} /> : null}
        {record.hot ? <Chip size="small" color="warning" label={translate('app.cms_content.attr_hot')} /> : null}
        {record.lockUser ? <Chip size="small" icon={<LockIcon />} label={translate('app.cms_content.locked_by', { user: record.lockUser })} /> : null}
      </Stack>
    </Box>
  );
}

/** 新建: pick the type, then the editor opens for the selected catalog. */
function NewContentButton({ catalog }: { catalog?: CatalogNode }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const allowed = useHasPermission('cms:content:add');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!allowed) return null;
  const usable = !!catalog && catalog.props?.catalogType !== 'link';
  return (
    <>
      <Tooltip title={usable ? '' : translate('app.cms_content.select_catalog_first')}>
        <span>
          <Button label="app.cms_content.new" disabled={!usable} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
            <AddIcon />
          </Button>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {CONTENT_TYPES.map((t) => (
          <MenuItem
            key={t}
            onClick={() => {
              setAnchor(null);
              if (catalog) navigate(editorPath(catalog.id, t, 0));
            }}
          >
            {translate(`app.cms_content.type_${t}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The filters shown at once, by the content list and by the recycle bin. */
const titleTypeFilters = [
  <TextInput key="title" source="title" label="app.cms_content.title" alwaysOn />,
  <SelectInput key="contentType" source="contentType" label="app.cms_content.contentType" choices={CONTENT_TYPE_CHOICES} alwaysOn />,
];

const filters = [
  ...titleTypeFilters,
  <TextInput key="author" source="author" label="app.cms_content.author" />,
  <DateInput key="beginTime" source="beginTime" label="app.cms_content.begin_time" />,
  // The end date counts whole: up to its last second.
  <DateInput
    key="endTime"
    source="endTime"
    label="app.cms_content.end_time"
    parse={(v: string) => (v ? `${v}T23:59:59` : v)}
    format={(v: string) => (v ? String(v).slice(0, 10) : '')}
  />,
  <SelectArrayInput key="attributes" source="attributes" label="app.cms_content.attributes" choices={CONTENT_ATTR_CHOICES} />,
];

function ContentGrid({ catalogs }: { catalogs: CatalogNode[] }) {
  const translate = useTranslate();
  return (
    <ActionHost catalogs={catalogs}>
      <Datagrid
        rowClick={false}
        bulkActionButtons={<BulkActions />}
        empty={
          <Typography variant="body2" sx={{ p: 2 }}>
            {translate('app.cms_content.none')}
          </Typography>
        }
        sx={{ '& th': { whiteSpace: 'nowrap' } }}
      >
        <FunctionField label="app.cms_content.title" render={(r: RaRecord) => <TitleCell record={r} />} sortable={false} />
        <DictField source="contentType" label="app.cms_content.contentType" choices={CONTENT_TYPE_CHOICES} sortable={false} />
        <FunctionField
          label="app.cms_content.status"
          render={(r: RaRecord) => <StateChip choices={CONTENT_STATUS} state={r.status} />}
          sortable={false}
        />
        <FunctionField label="app.cms_content.catalog" render={(r: RaRecord) => r.catalogName} sortable={false} />
        <FunctionField label="app.cms_content.author" render={(r: RaRecord) => r.author} sortable={false} />
        <DateTimeField source="publishDate" label="app.cms_content.publishDate" />
        <DateTimeField source="updateTime" label="app.cms_content.updateTime" sortable={false} />
        <FunctionField label="app.cms_content.operations" render={(r: RaRecord) => <RowActions record={r} />} />
      </Datagrid>
    </ActionHost>
  );
}

/** The recycle bin: deleted content with recover and delete for good. */
function RecycleGrid() {
  const translate = useTranslate();
  return (
    <Datagrid
      rowClick={false}
      bulkActionButtons={<RecycleBulkActions />}
      empty={
        <Typography variant="body2" sx={{ p: 2 }}>
          {translate('app.cms_content.recycle_none')}
        </Typography>
      }
    >
      <FunctionField label="app.cms_content.title" render={(r: RaRecord) => r.title} sortable={false} />
      <DictField source="contentType" label="app.cms_content.contentType" choices={CONTENT_TYPE_CHOICES} sortable={false} />
      <FunctionField label="app.cms_content.catalog" render={(r: RaRecord) => r.catalogName} sortable={false} />
      <FunctionField
        label="app.cms_content.status_before_delete"
        render={(r: RaRecord) => (r.statusBeforeDelete ? <StateChip choices={CONTENT_STATUS} state={r.statusBeforeDelete} /> : '-')}
        sortable={false}
      />
      <DateTimeField source="deleteTime" label="app.cms_content.delete_time" sortable={false} />
      <FunctionField label="app.cms_content.updateBy" render={(r: RaRecord) => r.updateBy} sortable={false} />
    </Datagrid>
  );
}

function RecycleBulkActions() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, onUnselectItems } = useListContext();
  const canRestore = useHasPermission('cms:recycle:restore');
  const canRemove = useHasPermission('cms:recycle:remove');
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<ApiResult<unknown>>, done: string) => {
    setBusy(true);
    try {
      await call();
      notify(done, { type: 'success' });
      onUnselectItems();
      setConfirm(false);
      refresh();
    } catch (err) {
      notify((err as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const contentIds = selectedIds.map(String);
  return (
    <>
      {canRestore ? (
        <Button
          label="app.cms_content.recover"
          disabled={busy}
          onClick={() => void run(() => httpClient.post('/cms/content/recycle/recover', { contentIds }), 'app.cms_content.done_recover')}
        >
          <RestoreIcon />
        </Button>
      ) : null}
      {canRemove ? (
        <Button label="app.cms_content.destroy" color="error" disabled={busy} onClick={() => setConfirm(true)}>
          <DeleteForeverIcon />
        </Button>
      ) : null}
      <Dialog open={confirm} onClose={busy ? undefined : () => setConfirm(false)} aria-label={translate('app.cms_content.destroy')}>
        <DialogTitle>{translate('app.cms_content.destroy')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('app.cms_content.destroy_confirm', { count: contentIds.length })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setConfirm(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton
            variant="contained"
            color="error"
            disabled={busy}
            onClick={() => void run(() => httpClient.delete('/cms/content/recycle', { data: { contentIds } }), 'app.cms_content.done_destroy')}
          >
            {translate('ra.action.confirm')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

const recycleFilters = titleTypeFilters;

/** The recycle bin list (the content screen's tab, and the hidden recycle screen). */
export function RecycleList() {
  return (
    <List
      resource={RECYCLE_RESOURCE}
      filters={recycleFilters}
      sort={{ field: 'deleteTime', order: 'DESC' }}
      perPage={PAGING.defaultPageSize}
      pagination={<ListPagination />}
      disableSyncWithLocation
      storeKey="cms-recycle"
      empty={false}
      actions={false}
    >
      <RecycleGrid />
    </List>
  );
}

/**
 * 内容列表 (menu component `cms/content/index`): the catalog tree on the left (a selected catalog filters the list,
 * its children included), status tabs with the list, its filters and row and bulk actions, and the recycle-bin tab.
 */
export function ContentList() {
  const translate = useTranslate();
  const { tree, error } = useCatalogTree('/cms/catalog/tree');
  const [catalogId, setCatalogId] = useState<string>();
  const [tab, setTab] = useState<StatusTab | 'pagewidget'>('all');
  const canRecycle = useHasPermission('cms:recycle:view');
  const canPageWidget = useHasPermission('cms:pagewidget:view');
  const catalogs = tree?.rows ?? [];
  const catalog = findCatalog(catalogs, catalogId);
  const tabs = STATUS_TABS.filter((t) => t !== 'recycle' || canRecycle);
  const permanent = statusTabFilter(tab === 'pagewidget' ? 'all' : tab, catalogId ? { catalogId } : {});
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1, alignItems: 'flex-start' }}>
      <Card sx={{ width: { xs: '100%', md: 260 }, flexShrink: 0 }}>
        <CardContent>
          <Typography variant="subtitle1" component="h2" noWrap>
            {tree?.siteName || translate('app.cms_content.catalogs')}
          </Typography>
          <MuiList dense disablePadding>
            <ListItemButton selected={!catalogId} onClick={() => setCatalogId(undefined)}>
              <ListItemText primary={translate('app.cms_content.all_catalogs')} />
            </ListItemButton>
          </MuiList>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <CatalogTree
            nodes={catalogs}
            label={translate('app.cms_content.catalog_tree')}
            selected={catalogId}
            onSelect={(n) => setCatalogId(String(n.id))}
          />
        </CardContent>
      </Card>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Tabs
          value={tab}
          onChange={(_, v: StatusTab | 'pagewidget') => setTab(v)}
          variant="scrollable"
          aria-label={translate('app.cms_content.status_tabs')}
        >
          {tabs.map((t) => (
            <Tab key={t} value={t} label={translate(`app.cms_content.tab_${t}`)} />
          ))}
          {canPageWidget ? <Tab value="pagewidget" label={translate('app.cms_content.tab_pagewidget')} /> : null}
        </Tabs>
        {tab === 'pagewidget' ? (
          <PageWidgetTab catalogId={catalogId} />
        ) : tab === 'recycle' ? (
          <RecycleList />
        ) : (
          <List
            filters={filters}
            filter={permanent}
            // No sort field: the server's own order (top first, then the sort flag), which the sort action edits.
            sort={{ field: '', order: 'DESC' }}
            perPage={PAGING.defaultPageSize}
            pagination={<ListPagination />}
            empty={false}
            actions={
              <TopToolbar>
                <FilterButton />
                <NewContentButton catalog={catalog} />
              </TopToolbar>
            }
          >
            <ContentGrid catalogs={catalogs} />
          </List>
        )}
      </Box>
    </Stack>
  );
}
