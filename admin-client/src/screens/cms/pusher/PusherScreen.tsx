import {
  Alert,
  Box,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { Button, Title, useTranslate } from 'react-admin';
import { formatDateTime, PAGING, type PageResult } from '@zhiwen/shared';
import { PagePagination } from '../../../components/PagePagination';
import { StateChip } from '../../../components/StateChip';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { RowsTable, type Column } from '../../check/payment/PaymentLists';
import {
  channelBody,
  channelProblem,
  DELIVERY_STATUS,
  emptyForm,
  eventLabel,
  formOf,
  PUSHER_EVENTS,
  PUSHER_TYPES,
  WEBHOOK_EXAMPLES,
  type ChannelForm,
  type DeliveryRow,
  type PusherChannel,
} from './pusher';

/** 消息推送配置: the channels (robots and email) with their events, and the delivery log. */
export function PusherScreen() {
  const translate = useTranslate();
  const [tab, setTab] = useState<'channels' | 'log'>('channels');
  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('app.pusher.title')} />
      <Tabs value={tab} onChange={(_, v: 'channels' | 'log') => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="channels" label={translate('app.pusher.tab_channels')} />
        <Tab value="log" label={translate('app.pusher.tab_log')} />
      </Tabs>
      {tab === 'channels' ? <ChannelsTab /> : <DeliveryLog />}
    </Box>
  );
}

function ChannelsTab() {
  const translate = useTranslate();
  const canEdit = useHasPermission('cms:pusher:edit');
  const canTest = useHasPermission('cms:pusher:test');
  const { data, reload } = useApiData<PageResult<PusherChannel>>('/cms/pusher/channel/list', { pageSize: PAGING.maxPageSize });
  const { run, busy } = useApiCall({ refresh: false });
  const [editing, setEditing] = useState<PusherChannel | 'new' | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const rows = data?.rows ?? [];

  const test = async (c: PusherChannel) => {
    setOutcome(null);
    try {
      await httpClient.post(`/cms/pusher/channel/${c.channelId}/test`, {});
      setOutcome({ ok: true, message: translate('app.pusher.test_ok', { name: c.name }) });
    } catch (err) {
      setOutcome({ ok: false, message: (err as Error).message || translate('ra.notification.http_error') });
    }
  };
  const toggle = async (c: PusherChannel, enabled: boolean) => {
    if (await run(() => httpClient.put(`/cms/pusher/channel/${c.channelId}/status`, { enabled }))) reload();
  };
  const remove = async (c: PusherChannel) => {
    if (!window.confirm(translate('app.pusher.delete_confirm', { name: c.name }))) return;
    if (await run(() => httpClient.delete(`/cms/pusher/channel/${c.channelId}`))) reload();
  };

  const columns: Column<PusherChannel>[] = [
    { key: 'name', label: 'app.pusher.name', render: (c) => c.name, nowrap: true },
    { key: 'type', label: 'app.pusher.type', render: (c) => translate(`app.pusher.type_${c.channelType}`), nowrap: true },
    {
      key: 'target',
      label: 'app.pusher.target',
      render: (c) => (c.channelType === 'email' ? `${c.smtpHost}:${c.smtpPort ?? ''} → ${c.mailTo.join(', ')}` : c.webhookHost),
    },
    {
      key: 'events',
      label: 'app.pusher.events',
      render: (c) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {c.events.map((e) => (
            <Chip key={e} size="small" label={translate(eventLabel(e))} />
          ))}
        </Stack>
      ),
    },
    {
      key: 'enabled',
      label: 'app.pusher.enabled',
      render: (c) => (
        <Switch
          name={`enabled_${c.channelId}`}
          checked={c.enabled}
          disabled={!canEdit || busy}
          onChange={(e) => void toggle(c, e.target.checked)}
          slotProps={{ input: { 'aria-label': translate('app.pusher.enabled') } }}
        />
      ),
    },
    {
      key: 'actions',
      label: 'app.pusher.actions',
      nowrap: true,
      render: (c) => (
        <Stack direction="row" spacing={1}>
          {canEdit ? <Button label="app.pusher.edit" onClick={() => setEditing(c)} /> : null}
          {canTest ? <Button label="app.pusher.test" onClick={() => void test(c)} /> : null}
          {canEdit ? <Button label="ra.action.delete" color="error" onClick={() => void remove(c)} /> : null}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      {canEdit ? (
        <Box>
          <Button label="app.pusher.add" variant="contained" onClick={() => setEditing('new')} />
        </Box>
      ) : null}
      {outcome ? (
        <Alert severity={outcome.ok ? 'success' : 'error'} onClose={() => setOutcome(null)}>
          {outcome.message}
        </Alert>
      ) : null}
      <RowsTable rows={rows} columns={columns} rowKey={(c) => c.channelId} label="app.pusher.tab_channels" empty="app.pusher.none" />
      {editing ? (
        <ChannelDialog
          channel={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </Stack>
  );
}

/** Add or edit a channel: the type's own fields; secrets start empty and say whether one is stored (empty keeps it). */
function ChannelDialog({ channel, onClose, onSaved }: { channel?: PusherChannel; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const { run, busy } = useApiCall({ refresh: false });
  const [form, setForm] = useState<ChannelForm>(() => (channel ? formOf(channel) : emptyForm()));
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<ChannelForm>) => setForm({ ...form, ...patch });
  const sameType = !!channel && channel.channelType === form.channelType;
  const stored = sameType ? channel.secretsSet : undefined;
  const problem = channelProblem(form, stored, sameType);
  const secretHint = (set: boolean | undefined) => translate(set ? 'app.pusher.secret_set' : 'app.pusher.secret_unset');
  const save = async () => {
    setTried(true);
    if (problem) return;
    const body = channelBody(form);
    const call = channel
      ? () => httpClient.put(`/cms/pusher/channel/${channel.channelId}`, body)
      : () => httpClient.post('/cms/pusher/channel', body);
    if (await run(call, 'app.pusher.saved')) onSaved();
  };
  const isEmail = form.channelType === 'email';
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate(channel ? 'app.pusher.edit_title' : 'app.pusher.add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField name="name" label={translate('app.pusher.name')} value={form.name} onChange={(e) => set({ name: e.target.value })} required />
          <TextField
            select
            name="channelType"
            label={translate('app.pusher.type')}
            value={form.channelType}
            onChange={(e) => set({ channelType: e.target.value as ChannelForm['channelType'] })}
          >
            {PUSHER_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {translate(`app.pusher.type_${type}`)}
              </MenuItem>
            ))}
          </TextField>
          {isEmail ? (
            <>
              <Stack direction="row" spacing={2}>
                <TextField
                  name="smtpHost"
                  label={translate('app.pusher.smtp_host')}
                  value={form.smtpHost}
                  onChange={(e) => set({ smtpHost: e.target.value })}
                  required
                  fullWidth
                />
                <TextField
                  name="smtpPort"
                  label={translate('app.pusher.smtp_port')}
                  value={form.smtpPort}
                  onChange={(e) => set({ smtpPort: e.target.value })}
                  sx={{ width: 140 }}
                />
              </Stack>
              <FormControlLabel
                control={<Switch name="smtpSecure" checked={form.smtpSecure} onChange={(e) => set({ smtpSecure: e.target.checked })} />}
                label={translate('app.pusher.smtp_secure')}
              />
              <TextField
                name="smtpUser"
                label={translate('app.pusher.smtp_user')}
                value={form.smtpUser}
                onChange={(e) => set({ smtpUser: e.target.value })}
                autoComplete="off"
              />
              <TextField
                name="smtpPassword"
                type="password"
                autoComplete="new-password"
                label={translate('app.pusher.smtp_password')}
                value={form.smtpPassword}
                onChange={(e) => set({ smtpPassword: e.target.value })}
                placeholder={stored?.smtpPassword ? secretHint(true) : undefined}
                helperText={secretHint(stored?.smtpPassword)}
              />
              <TextField
                name="mailFrom"
                label={translate('app.pusher.mail_from')}
                value={form.mailFrom}
                onChange={(e) => set({ mailFrom: e.target.value })}
                required
                placeholder="知文 <noreply@example.com>"
              />
              <TextField
                name="mailTo"
                label={translate('app.pusher.mail_to')}
                value={form.mailTo}
                onChange={(e) => set({ mailTo: e.target.value })}
                required
                helperText={translate('app.pusher.mail_to_help')}
              />
            </>
          ) : (
            <>
              <TextField
                name="webhookUrl"
                type="password"
                autoComplete="new-password"
                label={translate('app.pusher.webhook')}
                value={form.webhookUrl}
                onChange={(e) => set({ webhookUrl: e.target.value })}
                placeholder={
                  stored?.webhookUrl ? secretHint(true) : WEBHOOK_EXAMPLES[form.channelType as Exclude<ChannelForm['channelType'], 'email'>]
                }
                helperText={stored?.webhookUrl ? `${secretHint(true)} · ${channel?.webhookHost ?? ''}` : translate('app.pusher.webhook_help')}
                required={!stored?.webhookUrl}
              />
              {form.channelType !== 'wecom' ? (
                <>
                  <TextField
                    name="signSecret"
                    type="password"
                    autoComplete="new-password"
                    label={translate(form.channelType === 'dingtalk' ? 'app.pusher.sign_dingtalk' : 'app.pusher.sign_feishu')}
                    value={form.signSecret}
                    onChange={(e) => set({ signSecret: e.target.value, clearSign: false })}
                    disabled={form.clearSign}
                    placeholder={stored?.signSecret ? secretHint(true) : undefined}
                    helperText={secretHint(stored?.signSecret)}
                  />
                  {stored?.signSecret ? (
                    <FormControlLabel
                      control={
                        <Checkbox name="clearSign" checked={form.clearSign} onChange={(e) => set({ clearSign: e.target.checked, signSecret: '' })} />
                      }
                      label={translate('app.pusher.clear_sign')}
                    />
                  ) : null}
                </>
              ) : null}
            </>
          )}
          <FormControl component="fieldset">
            <FormLabel component="legend">{translate('app.pusher.events')}</FormLabel>
            <FormGroup>
              {PUSHER_EVENTS.map((event) => (
                <FormControlLabel
                  key={event}
                  control={
                    <Checkbox
                      name={`event_${event}`}
                      checked={form.events.includes(event)}
                      onChange={(e) => set({ events: e.target.checked ? [...form.events, event] : form.events.filter((x) => x !== event) })}
                    />
                  }
                  label={translate(eventLabel(event))}
                />
              ))}
            </FormGroup>
          </FormControl>
          <FormControlLabel
            control={<Switch name="enabled" checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} />}
            label={translate('app.pusher.enabled')}
          />
          <TextField
            name="remark"
            label={translate('app.pusher.remark')}
            value={form.remark}
            onChange={(e) => set({ remark: e.target.value })}
            multiline
            minRows={2}
          />
          {tried && problem ? <Alert severity="error">{translate(problem)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button label="ra.action.save" variant="contained" onClick={() => void save()} disabled={busy} />
      </DialogActions>
    </Dialog>
  );
}

/** 推送记录: every delivery, newest first, with its outcome. */
function DeliveryLog() {
  const translate = useTranslate();
  const [filters, setFilters] = useState({ event: '', status: '' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGING.defaultPageSize);
  const params: Record<string, unknown> = { pageNum: page, pageSize };
  if (filters.event) params.event = filters.event;
  if (filters.status) params.status = filters.status;
  const { data, reload } = useApiData<PageResult<DeliveryRow>>('/cms/pusher/log/list', params, { notifyErrors: true });
  const columns: Column<DeliveryRow>[] = [
    { key: 'time', label: 'app.pusher.time', render: (r) => formatDateTime(r.createTime), nowrap: true },
    {
      key: 'channel',
      label: 'app.pusher.channel',
      render: (r) => `${r.channelName}（${translate(`app.pusher.type_${r.channelType}`)}）`,
      nowrap: true,
    },
    {
      key: 'event',
      label: 'app.pusher.event',
      render: (r) => translate(r.event === 'test' ? 'app.pusher.event_test' : eventLabel(r.event)),
      nowrap: true,
    },
    {
      key: 'status',
      label: 'app.pusher.status',
      render: (r) => <StateChip choices={DELIVERY_STATUS} state={r.status} errorMessage={r.error || undefined} />,
    },
    { key: 'attempts', label: 'app.pusher.attempts', render: (r) => r.attempts },
    { key: 'response', label: 'app.pusher.response', render: (r) => r.response },
  ];
  const setFilter = (patch: Partial<typeof filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          name="event"
          label={translate('app.pusher.event')}
          value={filters.event}
          onChange={(e) => setFilter({ event: e.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate('app.pusher.all')}</MenuItem>
          {[...PUSHER_EVENTS, 'test'].map((e) => (
            <MenuItem key={e} value={e}>
              {translate(e === 'test' ? 'app.pusher.event_test' : eventLabel(e))}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          name="status"
          label={translate('app.pusher.status')}
          value={filters.status}
          onChange={(e) => setFilter({ status: e.target.value })}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{translate('app.pusher.all')}</MenuItem>
          {DELIVERY_STATUS.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {translate(s.name)}
            </MenuItem>
          ))}
        </TextField>
        <Button label="ra.action.refresh" onClick={reload} />
      </Stack>
      <RowsTable rows={data?.rows ?? []} columns={columns} rowKey={(r) => r.deliveryId} label="app.pusher.tab_log" empty="app.pusher.log_none" />
      <PagePagination
        total={data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        pageSizes={[10, 20, 50]}
        onPageSize={(s) => (setPageSize(s), setPage(1))}
      />
    </Stack>
  );
}
