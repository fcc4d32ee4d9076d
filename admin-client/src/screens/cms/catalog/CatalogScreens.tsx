import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import DeleteIcon from '@mui/icons-material/Delete';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import PublishIcon from '@mui/icons-material/Publish';
import RefreshIcon from '@mui/icons-material/Refresh';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { TemplateDatalist, templateListId, useTemplatePaths } from '../template/TemplateOptions';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { ExtendFields, ExtendFormInput } from '../exmodel/ExtendFields';
import {
  BooleanInput,
  Button,
  EditBase,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { ApiResult } from '@zhiwen/shared';
import { EditForm } from '../../../components/EditForm';
import { useApiCall } from '../../../components/useApiCall';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { PUBLISH_FLAG_KEY } from '../../../layout/navbar/publishPoller';
import {
  aliasFromName,
  batchNames,
  CATALOG_PERMISSIONS as P,
  CATALOG_TYPE_CHOICES,
  CATALOG_TYPES,
  catalogSortBody,
  catalogSubtreeIds,
  configValue,
  findCatalog,
  PIPE_TEMPLATE_FIELDS,
  TOP_LEVEL_ID,
  type CatalogNode,
  type CatalogTreeAnswer,
  type PipeOption,
} from './catalog';
import { CatalogPickerDialog, CatalogTree } from './CatalogTree';
import { PickIntoInputButton } from '../resource/MaterialPicker';

/** The screen's resource (`GET/PUT /cms/catalog...` through the data provider). */
const CATALOG_RESOURCE = 'cms/catalog';

/** Starts the navbar's publish-task polling (spec 4: a publish action sets the flag). */
export function startPublishPolling(): void {
  try {
    localStorage.setItem(PUBLISH_FLAG_KEY, 'true');
  } catch {
    /* no storage: the indicator just does not poll */
  }
}

/** A catalog tree (`treeData` for this screen, `tree` for selectors), read again on `reload`. */
export function useCatalogTree(url: string) {
  const [tree, setTree] = useState<CatalogTreeAnswer>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    httpClient
      .get<CatalogTreeAnswer>(url)
      .then((r) => {
        if (!live) return;
        setTree({ rows: r.data?.rows ?? [], siteName: r.data?.siteName ?? '' });
        setError(undefined);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [url, version]);
  return { tree, error, reload: () => setVersion((v) => v + 1) };
}

/** Enabled publish pipes of the current site. */
export function usePipes(): PipeOption[] {
  const [pipes, setPipes] = useState<PipeOption[]>([]);
  useEffect(() => {
    let live = true;
    httpClient
      .get<{ rows: PipeOption[] }>('/cms/publishpipe/selectData')
      .then((r) => live && setPipes(r.data?.rows ?? []))
      .catch(() => live && setPipes([]));
    return () => {
      live = false;
    };
  }, []);
  return pipes;
}

/**
 * The screen's API calls: the outcome notified, no react-admin refresh (the page reads its tree itself, and a
 * refetch of the edited catalog would reset its form).
 */
const useRun = () => useApiCall({ successMessage: 'app.cms_catalog.done', refresh: false });

/** A dialog of this screen: its content, then Cancel and the confirm button (both off while busy). */
function CatalogDialog({
  title,
  busy,
  onClose,
  onConfirm,
  confirmLabel = 'ra.action.save',
  confirmColor,
  confirmDisabled = false,
  fullWidth,
  maxWidth,
  children,
}: {
  title: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
  confirmLabel?: string;
  confirmColor?: 'error';
  confirmDisabled?: boolean;
  fullWidth?: boolean;
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth={fullWidth} maxWidth={maxWidth} aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton variant="contained" color={confirmColor} disabled={busy || confirmDisabled} onClick={onConfirm}>
          {translate(confirmLabel)}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** Where new catalogs go: at the top level, or under `parent` (the selected catalog, if any). */
function useParentChoice(parent?: CatalogNode) {
  const translate = useTranslate();
  const [under, setUnder] = useState(parent ? 'child' : 'top');
  const parentId = under === 'child' && parent ? parent.id : TOP_LEVEL_ID;
  const choice = (
    <RadioGroup row value={under} onChange={(e) => setUnder(e.target.value)}>
      <FormControlLabel value="top" control={<Radio />} label={translate('app.cms_catalog.add_top')} />
      <FormControlLabel
        value="child"
        control={<Radio />}
        disabled={!parent}
        label={parent ? translate('app.cms_catalog.add_child', { name: parent.name }) : translate('app.cms_catalog.add_child_none')}
      />
    </RadioGroup>
  );
  return { parentId, choice };
}

/** 新增栏目: under the selected catalog or at the top level. */
function AddCatalogDialog({ parent, onClose, onAdded }: { parent?: CatalogNode; onClose: () => void; onAdded: (id?: string) => void }) {
  const translate = useTranslate();
  const { run, busy } = useRun();
  const { parentId, choice } = useParentChoice(parent);
  const [name, setName] = useState('');
  const [alias, setAlias] = useState('');
  const [aliasTouched, setAliasTouched] = useState(false);
  const [path, setPath] = useState('');
  const [catalogType, setCatalogType] = useState<string>('common');
  const [redirectUrl, setRedirectUrl] = useState('');
  // Values of the site's catalog extension model (cms/exmodel), when one is bound.
  const [extend, setExtend] = useState<Record<string, unknown>>();
  const submit = async () => {
    let created: string | undefined;
    const body = {
      ...(extend ? { extend } : {}),
      parentId,
      name: name.trim(),
      alias: alias.trim(),
      ...(path.trim() ? { path: path.trim() } : {}),
      catalogType,
      ...(catalogType === 'link' ? { redirectUrl: redirectUrl.trim() } : {}),
    };
    const ok = await run(async () => {
      const r = await httpClient.post<{ catalogId?: string }>('/cms/catalog', body);
      created = r.data?.catalogId;
      return r;
    }, 'app.cms_catalog.added');
    if (ok) onAdded(created);
  };
  return (
    <CatalogDialog
      title={translate('app.cms_catalog.add')}
      busy={busy}
      onClose={onClose}
      onConfirm={() => void submit()}
      confirmDisabled={!name.trim() || !alias.trim()}
      fullWidth
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {choice}
        <MuiTextField
          label={translate('app.cms_catalog.name')}
          value={name}
          required
          autoFocus
          onChange={(e) => {
            setName(e.target.value);
            if (!aliasTouched) setAlias(aliasFromName(e.target.value));
          }}
          slotProps={{ htmlInput: { maxLength: 100, name: 'name' } }}
        />
        <MuiTextField
          label={translate('app.cms_catalog.alias')}
          value={alias}
          required
          helperText={translate('app.cms_catalog.alias_help')}
          onChange={(e) => {
            setAlias(e.target.value);
            setAliasTouched(true);
          }}
          slotProps={{ htmlInput: { maxLength: 100, name: 'alias' } }}
        />
        <MuiTextField
          label={translate('app.cms_catalog.path')}
          value={path}
          helperText={translate('app.cms_catalog.path_help')}
          onChange={(e) => setPath(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 255, name: 'path' } }}
        />
        <MuiTextField select label={translate('app.cms_catalog.catalogType')} value={catalogType} onChange={(e) => setCatalogType(e.target.value)}>
          {CATALOG_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {translate(`app.cms_catalog.type_${t}`)}
            </MenuItem>
          ))}
        </MuiTextField>
        {catalogType === 'link' ? (
          <MuiTextField
            label={translate('app.cms_catalog.redirectUrl')}
            value={redirectUrl}
            required
            onChange={(e) => setRedirectUrl(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500, name: 'redirectUrl' } }}
          />
        ) : null}
        <ExtendFields dataType="catalog" dataId="0" onChange={setExtend} />
      </Stack>
    </CatalogDialog>
  );
}

/** 批量新增: one name per line; the server derives aliases and paths. */
function BatchAddDialog({ parent, onClose, onAdded }: { parent?: CatalogNode; onClose: () => void; onAdded: () => void }) {
  const translate = useTranslate();
  const { run, busy } = useRun();
  const { parentId, choice } = useParentChoice(parent);
  const [text, setText] = useState('');
  const names = batchNames(text);
  const submit = async () => {
    const body = { parentId, names };
    if (await run(() => httpClient.post('/cms/catalog/batchAdd', body), 'app.cms_catalog.added')) onAdded();
  };
  return (
    <CatalogDialog
      title={translate('app.cms_catalog.batch_add')}
      busy={busy}
      onClose={onClose}
      onConfirm={() => void submit()}
      confirmDisabled={!names.length || names.length > 50}
      fullWidth
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {choice}
        <MuiTextField
          label={translate('app.cms_catalog.batch_names')}
          helperText={translate('app.cms_catalog.batch_names_help')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={6}
          autoFocus
        />
      </Stack>
    </CatalogDialog>
  );
}

/** 发布栏目 with its options: sub-catalogs and the detail pages of its content. */
function PublishDialog({ catalog, onClose }: { catalog: CatalogNode; onClose: () => void }) {
  const translate = useTranslate();
  const { run, busy } = useRun();
  const [publishChild, setPublishChild] = useState(false);
  const [publishDetail, setPublishDetail] = useState(false);
  const submit = async () => {
    if (
      await run(
        () => httpClient.post('/cms/catalog/publish', { catalogId: catalog.id, publishChild, publishDetail }),
        'app.cms_catalog.publish_queued',
      )
    ) {
      startPublishPolling();
      onClose();
    }
  };
  return (
    <CatalogDialog
      title={translate('app.cms_catalog.publish')}
      busy={busy}
      onClose={onClose}
      onConfirm={() => void submit()}
      confirmLabel="app.cms_catalog.publish"
      fullWidth
      maxWidth="xs"
    >
      <DialogContentText>{translate('app.cms_catalog.publish_confirm', { name: catalog.name })}</DialogContentText>
      <Stack>
        <FormControlLabel
          control={<Checkbox checked={publishChild} onChange={(e) => setPublishChild(e.target.checked)} />}
          label={translate('app.cms_catalog.publish_child')}
        />
        <FormControlLabel
          control={<Checkbox checked={publishDetail} onChange={(e) => setPublishDetail(e.target.checked)} />}
          label={translate('app.cms_catalog.publish_detail')}
        />
      </Stack>
    </CatalogDialog>
  );
}

/** A yes/no confirmation of a destructive action. */
function ConfirmDialog({
  title,
  text,
  busy,
  onClose,
  onConfirm,
}: {
  title: string;
  text: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <CatalogDialog title={title} busy={busy} onClose={onClose} onConfirm={onConfirm} confirmLabel="ra.action.confirm" confirmColor="error">
      <DialogContentText>{text}</DialogContentText>
    </CatalogDialog>
  );
}

/** 扩展设置: the catalog's settings map as key/value rows (`GET/PUT /cms/catalog/extends`). */
function ExtendSettings({ catalogId, canEdit }: { catalogId: string; canEdit: boolean }) {
  const translate = useTranslate();
  const { run, busy } = useRun();
  const [rows, setRows] = useState<{ key: string; value: string }[]>([]);
  useEffect(() => {
    let live = true;
    httpClient
      .get<Record<string, unknown>>('/cms/catalog/extends', { catalogId })
      .then((r) => live && setRows(Object.entries(r.data ?? {}).map(([key, value]) => ({ key, value: value === null ? '' : String(value) }))))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [catalogId]);
  const set = (i: number, change: Partial<{ key: string; value: string }>) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...change } : row)));
  const save = () =>
    run(
      () =>
        httpClient.put(
          `/cms/catalog/extends/${catalogId}`,
          Object.fromEntries(rows.filter((r) => r.key.trim()).map((r) => [r.key.trim(), configValue(r.value)])),
        ),
      'ra.notification.updated',
    );
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {translate('app.cms_catalog.extends')}
        </Typography>
        {!rows.length ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.cms_catalog.extends_none')}
          </Typography>
        ) : null}
        <Stack spacing={1}>
          {rows.map((row, i) => (
            <Stack direction="row" spacing={1} key={i} sx={{ alignItems: 'center' }}>
              <MuiTextField
                size="small"
                label={translate('app.cms_catalog.extend_key')}
                value={row.key}
                disabled={!canEdit}
                onChange={(e) => set(i, { key: e.target.value })}
              />
              <MuiTextField
                size="small"
                label={translate('app.cms_catalog.extend_value')}
                value={row.value}
                disabled={!canEdit}
                onChange={(e) => set(i, { value: e.target.value })}
                sx={{ flex: 1 }}
              />
              {canEdit ? (
                <IconButton aria-label={translate('ra.action.remove')} onClick={() => setRows((r) => r.filter((_, j) => j !== i))}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              ) : null}
            </Stack>
          ))}
        </Stack>
        {canEdit ? (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button label="app.cms_catalog.extend_add" onClick={() => setRows((r) => [...r, { key: '', value: '' }])}>
              <AddIcon />
            </Button>
            <Button label="app.cms_catalog.extends_save" variant="contained" disabled={busy} onClick={() => void save()} />
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The fields of the selected catalog's form. */
function CatalogFields({ pipes }: { pipes: PipeOption[] }) {
  const translate = useTranslate();
  const templatePaths = useTemplatePaths();
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {translate('app.cms_catalog.section_basic')}
      </Typography>
      <TextInput source="name" label="app.cms_catalog.name" required fullWidth />
      <TextInput source="alias" label="app.cms_catalog.alias" required helperText="app.cms_catalog.alias_help" fullWidth />
      <TextInput source="path" label="app.cms_catalog.path" helperText="app.cms_catalog.path_help" fullWidth />
      <SelectInput source="catalogType" label="app.cms_catalog.catalogType" choices={CATALOG_TYPE_CHOICES} required />
      <FormDataConsumer>
        {({ formData }) =>
          formData.catalogType === 'link' ? <TextInput source="redirectUrl" label="app.cms_catalog.redirectUrl" required fullWidth /> : null
        }
      </FormDataConsumer>
      <TextInput source="description" label="app.cms_catalog.description" multiline minRows={2} fullWidth />
      <TextInput source="logo" label="app.cms_catalog.logo" fullWidth />
      <PickIntoInputButton source="logo" />
      <Stack direction="row" spacing={2}>
        <BooleanInput source="staticFlag" label="app.cms_catalog.staticFlag" />
        <BooleanInput source="visible" label="app.cms_catalog.visible" />
      </Stack>
      <NumberInput source="pageSize" label="app.cms_catalog.pageSize" helperText="app.cms_catalog.pageSize_help" min={-1} max={200} step={1} />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
        {translate('app.cms_catalog.section_seo')}
      </Typography>
      <TextInput source="seoTitle" label="app.cms_catalog.seoTitle" fullWidth />
      <TextInput source="seoKeywords" label="app.cms_catalog.seoKeywords" fullWidth />
      <TextInput source="seoDescription" label="app.cms_catalog.seoDescription" multiline minRows={2} fullWidth />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
        {translate('app.cms_catalog.section_templates')}
      </Typography>
      {!pipes.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.cms_catalog.no_pipes')}
        </Typography>
      ) : null}
      {pipes.map((pipe) => (
        <Box key={pipe.pipeCode} sx={{ width: '100%' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {pipe.pipeName} ({pipe.pipeCode})
          </Typography>
          <TemplateDatalist id={templateListId(pipe.pipeCode)} paths={templatePaths[pipe.pipeCode] ?? []} />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
            {PIPE_TEMPLATE_FIELDS.map((field) => (
              <TextInput
                key={field}
                source={`publishPipeProps.${pipe.pipeCode}.${field}`}
                label={translate(`app.cms_catalog.${field}`, { pipe: pipe.pipeName })}
                helperText="app.cms_catalog.template_help"
                slotProps={{ htmlInput: { list: templateListId(pipe.pipeCode) } }}
              />
            ))}
          </Stack>
        </Box>
      ))}
      <TextInput source="remark" label="app.cms_catalog.remark" fullWidth />
    </>
  );
}

/** The selected catalog: its actions above its form. */
function CatalogDetail({
  node,
  nodes,
  onChanged,
  onDeleted,
}: {
  node: CatalogNode;
  nodes: CatalogNode[];
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const pipes = usePipes();
  const { run, busy } = useRun();
  const can = {
    edit: useHasPermission(P.edit),
    remove: useHasPermission(P.remove),
    publish: useHasPermission(P.publish),
    move: useHasPermission(P.move),
    sort: useHasPermission(P.sort),
    showHide: useHasPermission(P.showHide),
    merge: useHasPermission(P.merge),
    clear: useHasPermission(P.clear),
  };
  const [dialog, setDialog] = useState<'delete' | 'clear' | 'move' | 'merge' | 'publish' | undefined>();
  const id = String(node.id);
  const visible = node.props?.visible !== false;
  const close = () => setDialog(undefined);
  const act = async (call: () => Promise<ApiResult<unknown>>, success?: string, after: () => void = onChanged) => {
    if (await run(call, success)) {
      close();
      after();
    }
  };
  const own = catalogSubtreeIds(node);
  const actions: { key: string; label: string; icon: ReactElement; allowed: boolean; onClick: () => void; color?: 'error' }[] = [
    {
      key: 'up',
      label: 'app.cms_catalog.sort_up',
      icon: <ArrowUpwardIcon />,
      allowed: can.sort,
      onClick: () => void act(() => httpClient.put('/cms/catalog/sort', catalogSortBody(id, 'up'))),
    },
    {
      key: 'down',
      label: 'app.cms_catalog.sort_down',
      icon: <ArrowDownwardIcon />,
      allowed: can.sort,
      onClick: () => void act(() => httpClient.put('/cms/catalog/sort', catalogSortBody(id, 'down'))),
    },
    {
      key: 'visible',
      label: visible ? 'app.cms_catalog.hide' : 'app.cms_catalog.show',
      icon: visible ? <VisibilityOffIcon /> : <VisibilityIcon />,
      allowed: can.showHide,
      onClick: () => void act(() => httpClient.put('/cms/catalog/visible', { catalogId: id, visible: !visible })),
    },
    { key: 'move', label: 'app.cms_catalog.move', icon: <DriveFileMoveIcon />, allowed: can.move, onClick: () => setDialog('move') },
    { key: 'publish', label: 'app.cms_catalog.publish', icon: <PublishIcon />, allowed: can.publish, onClick: () => setDialog('publish') },
    { key: 'merge', label: 'app.cms_catalog.merge', icon: <CallMergeIcon />, allowed: can.merge, onClick: () => setDialog('merge') },
    {
      key: 'clear',
      label: 'app.cms_catalog.clear',
      icon: <DeleteSweepIcon />,
      allowed: can.clear,
      onClick: () => setDialog('clear'),
      color: 'error',
    },
    { key: 'delete', label: 'ra.action.delete', icon: <DeleteIcon />, allowed: can.remove, onClick: () => setDialog('delete'), color: 'error' },
  ];
  return (
    <Box>
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        sx={{ mb: 1, flexWrap: 'wrap' }}
        role="toolbar"
        aria-label={translate('app.cms_catalog.actions')}
      >
        {actions
          .filter((a) => a.allowed)
          .map((a) => (
            <Button key={a.key} label={a.label} onClick={a.onClick} disabled={busy} color={a.color}>
              {a.icon}
            </Button>
          ))}
      </Stack>
      <EditBase
        key={id}
        resource={CATALOG_RESOURCE}
        id={id}
        mutationMode="pessimistic"
        redirect={false}
        // The page checks permissions itself: a viewer sees the form without Save instead of an access error.
        disableAuthentication
        mutationOptions={{
          onSuccess: () => {
            notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
            onChanged();
          },
        }}
      >
        {can.edit ? (
          <EditForm>
            <CatalogFields pipes={pipes} />
            {/* The catalog's extension model values (cms/exmodel) go with the save as `extend`. */}
            <ExtendFormInput key={id} dataType="catalog" dataId={id} />
          </EditForm>
        ) : (
          <SimpleForm toolbar={false}>
            <CatalogFields pipes={pipes} />
          </SimpleForm>
        )}
      </EditBase>
      <ExtendSettings catalogId={id} canEdit={can.edit} />
      {dialog === 'delete' ? (
        <ConfirmDialog
          title={translate('app.cms_catalog.delete_title')}
          text={translate('app.cms_catalog.delete_confirm', { name: node.name })}
          busy={busy}
          onClose={close}
          onConfirm={() => void act(() => httpClient.delete(`/cms/catalog/${id}`), 'ra.notification.deleted', onDeleted)}
        />
      ) : null}
      {dialog === 'clear' ? (
        <ConfirmDialog
          title={translate('app.cms_catalog.clear')}
          text={translate('app.cms_catalog.clear_confirm', { name: node.name })}
          busy={busy}
          onClose={close}
          onConfirm={() => void act(() => httpClient.post('/cms/catalog/clear', { catalogId: id }))}
        />
      ) : null}
      {dialog === 'publish' ? <PublishDialog catalog={node} onClose={close} /> : null}
      <CatalogPickerDialog
        open={dialog === 'move'}
        title={translate('app.cms_catalog.move_title', { name: node.name })}
        nodes={nodes}
        allowTop
        busy={busy}
        isDisabled={(n) => own.has(String(n.id)) || n.props?.catalogType === 'link'}
        onClose={close}
        onConfirm={([to]) => void act(() => httpClient.post(`/cms/catalog/move/${id}/${to}`))}
      />
      <CatalogPickerDialog
        open={dialog === 'merge'}
        title={translate('app.cms_catalog.merge_title', { name: node.name })}
        nodes={nodes}
        multiple
        busy={busy}
        isDisabled={(n) => String(n.id) === id || n.props?.catalogType === 'link'}
        onClose={close}
        onConfirm={(ids) => void act(() => httpClient.post('/cms/catalog/merge', { catalogId: id, mergeCatalogIds: ids }))}
      />
    </Box>
  );
}

/**
 * 栏目管理 (menu component `cms/catalog/index`): the current site's catalog tree on the left (add, batch add), the
 * selected catalog's actions and edit form on the right. Buttons show only with their `cms:catalog:*` permission.
 */
export function CatalogPage() {
  const translate = useTranslate();
  const { tree, error, reload } = useCatalogTree('/cms/catalog/treeData');
  const [selectedId, setSelectedId] = useState<string>();
  const [dialog, setDialog] = useState<'add' | 'batch' | undefined>();
  const canAdd = useHasPermission(P.add);
  const nodes = tree?.rows ?? [];
  const selected = findCatalog(nodes, selectedId);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1, alignItems: 'flex-start' }}>
      <Card sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle1" component="h2" noWrap title={tree?.siteName}>
              {tree?.siteName || translate('app.cms_catalog.title')}
            </Typography>
            <IconButton aria-label={translate('ra.action.refresh')} onClick={reload} size="small">
              <RefreshIcon fontSize="small" />
            </IconButton>
          </Stack>
          {canAdd ? (
            <Stack direction="row" spacing={0.5} sx={{ my: 1 }}>
              <Button label="app.cms_catalog.add" onClick={() => setDialog('add')}>
                <AddIcon />
              </Button>
              <Button label="app.cms_catalog.batch_add" onClick={() => setDialog('batch')}>
                <LibraryAddIcon />
              </Button>
            </Stack>
          ) : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
          {tree && !nodes.length ? (
            <Typography variant="body2" color="text.secondary">
              {translate('app.cms_catalog.empty')}
            </Typography>
          ) : null}
          <CatalogTree nodes={nodes} label={translate('app.cms_catalog.tree')} selected={selectedId} onSelect={(n) => setSelectedId(String(n.id))} />
        </CardContent>
      </Card>
      <Card sx={{ flex: 1, width: '100%', minWidth: 0 }}>
        <CardContent>
          {selected ? (
            <CatalogDetail
              node={selected}
              nodes={nodes}
              onChanged={reload}
              onDeleted={() => {
                setSelectedId(undefined);
                reload();
              }}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('app.cms_catalog.select_hint')}
            </Typography>
          )}
        </CardContent>
      </Card>
      {dialog === 'add' ? (
        <AddCatalogDialog
          parent={selected}
          onClose={() => setDialog(undefined)}
          onAdded={(id) => {
            setDialog(undefined);
            if (id) setSelectedId(String(id));
            reload();
          }}
        />
      ) : null}
      {dialog === 'batch' ? (
        <BatchAddDialog
          parent={selected}
          onClose={() => setDialog(undefined)}
          onAdded={() => {
            setDialog(undefined);
            reload();
          }}
        />
      ) : null}
    </Stack>
  );
}
