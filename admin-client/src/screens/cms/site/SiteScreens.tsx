import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PublishIcon from '@mui/icons-material/Publish';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Button,
  Confirm,
  Create,
  Datagrid,
  DeleteButton,
  maxLength,
  NumberField,
  NumberInput,
  regex,
  required,
  SelectInput,
  TextField,
  TextInput,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { saveBlob } from '../../../components/download';
import { EditForm } from '../../../components/EditForm';
import { ScreenList } from '../../../components/ScreenList';
import { useApiCall } from '../../../components/useApiCall';
import { useHasPermission } from '../../../components/usePermission';
import { PUBLISH_FLAG_KEY } from '../../../layout/navbar/publishPoller';
import { httpClient } from '../../../providers/httpClient';
import { HTTP_URL_OR_EMPTY, IMAGE_REF, SITE_PATH, siteCreateBody, siteTabsPath, STATIC_SUFFIXES } from './site';
import { switchCurrentSite } from '../../../providers/currentSite';
import { PickIntoInputButton } from '../resource/MaterialPicker';

/** The theme archive the server takes (THEME_LIMITS.maxUploadBytes is larger; the browser checks the type only). */
const THEME_ACCEPT = '.zip,application/zip';

const filters = [<TextInput key="siteName" source="siteName" label="app.cms_site.name" alwaysOn />];

/** Starts the navbar's publish-task polling (spec 4: the `publish_flag` local flag). */
export function startPublishPolling() {
  try {
    localStorage.setItem(PUBLISH_FLAG_KEY, 'true');
  } catch {
    /* storage unavailable: the indicator simply does not poll */
  }
}

/** 编辑: the site's four-tab editor page. */
function SiteEditButton() {
  const record = useRecordContext();
  const allowed = useHasPermission('cms:site:view');
  if (!record || !allowed) return null;
  return (
    <Button component={Link} to={siteTabsPath(record.siteId)} label="ra.action.edit" onClick={(e) => e.stopPropagation()}>
      <EditIcon />
    </Button>
  );
}

/** 发布: queues publishing of the whole site and tells the task started (the navbar indicator then counts it). */
export function PublishSiteButton({ siteId: given, siteName }: { siteId?: string; siteName?: string }) {
  const record = useRecordContext();
  const allowed = useHasPermission('cms:site:publish');
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const siteId = given ?? (record?.siteId as string | undefined);
  if (!allowed || !siteId) return null;
  const publish = async () => {
    setBusy(true);
    try {
      // One task per enabled pipe.
      const { data } = await httpClient.post<{ taskId: string; taskIds: string[] }>('/cms/site/publish', { siteId: String(siteId) });
      startPublishPolling();
      notify('app.cms_site.publish_started', { type: 'success', messageArgs: { taskId: data?.taskIds.join(', ') ?? '' } });
      setOpen(false);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label="app.cms_site.publish"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        disabled={busy}
      >
        <PublishIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="app.cms_site.publish_title"
        content="app.cms_site.publish_confirm"
        translateOptions={{ name: siteName ?? record?.name ?? '' }}
        onConfirm={publish}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** 导出主题: the site's templates and theme assets as a zip. */
export function ExportThemeButton({ siteId: given }: { siteId?: string }) {
  const record = useRecordContext();
  const allowed = useHasPermission('cms:site:theme');
  const notify = useNotify();
  const siteId = given ?? (record?.siteId as string | undefined);
  if (!allowed || !siteId) return null;
  const onClick = async (e: React.MouseEvent) => {
    e.stopPropagation();
    try {
      const { blob, fileName } = await httpClient.download('/cms/site/exportTheme', { siteId: String(siteId) });
      saveBlob(blob, fileName.endsWith('.zip') ? fileName : 'theme.zip');
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Button label="app.cms_site.export_theme" onClick={onClick}>
      <DownloadIcon />
    </Button>
  );
}

/** 导入主题: a zip of templates/<pipe>/... and assets/<pipe>/...; files at the same path are replaced. */
export function ImportThemeButton({ siteId: given }: { siteId?: string }) {
  const record = useRecordContext();
  const allowed = useHasPermission('cms:site:theme');
  const [open, setOpen] = useState(false);
  const siteId = given ?? (record?.siteId as string | undefined);
  if (!allowed || !siteId) return null;
  return (
    <>
      <Button
        label="app.cms_site.import_theme"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <UploadFileIcon />
      </Button>
      {open ? <ImportThemeDialog siteId={String(siteId)} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ImportThemeDialog({ siteId, onClose }: { siteId: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const { run, busy } = useApiCall();
  const submit = async () => {
    if (!file) return;
    if (!/\.zip$/i.test(file.name)) {
      notify('app.cms_site.theme_not_zip', { type: 'error' });
      return;
    }
    const form = new FormData();
    form.append('siteId', siteId);
    form.append('replace', String(replace));
    form.append('file', file);
    if (await run(() => httpClient.post('/cms/site/importTheme', form))) onClose();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{translate('app.cms_site.import_theme')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('app.cms_site.import_theme_help')}</DialogContentText>
        <Button label="app.cms_site.choose_zip" variant="outlined" component="label">
          <>
            <UploadFileIcon />
            <input
              hidden
              type="file"
              accept={THEME_ACCEPT}
              aria-label={translate('app.cms_site.choose_zip')}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </>
        </Button>
        {file ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {file.name}
          </Typography>
        ) : null}
        <FormControlLabel
          sx={{ mt: 1, display: 'flex' }}
          control={<Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)} />}
          label={translate('app.cms_site.import_replace')}
        />
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} disabled={busy} />
        <Button label="app.cms_site.import" variant="contained" onClick={submit} disabled={!file || busy} />
      </DialogActions>
    </Dialog>
  );
}

/** Deleting a site takes its catalogs, content and published files with it: said plainly before it happens. */
function SiteDeleteButton() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <DeleteButton
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle="app.cms_site.delete_title"
      confirmContent="app.cms_site.delete_confirm"
      translateOptions={{ name: record.name }}
    />
  );
}

/** 站点管理: the sites the caller may view. */
export function SiteList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'sort', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="siteId" label="app.cms_site.siteId" />
        <TextField source="name" label="app.cms_site.name" />
        <TextField source="path" label="app.cms_site.path" sortable={false} />
        <NumberField source="sort" label="app.cms_site.sort" />
        <DateTimeField source="createTime" label="app.cms_site.createTime" />
        <SiteEditButton />
        <PublishSiteButton />
        <ExportThemeButton />
        <ImportThemeButton />
        <SiteDeleteButton />
      </Datagrid>
    </ScreenList>
  );
}

/** The fields a new site needs; the editor page sets the rest (pipes, templates, extension settings). */
export function SiteBasicInputs({ edit = false }: { edit?: boolean }) {
  return (
    <>
      <TextInput source="name" label="app.cms_site.name" validate={[required(), maxLength(100)]} />
      {/* The folder names the published files: set once (the server refuses a change). Read-only, not disabled: the
          update still has to send it, and a disabled field leaves the submitted values. */}
      <TextInput
        source="path"
        label="app.cms_site.path"
        helperText="app.cms_site.path_help"
        readOnly={edit}
        validate={edit ? undefined : [required(), regex(SITE_PATH, 'app.cms_site.path_help')]}
      />
      <TextInput
        source="logo"
        label="app.cms_site.logo"
        helperText="app.cms_site.logo_help"
        validate={[maxLength(500), regex(IMAGE_REF, 'app.cms_site.logo_help')]}
        fullWidth
      />
      {edit ? <SiteLogoPicker /> : null}
      <TextInput
        source="resourceUrl"
        label="app.cms_site.resourceUrl"
        helperText="app.cms_site.resourceUrl_help"
        validate={[maxLength(255), regex(HTTP_URL_OR_EMPTY, 'app.cms_site.resourceUrl_help')]}
        fullWidth
      />
      <TextInput source="description" label="app.cms_site.description" multiline validate={maxLength(500)} fullWidth />
      <SelectInput source="staticSuffix" label="app.cms_site.staticSuffix" choices={STATIC_SUFFIXES} defaultValue="html" validate={required()} />
      <NumberInput source="sort" label="app.cms_site.sort" defaultValue={0} min={0} max={999999} />
      <TextInput source="seoTitle" label="app.cms_site.seoTitle" validate={maxLength(255)} fullWidth />
      <TextInput source="seoKeywords" label="app.cms_site.seoKeywords" validate={maxLength(500)} fullWidth />
      <TextInput source="seoDescription" label="app.cms_site.seoDescription" multiline validate={maxLength(1000)} fullWidth />
    </>
  );
}

/** The site's logo from its own material library (once the site exists). */
function SiteLogoPicker() {
  const record = useRecordContext();
  const siteId = String(record?.siteId ?? record?.id ?? '');
  return siteId ? <PickIntoInputButton source="logo" siteId={siteId} /> : null;
}

/** After a site is created: offer to make it the current site (the layout's selector does the same). */
function SwitchToNewSiteDialog({ site, onClose }: { site: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const switchNow = async () => {
    setBusy(true);
    try {
      await switchCurrentSite(String(site.siteId));
      onClose();
      // Every screen reads the site from the CurrentSite header: rebuild through the redirect route.
      navigate('/redirect/cms/site', { replace: true });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Dialog open aria-labelledby="switch-site-title">
      <DialogTitle id="switch-site-title">{translate('app.cms_site.created_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.cms_site.switch_confirm', { name: site.name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          label="app.cms_site.stay"
          onClick={() => {
            onClose();
            navigate('/cms/site');
          }}
          disabled={busy}
        />
        <Button label="app.cms_site.switch_now" variant="contained" onClick={switchNow} disabled={busy} />
      </DialogActions>
    </Dialog>
  );
}

export function SiteCreate() {
  const notify = useNotify();
  const [created, setCreated] = useState<RaRecord | null>(null);
  return (
    <>
      <Create
        redirect={false}
        transform={siteCreateBody}
        mutationOptions={{
          onSuccess: (site: RaRecord) => {
            notify('ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
            setCreated(site);
          },
        }}
      >
        <EditForm>
          <Typography variant="body2" color="text.secondary">
            <CreateHelp />
          </Typography>
          <SiteBasicInputs />
        </EditForm>
      </Create>
      {created ? <SwitchToNewSiteDialog site={created} onClose={() => setCreated(null)} /> : null}
    </>
  );
}

function CreateHelp() {
  const translate = useTranslate();
  return <>{translate('app.cms_site.create_help')}</>;
}
