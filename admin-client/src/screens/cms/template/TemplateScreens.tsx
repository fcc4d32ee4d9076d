import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import CodeIcon from '@mui/icons-material/Code';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import { Chip, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Button,
  Create,
  Datagrid,
  FunctionField,
  maxLength,
  NumberField,
  required,
  SelectInput,
  TextField,
  TextInput,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { PageResult } from '@zhiwen/shared';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';
import { EditForm } from '../../../components/EditForm';
import { ScreenList } from '../../../components/ScreenList';
import { useApiCall } from '../../../components/useApiCall';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { IdListDeleteButton } from '../publishpipe/IdListDeleteButton';
import { normalizeTemplatePath, templateEditorPath, templatePathError } from './template';

/** Enabled pipes of the current site as select choices (`GET /cms/publishpipe/selectData`). */
export function usePipeChoices() {
  const [choices, setChoices] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    httpClient
      .get<PageResult<{ pipeCode: string; pipeName: string }>>('/cms/publishpipe/selectData')
      .then((r) => live && setChoices((r.data?.rows ?? []).map((p) => ({ id: p.pipeCode, name: `${p.pipeName} (${p.pipeCode})` }))))
      .catch(() => live && setChoices([]));
    return () => {
      live = false;
    };
  }, []);
  return choices;
}

/** react-admin validator of a template path (the form normalizes it on submit). */
const validTemplatePath = (value: unknown) => {
  const key = templatePathError(normalizeTemplatePath(String(value ?? '')));
  return key && key !== 'app.cms_template.path_required' ? key : undefined;
};

/** 编辑: the template editor page. */
function OpenEditorButton() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button component={Link} to={templateEditorPath(record.templateId)} label="app.cms_template.open_editor" onClick={(e) => e.stopPropagation()}>
      <CodeIcon />
    </Button>
  );
}

/** 重命名: moves the template to another path of its pipe. */
function RenameButton() {
  const record = useRecordContext();
  const allowed = useHasPermission('cms:template:rename');
  const [open, setOpen] = useState(false);
  if (!record || !allowed) return null;
  return (
    <>
      <Button
        label="app.cms_template.rename"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <DriveFileRenameOutlineIcon />
      </Button>
      {open ? <RenameDialog record={record} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function RenameDialog({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const [path, setPath] = useState<string>(record.path);
  const { run, busy } = useApiCall();
  const normalized = normalizeTemplatePath(path);
  const error = templatePathError(normalized);
  const submit = async () => {
    if (error) return;
    if (await run(() => httpClient.post('/cms/template/rename', { templateId: String(record.templateId), path: normalized }))) onClose();
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      onClick={(e) => e.stopPropagation()}
      aria-labelledby="template-rename-title"
    >
      <DialogTitle id="template-rename-title">{translate('app.cms_template.rename_title', { name: record.path })}</DialogTitle>
      <DialogContent>
        <MuiTextField
          autoFocus
          fullWidth
          sx={{ mt: 1 }}
          name="path"
          label={translate('app.cms_template.path')}
          value={path}
          onChange={(e) => setPath(e.target.value)}
          error={!!error}
          helperText={translate(error ?? 'app.cms_template.path_help')}
        />
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} disabled={busy} />
        <Button label="ra.action.save" variant="contained" onClick={submit} disabled={busy || !!error || normalized === record.path} />
      </DialogActions>
    </Dialog>
  );
}

function TemplateDeleteButton() {
  return (
    <IdListDeleteButton
      url="/cms/template"
      idField="templateId"
      permission="cms:template:remove"
      confirmTitle="app.cms_template.delete_title"
      confirmContent="app.cms_template.delete_confirm"
      nameField="path"
    />
  );
}

/** 模板管理: the current site's templates, by pipe (the server orders by pipe, then path). */
export function TemplateList() {
  const pipes = usePipeChoices();
  const filters = [
    <SelectInput key="publishPipeCode" source="publishPipeCode" label="app.cms_template.pipe" choices={pipes} alwaysOn />,
    <TextInput key="filename" source="filename" label="app.cms_template.path" alwaysOn />,
  ];
  return (
    <ScreenList
      filters={filters}
      // No sort field: the server's own order groups the templates by pipe.
      sort={{ field: '', order: 'ASC' }}
      exportable={false}
      extraActions={
        <CallButton
          label="app.cms_template.clear_cache"
          icon={<CleaningServicesIcon />}
          method="POST"
          url="/cms/template/clearTemplateCache"
          permission="cms:template:clearCache"
          successMessage="app.cms_template.cache_cleared"
        />
      }
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <FunctionField
          label="app.cms_template.pipe"
          sortBy="publishPipeCode"
          sortable={false}
          render={(r: RaRecord) => <Chip size="small" label={r.publishPipeCode} />}
        />
        <TextField source="path" label="app.cms_template.path" sx={{ fontFamily: 'monospace' }} />
        <NumberField source="fileSize" label="app.cms_template.fileSize" />
        <TextField source="remark" label="app.cms_template.remark" sortable={false} />
        <TextField source="updateBy" label="app.cms_template.updateBy" sortable={false} />
        <DateTimeField source="updateTime" label="app.cms_template.updateTime" />
        <OpenEditorButton />
        <RenameButton />
        <TemplateDeleteButton />
      </Datagrid>
    </ScreenList>
  );
}

/** New template: a pipe and a path such as `news/list.template.html`; then straight into the editor. */
export function TemplateCreate() {
  const pipes = usePipeChoices();
  const navigate = useNavigate();
  const notify = useNotify();
  return (
    <Create
      transform={(data: Record<string, unknown>) => ({
        publishPipeCode: data.publishPipeCode,
        path: normalizeTemplatePath(String(data.path ?? '')),
        content: '',
        remark: String(data.remark ?? ''),
      })}
      mutationOptions={{
        onSuccess: (row: RaRecord) => {
          notify('ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
          navigate(templateEditorPath(row.templateId));
        },
      }}
    >
      <EditForm>
        <SelectInput source="publishPipeCode" label="app.cms_template.pipe" choices={pipes} validate={required()} defaultValue={pipes[0]?.id} />
        <TextInput
          source="path"
          label="app.cms_template.path"
          helperText="app.cms_template.path_help"
          validate={[required(), validTemplatePath]}
          fullWidth
        />
        <TextInput source="remark" label="app.cms_template.remark" multiline validate={maxLength(500)} fullWidth />
      </EditForm>
    </Create>
  );
}
