import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useApiCall } from '../../../components/useApiCall';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';

interface AigcConfig {
  backend: 'offline' | 'logprob';
  baseUrl: string;
  model: string;
  apiKeySet: boolean;
  timeoutMs: number;
  calibrationCenter: number;
  calibrationScale: number;
  llmWeight: number;
}

/**
 * AIGC 检测设置: which model scores the AI content of checks — the offline model, or an OpenAI-compatible completions
 * server that returns token log-probabilities (vLLM, llama.cpp), combined with the offline model at the LLM weight. The
 * API key is write-only.
 */
export function AigcSettings() {
  const translate = useTranslate();
  const canEdit = useHasPermission('check:aigc:edit');
  const { run, busy } = useApiCall();
  const [config, setConfig] = useState<AigcConfig | null>(null);
  const [apiKey, setApiKey] = useState('');
  const [clearApiKey, setClearApiKey] = useState(false);
  const [testResult, setTestResult] = useState('');

  const load = () => httpClient.get<AigcConfig>('/check/aigc/config').then((r) => setConfig(r.data ?? null));
  useEffect(() => {
    void load();
  }, []);
  if (!config) return null;

  const set = (patch: Partial<AigcConfig>) => setConfig({ ...config, ...patch });
  const save = async () => {
    const body = { ...config, apiKey: apiKey || undefined, clearApiKey: clearApiKey || undefined };
    if (await run(() => httpClient.put('/check/aigc/config', body))) {
      setApiKey('');
      setClearApiKey(false);
      await load();
    }
  };
  const test = async () => {
    setTestResult('');
    await run(async () => {
      const result = await httpClient.post<{ score: number; model: string; latencyMs: number }>('/check/aigc/config/test', {});
      if (result.data) setTestResult(translate('app.check_aigc.test_result', { model: result.data.model, ms: result.data.latencyMs }));
      return result;
    });
  };
  const logprob = config.backend === 'logprob';
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('app.check_aigc.title')} />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {translate('app.check_aigc.title')}
          </Typography>
          <Alert severity="info">{translate('app.check_aigc.help')}</Alert>
          <FormControl disabled={!canEdit}>
            <FormLabel>{translate('app.check_aigc.backend')}</FormLabel>
            <RadioGroup row value={config.backend} onChange={(e) => set({ backend: e.target.value as AigcConfig['backend'] })}>
              <FormControlLabel value="offline" control={<Radio />} label={translate('app.check_aigc.backend_offline')} />
              <FormControlLabel value="logprob" control={<Radio />} label={translate('app.check_aigc.backend_logprob')} />
            </RadioGroup>
          </FormControl>
          <TextField
            label={translate('app.check_aigc.baseUrl')}
            value={config.baseUrl}
            onChange={(e) => set({ baseUrl: e.target.value })}
            disabled={!canEdit || !logprob}
            required={logprob}
            placeholder="http://127.0.0.1:8000"
          />
          <TextField
            label={translate('app.check_aigc.model')}
            value={config.model}
            onChange={(e) => set({ model: e.target.value })}
            disabled={!canEdit || !logprob}
            required={logprob}
          />
          <TextField
            type="password"
            autoComplete="new-password"
            label={translate('app.check_aigc.apiKey')}
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            disabled={!canEdit || !logprob || clearApiKey}
            helperText={translate(config.apiKeySet ? 'app.check_aigc.apiKey_set' : 'app.check_aigc.apiKey_unset')}
          />
          {config.apiKeySet ? (
            <FormControlLabel
              control={<Checkbox checked={clearApiKey} onChange={(e) => setClearApiKey(e.target.checked)} disabled={!canEdit} />}
              label={translate('app.check_aigc.clearApiKey')}
            />
          ) : null}
          <Stack direction="row" spacing={2}>
            <TextField
              type="number"
              label={translate('app.check_aigc.timeoutMs')}
              value={config.timeoutMs}
              onChange={(e) => set({ timeoutMs: Number(e.target.value) })}
              disabled={!canEdit || !logprob}
            />
            <TextField
              type="number"
              label={translate('app.check_aigc.calibrationCenter')}
              value={config.calibrationCenter}
              onChange={(e) => set({ calibrationCenter: Number(e.target.value) })}
              disabled={!canEdit || !logprob}
            />
            <TextField
              type="number"
              label={translate('app.check_aigc.calibrationScale')}
              value={config.calibrationScale}
              onChange={(e) => set({ calibrationScale: Number(e.target.value) })}
              disabled={!canEdit || !logprob}
            />
          </Stack>
          <TextField
            type="number"
            label={translate('app.check_aigc.llmWeight')}
            value={config.llmWeight}
            onChange={(e) => set({ llmWeight: Number(e.target.value) })}
            disabled={!canEdit || !logprob}
            slotProps={{ htmlInput: { min: 0, max: 1, step: 0.05 } }}
            helperText={translate('app.check_aigc.llmWeight_help')}
          />
          {canEdit ? (
            <Stack direction="row" spacing={1}>
              <Button variant="contained" onClick={() => void save()} disabled={busy}>
                {translate('ra.action.save')}
              </Button>
              <Button variant="outlined" onClick={() => void test()} disabled={busy || !logprob}>
                {translate('app.check_aigc.test')}
              </Button>
            </Stack>
          ) : null}
          {testResult ? <Alert severity="success">{testResult}</Alert> : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
