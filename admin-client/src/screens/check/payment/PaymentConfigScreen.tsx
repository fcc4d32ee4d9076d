import {
  Alert,
  Box,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Button, Title, useTranslate } from 'react-admin';
import { formatDateTime } from '@zhiwen/shared';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import {
  configBody,
  configProblem,
  PAY_CHANNELS,
  PAY_METHODS,
  PAY_PROPS,
  PAY_SECRETS,
  type PayChannel,
  type PayChannelConfig,
  type PayChannelConfigBody,
} from './payment';

type FormState = Omit<PayChannelConfigBody, 'secrets'>;

const formOf = (config: PayChannelConfig): FormState => ({
  enabled: config.enabled,
  methods: [...config.methods],
  notifyBaseUrl: config.notifyBaseUrl ?? '',
  props: { ...config.props },
});

/** The outcome of 测试连接: the server's message when it failed. */
type TestOutcome = { ok: true } | { ok: false; message: string };

/**
 * One channel's form. Secrets are never answered by the server: their boxes start empty, say whether one is stored,
 * and a box left empty keeps it.
 */
function ChannelForm({ config, onSaved }: { config: PayChannelConfig; onSaved: () => void }) {
  const translate = useTranslate();
  const canEdit = useHasPermission('payment:config:edit');
  const { run, busy } = useApiCall({ refresh: false });
  const channel = config.channel;
  const [form, setForm] = useState<FormState>(() => formOf(config));
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  // A fresh answer (after a save) replaces the form; typed secrets are dropped with it.
  useEffect(() => {
    setForm(formOf(config));
    setSecrets({});
  }, [config]);

  const body = configBody(channel, form, secrets);
  const problem = configProblem(body);
  const set = (patch: Partial<FormState>) => setForm({ ...form, ...patch });
  const save = async () => {
    if (problem) return;
    setOutcome(null);
    if (await run(() => httpClient.put(`/payment/config/${channel}`, body), 'app.payment_config.saved')) onSaved();
  };
  const test = async () => {
    setTesting(true);
    setOutcome(null);
    try {
      await httpClient.post(`/payment/config/${channel}/test`, {});
      setOutcome({ ok: true });
    } catch (err) {
      setOutcome({ ok: false, message: (err as Error).message || translate('ra.notification.http_error') });
    } finally {
      setTesting(false);
    }
  };
  const readOnly = !canEdit;
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <FormControlLabel
        control={<Switch name="enabled" checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} disabled={readOnly} />}
        label={translate('app.payment_config.enabled')}
      />
      <FormControl component="fieldset" disabled={readOnly} error={problem === 'app.payment_config.methods_required'}>
        <FormLabel component="legend">{translate('app.payment_config.methods')}</FormLabel>
        <FormGroup row>
          {PAY_METHODS[channel].map((m) => (
            <FormControlLabel
              key={m}
              control={
                <Checkbox
                  name={`method_${m}`}
                  checked={form.methods.includes(m)}
                  onChange={(e) => set({ methods: e.target.checked ? [...form.methods, m] : form.methods.filter((x) => x !== m) })}
                />
              }
              label={translate(`app.payment.method_${m}`)}
            />
          ))}
        </FormGroup>
      </FormControl>
      <TextField
        name="notifyBaseUrl"
        label={translate('app.payment_config.notifyBaseUrl')}
        value={form.notifyBaseUrl}
        onChange={(e) => set({ notifyBaseUrl: e.target.value })}
        disabled={readOnly}
        required={form.enabled}
        placeholder="https://www.example.com/prod-api"
        error={problem === 'app.payment_config.notifyBaseUrl_required' || problem === 'app.payment_config.notifyBaseUrl_format'}
        helperText={translate('app.payment_config.notifyBaseUrl_help')}
      />
      {PAY_PROPS[channel].map((f) => (
        <TextField
          key={f.name}
          name={f.name}
          label={translate(`app.payment_config.${channel}_${f.name}`)}
          value={form.props[f.name] ?? ''}
          onChange={(e) => set({ props: { ...form.props, [f.name]: e.target.value } })}
          disabled={readOnly}
          multiline={f.pem}
          minRows={f.pem ? 4 : undefined}
          placeholder={f.pem ? '-----BEGIN PUBLIC KEY-----' : undefined}
          slotProps={f.pem ? { htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } } : undefined}
        />
      ))}
      {PAY_SECRETS[channel].map((f) => {
        const stored = !!config.secretsSet?.[f.name];
        const hint = translate(stored ? 'app.payment_config.secret_set' : 'app.payment_config.secret_unset');
        return (
          // A PEM key needs its line breaks, which a password box drops: it is a multiline box that starts empty.
          <TextField
            key={f.name}
            name={`secret_${f.name}`}
            type={f.pem ? undefined : 'password'}
            autoComplete="new-password"
            label={translate(`app.payment_config.${channel}_${f.name}`)}
            value={secrets[f.name] ?? ''}
            onChange={(e) => setSecrets({ ...secrets, [f.name]: e.target.value })}
            disabled={readOnly}
            placeholder={hint}
            helperText={hint}
            multiline={f.pem}
            minRows={f.pem ? 4 : undefined}
            slotProps={f.pem ? { htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } } : undefined}
          />
        );
      })}
      {problem ? <Alert severity="warning">{translate(problem)}</Alert> : null}
      {canEdit ? (
        <Stack direction="row" spacing={1}>
          <Button label="ra.action.save" variant="contained" onClick={() => void save()} disabled={busy || testing || !!problem} />
          <Button label="app.payment_config.test" variant="outlined" onClick={() => void test()} disabled={busy || testing} />
        </Stack>
      ) : null}
      {canEdit ? (
        <Typography variant="caption" color="text.secondary">
          {translate('app.payment_config.test_help')}
        </Typography>
      ) : null}
      {outcome?.ok ? <Alert severity="success">{translate('app.payment_config.test_ok')}</Alert> : null}
      {outcome && !outcome.ok ? <Alert severity="error">{translate('app.payment_config.test_failed', { message: outcome.message })}</Alert> : null}
      {config.updateTime ? (
        <Typography variant="caption" color="text.secondary">
          {translate('app.payment_config.updated', { by: config.updateBy || '-', time: formatDateTime(config.updateTime) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** 支付配置: WeChat Pay and Alipay, one tab each: enabled, methods, notification address, keys (write-only). */
export function PaymentConfigScreen() {
  const translate = useTranslate();
  const { data, error, reload } = useApiData<PayChannelConfig[]>('/payment/config');
  const [tab, setTab] = useState<PayChannel>('wechat');
  const config = Array.isArray(data) ? data.find((c) => c.channel === tab) : undefined;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.payment_config.title')} />
      <CardContent>
        <Tabs value={tab} onChange={(_, value: PayChannel) => setTab(value)} aria-label={translate('app.payment_config.title')}>
          {PAY_CHANNELS.map((c) => (
            <Tab key={c} value={c} label={translate(`app.payment.channel_${c}`)} />
          ))}
        </Tabs>
        <Box role="tabpanel" sx={{ pt: 2 }}>
          {error ? <Alert severity="error">{error.message}</Alert> : null}
          {config ? <ChannelForm key={config.channel} config={config} onSaved={reload} /> : null}
        </Box>
      </CardContent>
    </Card>
  );
}
