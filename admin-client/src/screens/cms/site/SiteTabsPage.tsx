import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { TemplateDatalist, templateListId, useTemplatePaths } from '../template/TemplateOptions';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  BooleanInput,
  Button,
  Confirm,
  Edit,
  maxLength,
  NumberInput,
  regex,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useGetOne,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { PageResult } from '@zhiwen/shared';
import { useApiData } from '../../../components/useApiData';
import { PagePagination } from '../../../components/PagePagination';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import {
  dashboardItems,
  defaultTemplatesBody,
  extendsBody,
  PIPE_URL_OR_EMPTY,
  PROP_CODE,
  SITE_RESOURCE,
  siteUpdateBody,
  TEMPLATE_PATH_OR_EMPTY,
  TITLE_REPEAT_CHECKS,
  SENSITIVE_WORD_CHECKS,
  type PipeDefaultTemplates,
  type SiteDashboard,
  type SiteExtends,
  type SitePipe,
  type SiteProperty,
} from './site';
import { ExportThemeButton, ImportThemeButton, PublishSiteButton, SiteBasicInputs } from './SiteScreens';
import { resourceSettingsBody, resourceSettingsRecord } from '../resource/resource';
import { ResourceSettingsInputs } from '../resource/ResourceSettingsInputs';
import { SiteStorageTab } from './SiteStorageTab';
import { ExtendFormInput } from '../exmodel/ExtendFields';
import { ExModelBindingInputs, exModelBindingsBody } from '../exmodel/ExModelBindingInputs';

const TABS = ['basic', 'extend', 'props', 'templates', 'storage'] as const;
type TabKey = (typeof TABS)[number];
const templateValidate = [maxLength(255), regex(TEMPLATE_PATH_OR_EMPTY, 'app.cms_site.template_help')];

/** `/cms/site/tabs?siteId=`: the site editor with ChestnutCMS's four tabs. */
export function SiteTabsPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const siteId = params.get('siteId') ?? '';
  const canManageStorage = useHasPermission('cms:site:storage');
  const asked = params.get('tab') ?? '';
  const tab: TabKey = (TABS as readonly string[]).includes(asked) && (asked !== 'storage' || canManageStorage) ? (asked as TabKey) : 'basic';
  const valid = /^[1-9]\d{0,17}$/.test(siteId);
  // Same query as the basic tab's form: one request.
  const { data: site } = useGetOne(SITE_RESOURCE, { id: siteId }, { enabled: valid });
  if (!valid) {
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {translate('app.cms_site.no_site')} <Link to="/cms/site">{translate('app.cms_site.back_to_list')}</Link>
      </Alert>
    );
  }
  return (
    <Box sx={{ p: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Button component={Link} to="/cms/site" label="app.cms_site.back_to_list" />
        <Typography variant="h6" component="h2">
          {site?.name ?? ''}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <PublishSiteButton siteId={siteId} siteName={site?.name} />
        <ExportThemeButton siteId={siteId} />
        <ImportThemeButton siteId={siteId} />
      </Stack>
      <Tabs
        value={tab}
        onChange={(_, value: TabKey) => setParams({ siteId, tab: value }, { replace: true })}
        aria-label={translate('app.cms_site.tabs_label')}
        variant="scrollable"
      >
        {TABS.filter((t) => t !== 'storage' || canManageStorage).map((t) => (
          <Tab key={t} value={t} label={translate(`app.cms_site.tab_${t}`)} id={`site-tab-${t}`} aria-controls={`site-tabpanel-${t}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`site-tabpanel-${tab}`} aria-labelledby={`site-tab-${tab}`} sx={{ pt: 1 }}>
        {tab === 'basic' ? <BasicTab siteId={siteId} /> : null}
        {tab === 'extend' ? <ExtendTab siteId={siteId} /> : null}
        {tab === 'props' ? <PropsTab siteId={siteId} /> : null}
        {tab === 'templates' ? <DefaultTemplatesTab siteId={siteId} /> : null}
        {tab === 'storage' && canManageStorage ? <SiteStorageTab siteId={siteId} /> : null}
      </Box>
    </Box>
  );
}

/** The counts of GET /cms/site/dashboard, on the basic tab. */
export function SiteDashboardCard({ siteId }: { siteId: string }) {
  const translate = useTranslate();
  const { data } = useApiData<SiteDashboard>('/cms/site/dashboard', { siteId }, { notifyErrors: true });
  const { totals, byStatus } = dashboardItems(data);
  return (
    <Card variant="outlined" sx={{ mb: 2 }} aria-label={translate('app.cms_site.dashboard')} role="region">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {translate('app.cms_site.dashboard')}
        </Typography>
        <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {totals.map((item) => (
            <Box key={item.key} data-testid={`dash-${item.key}`}>
              <Typography variant="h5">{data ? item.value : '-'}</Typography>
              <Typography variant="caption" color="text.secondary">
                {translate(item.label)}
              </Typography>
            </Box>
          ))}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mt: 2 }}>
          {byStatus.map((item) => (
            <Chip
              key={item.key}
              size="small"
              variant="outlined"
              label={`${translate(item.label)}: ${data ? item.value : '-'}`}
              data-testid={`dash-status-${item.key}`}
            />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One URL and home template row per publish pipe of the site (the record's `publishPipes`). */
function PipeInputs() {
  const record = useRecordContext();
  const translate = useTranslate();
  const templatePaths = useTemplatePaths();
  const pipes = (record?.publishPipes ?? []) as SitePipe[];
  if (!pipes.length) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
        {translate('app.cms_site.pipe_settings')}
      </Typography>
      {pipes.map((pipe, i) => (
        <Stack key={pipe.pipeCode} direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <Typography sx={{ minWidth: 140, pt: 2 }}>
            {pipe.pipeName} ({pipe.pipeCode}){pipe.status === '1' ? ` ${translate('app.cms_site.pipe_disabled')}` : ''}
          </Typography>
          <TextInput
            source={`publishPipes.${i}.url`}
            label={translate('app.cms_site.pipe_url', { pipe: pipe.pipeName })}
            helperText={pipe.siteUrl ? translate('app.cms_site.pipe_url_help', { url: pipe.siteUrl }) : 'app.cms_site.pipe_url_format'}
            validate={[maxLength(255), regex(PIPE_URL_OR_EMPTY, 'app.cms_site.pipe_url_format')]}
            sx={{ flex: 1 }}
          />
          <TemplateDatalist id={templateListId(pipe.pipeCode)} paths={templatePaths[pipe.pipeCode] ?? []} />
          <TextInput
            source={`publishPipes.${i}.indexTemplate`}
            label={translate('app.cms_site.pipe_index_template', { pipe: pipe.pipeName })}
            helperText="app.cms_site.template_help"
            validate={templateValidate}
            slotProps={{ htmlInput: { list: templateListId(pipe.pipeCode) } }}
            sx={{ flex: 1 }}
          />
        </Stack>
      ))}
    </Box>
  );
}

function BasicTab({ siteId }: { siteId: string }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const canEdit = useHasPermission('cms:site:edit');
  return (
    <>
      <SiteDashboardCard siteId={siteId} />
      <Edit
        resource={SITE_RESOURCE}
        id={siteId}
        // The page is gated by cms:site:view (DETAIL_PAGES); react-admin's own check would demand cms:site:edit and send
        // view-only staff away. Saving is hidden without the edit permission, and the server checks Site:Edit anyway.
        disableAuthentication
        mutationMode="pessimistic"
        redirect={false}
        actions={false}
        title=" "
        transform={(data: RaRecord) => ({ ...siteUpdateBody(data), ...(data.extend ? { extend: data.extend } : {}) })}
        mutationOptions={{
          onSuccess: () => {
            notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
            // PUT answers the site without its pipes' rows: read it again.
            refresh();
          },
        }}
      >
        <SimpleForm
          resetOptions={{ keepDirtyValues: true }}
          toolbar={
            canEdit ? (
              <Toolbar>
                <SaveButton alwaysEnable />
              </Toolbar>
            ) : (
              false
            )
          }
        >
          <SiteBasicInputs edit />
          <PipeInputs />
          <TextInput source="remark" label="app.cms_site.remark" multiline validate={maxLength(500)} fullWidth />
          {/* The site's extension model values (cms/exmodel) go with the save as `extend`. */}
          <ExtendFormInput dataType="site" dataId={siteId} />
        </SimpleForm>
      </Edit>
    </>
  );
}

/** 扩展设置: list page size, title repeat check, recycle bin keep days, sitemap, default content templates. */
function ExtendTab({ siteId }: { siteId: string }) {
  const notify = useNotify();
  const canEdit = useHasPermission('cms:site:edit');
  const { data, reload } = useApiData<SiteExtends>('/cms/site/extends', { siteId }, { notifyErrors: true });
  const record = useMemo(() => (data ? resourceSettingsRecord(data) : undefined), [data]);
  if (!data) return null;
  const save = async (values: Record<string, unknown>) => {
    try {
      const r = await httpClient.post(`/cms/site/extends/${encodeURIComponent(siteId)}`, {
        ...extendsBody(values),
        ...resourceSettingsBody(values),
        ...exModelBindingsBody(values),
      });
      notify(r.msg || 'ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
      reload();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Card>
      <SimpleForm
        record={record}
        onSubmit={save}
        toolbar={
          canEdit ? (
            <Toolbar>
              <SaveButton alwaysEnable />
            </Toolbar>
          ) : (
            false
          )
        }
      >
        <NumberInput source="pageSize" label="app.cms_site.pageSize" min={1} max={200} step={1} validate={required()} />
        <SelectInput source="titleRepeatCheck" label="app.cms_site.titleRepeatCheck" choices={TITLE_REPEAT_CHECKS} validate={required()} />
        <NumberInput
          source="recycleKeepDays"
          label="app.cms_site.recycleKeepDays"
          helperText="app.cms_site.recycleKeepDays_help"
          min={0}
          max={3650}
          step={1}
          validate={required()}
        />
        <BooleanInput source="sitemapEnabled" label="app.cms_site.sitemapEnabled" />
        <TextInput source="apiUrl" label="app.cms_site.apiUrl" helperText="app.cms_site.apiUrl_help" fullWidth />
        <SelectInput
          source="sensitiveWordCheck"
          label="app.cms_site.sensitiveWordCheck"
          helperText="app.cms_site.sensitiveWordCheck_help"
          choices={SENSITIVE_WORD_CHECKS}
          validate={required()}
        />
        <BooleanInput source="commentEnabled" label="app.cms_site.commentEnabled" />
        <BooleanInput source="commentAutoPass" label="app.cms_site.commentAutoPass" helperText="app.cms_site.commentAutoPass_help" />
        <TextInput
          source="defaultListTemplate"
          label="app.cms_site.defaultListTemplate"
          helperText="app.cms_site.template_help"
          validate={templateValidate}
          fullWidth
        />
        <TextInput
          source="defaultDetailTemplate"
          label="app.cms_site.defaultDetailTemplate"
          helperText="app.cms_site.template_help"
          validate={templateValidate}
          fullWidth
        />
        <ResourceSettingsInputs siteId={siteId} />
        <ExModelBindingInputs />
      </SimpleForm>
    </Card>
  );
}

const PROP_PAGE_SIZE = 20;
const EMPTY_PROP: SiteProperty = { propName: '', propCode: '', propValue: '', remark: '' };

/** 站点属性: key/value pairs templates read as `site.props.<code>`. */
function PropsTab({ siteId }: { siteId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const canEdit = useHasPermission('cms:site:edit');
  const [page, setPage] = useState(1);
  const { data, reload } = useApiData<PageResult<SiteProperty>>(
    '/cms/site/prop/list',
    { siteId, pageNum: page, pageSize: PROP_PAGE_SIZE },
    { notifyErrors: true },
  );
  const [editing, setEditing] = useState<SiteProperty | null>(null);
  const [removing, setRemoving] = useState<SiteProperty | null>(null);
  const remove = async () => {
    if (!removing) return;
    try {
      await httpClient.request('/cms/site/prop', { method: 'DELETE', data: [removing.propertyId] });
      notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
      setRemoving(null);
      reload();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Card>
      <CardContent>
        {canEdit ? (
          <Button label="app.cms_site.prop_add" variant="contained" onClick={() => setEditing({ ...EMPTY_PROP })}>
            <AddIcon />
          </Button>
        ) : null}
        <Table size="small" aria-label={translate('app.cms_site.tab_props')} sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.cms_site.propName')}</TableCell>
              <TableCell>{translate('app.cms_site.propCode')}</TableCell>
              <TableCell>{translate('app.cms_site.propValue')}</TableCell>
              <TableCell>{translate('app.cms_site.remark')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.rows ?? []).map((p) => (
              <TableRow key={p.propertyId}>
                <TableCell>{p.propName}</TableCell>
                <TableCell>{p.propCode}</TableCell>
                <TableCell sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{p.propValue}</TableCell>
                <TableCell>{p.remark}</TableCell>
                <TableCell align="right">
                  {canEdit ? (
                    <>
                      <Button label="ra.action.edit" onClick={() => setEditing(p)}>
                        <EditIcon />
                      </Button>
                      <Button label="ra.action.delete" color="error" onClick={() => setRemoving(p)}>
                        <DeleteIcon />
                      </Button>
                    </>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {data && !data.rows.length ? (
              <TableRow>
                <TableCell colSpan={5}>{translate('app.cms_site.prop_none')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
        <PagePagination total={data?.total ?? 0} page={page} pageSize={PROP_PAGE_SIZE} onPage={setPage} />
      </CardContent>
      {editing ? (
        <PropDialog
          siteId={siteId}
          initial={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <Confirm
        isOpen={!!removing}
        title="app.cms_site.prop_delete_title"
        content="app.cms_site.prop_delete_confirm"
        translateOptions={{ name: removing?.propName ?? '' }}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}

/** Add or change one property: name and code required, code letters/digits/underscore. */
function PropDialog({ siteId, initial, onClose, onSaved }: { siteId: string; initial: SiteProperty; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<SiteProperty>(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const nameError = !values.propName.trim() ? translate('ra.validation.required') : '';
  const codeError = !PROP_CODE.test(values.propCode.trim()) ? translate('app.cms_site.propCode_help') : '';
  const set = (key: keyof SiteProperty) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: e.target.value });
  const save = async () => {
    setTouched(true);
    if (nameError || codeError) return;
    const body = {
      siteId,
      propName: values.propName.trim(),
      propCode: values.propCode.trim(),
      propValue: values.propValue ?? '',
      remark: values.remark ?? '',
    };
    setBusy(true);
    try {
      if (initial.propertyId) await httpClient.put('/cms/site/prop', { ...body, propertyId: initial.propertyId });
      else await httpClient.post('/cms/site/prop', body);
      notify(initial.propertyId ? 'ra.notification.updated' : 'ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
      onSaved();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="site-prop-title">
      <DialogTitle id="site-prop-title">{translate(initial.propertyId ? 'app.cms_site.prop_edit' : 'app.cms_site.prop_add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <MuiTextField
            label={translate('app.cms_site.propName')}
            name="propName"
            value={values.propName}
            onChange={set('propName')}
            required
            error={touched && !!nameError}
            helperText={touched ? nameError : ''}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <MuiTextField
            label={translate('app.cms_site.propCode')}
            name="propCode"
            value={values.propCode}
            onChange={set('propCode')}
            required
            error={touched && !!codeError}
            helperText={translate('app.cms_site.propCode_help')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <MuiTextField
            label={translate('app.cms_site.propValue')}
            name="propValue"
            value={values.propValue}
            onChange={set('propValue')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 10000 } }}
          />
          <MuiTextField
            label={translate('app.cms_site.remark')}
            name="remark"
            value={values.remark}
            onChange={set('remark')}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} disabled={busy} />
        <Button label="ra.action.save" variant="contained" onClick={save} disabled={busy} />
      </DialogActions>
    </Dialog>
  );
}

/** 默认模板: catalog templates each pipe proposes, saved per pipe; "apply" writes them into catalogs that have none. */
function DefaultTemplatesTab({ siteId }: { siteId: string }) {
  const translate = useTranslate();
  const templatePaths = useTemplatePaths();
  const notify = useNotify();
  const canEdit = useHasPermission('cms:site:edit');
  const { data, reload } = useApiData<PipeDefaultTemplates[]>('/cms/site/default_template', { siteId }, { notifyErrors: true });
  const [rows, setRows] = useState<PipeDefaultTemplates[]>([]);
  const [applying, setApplying] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setRows(Array.isArray(data) ? data : []), [data]);
  const invalid = rows.some((r) => [r.indexTemplate, r.listTemplate, r.detailTemplate].some((t) => !TEMPLATE_PATH_OR_EMPTY.test((t ?? '').trim())));
  const change = (i: number, key: 'indexTemplate' | 'listTemplate' | 'detailTemplate', value: string) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  const save = async () => {
    setBusy(true);
    try {
      const r = await httpClient.post('/cms/site/default_template', defaultTemplatesBody(siteId, rows));
      notify(r.msg || 'ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
      reload();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    setBusy(true);
    try {
      const r = await httpClient.post<{ count: number }>('/cms/site/apply_default_template', { siteId });
      notify(r.msg || translate('app.cms_site.applied', { count: r.data?.count ?? 0 }), { type: 'success' });
      setApplying(false);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.cms_site.default_templates_help')}
        </Typography>
        <Table size="small" aria-label={translate('app.cms_site.tab_templates')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.cms_site.pipe')}</TableCell>
              <TableCell>{translate('app.cms_site.indexTemplate')}</TableCell>
              <TableCell>{translate('app.cms_site.listTemplate')}</TableCell>
              <TableCell>{translate('app.cms_site.detailTemplate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r, i) => (
              <TableRow key={r.pipeCode}>
                <TableCell>
                  {r.pipeName} ({r.pipeCode})
                  <TemplateDatalist id={templateListId(r.pipeCode)} paths={templatePaths[r.pipeCode] ?? []} />
                </TableCell>
                {(['indexTemplate', 'listTemplate', 'detailTemplate'] as const).map((key) => {
                  const bad = !TEMPLATE_PATH_OR_EMPTY.test((r[key] ?? '').trim());
                  return (
                    <TableCell key={key}>
                      <MuiTextField
                        size="small"
                        fullWidth
                        value={r[key] ?? ''}
                        onChange={(e) => change(i, key, e.target.value)}
                        error={bad}
                        helperText={bad ? translate('app.cms_site.template_help') : ''}
                        disabled={!canEdit}
                        slotProps={{
                          htmlInput: {
                            'aria-label': `${r.pipeCode} ${translate(`app.cms_site.${key}`)}`,
                            maxLength: 255,
                            list: templateListId(r.pipeCode),
                          },
                        }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {canEdit ? (
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button label="ra.action.save" variant="contained" onClick={save} disabled={busy || invalid || !rows.length} />
            <Button label="app.cms_site.apply_to_catalogs" variant="outlined" onClick={() => setApplying(true)} disabled={busy} />
          </Stack>
        ) : null}
      </CardContent>
      <Confirm
        isOpen={applying}
        loading={busy}
        title="app.cms_site.apply_to_catalogs"
        content="app.cms_site.apply_confirm"
        onConfirm={apply}
        onClose={() => setApplying(false)}
      />
    </Card>
  );
}
