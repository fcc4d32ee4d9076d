import DeleteIcon from '@mui/icons-material/Delete';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Button, Title, useTranslate } from 'react-admin';
import { CallButton } from '../../../components/CallButton';
import { useApiData } from '../../../components/useApiData';
import { bytes, formatDuration } from '../server/format';

/** `GET /monitor/cache`: Redis INFO parsed, or the memory store's size. */
export interface CacheOverview {
  store: 'redis' | 'memory';
  namespace: string;
  redis: {
    version: string;
    mode: string;
    uptimeSeconds: number;
    connectedClients: number;
    usedMemoryBytes: number;
    peakMemoryBytes: number;
    maxMemoryBytes: number;
    hitRate: number | null;
    opsPerSecond: number;
    dbSize: number;
  } | null;
  commandStats: Array<{ name: string; calls: number; usecPerCall: number }>;
  memory: { keys: number; bytes: number } | null;
}

export interface CacheGroup {
  id: string;
  prefix: string;
  cacheName: string;
  keys: number;
  bytes: number | null;
}

interface CacheKeys {
  keys: Array<{ cacheKey: string; ttlMs: number | null }>;
  truncated: boolean;
}

interface CacheValue {
  cacheKey: string;
  cacheName: string;
  cacheValue: string;
  ttlMs: number | null;
}

const CLEAR = 'monitor:cache:clearCache';

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

/** Row highlight for the picked group or key. */
const picked = (yes: boolean) => ({ cursor: 'pointer', bgcolor: yes ? 'action.selected' : undefined });

/**
 * 缓存监控: the store (Redis INFO, or the in-process store without Redis), the command statistics, then our key groups,
 * the keys of the picked group and the value of the picked key (credentials masked by the server). Clearing needs
 * monitor:cache:clearCache.
 */
export function CacheMonitorScreen() {
  const translate = useTranslate();
  const tr = (key: string, options?: Record<string, unknown>) => translate(`app.cacheMonitor.${key}`, options);
  const overview = useApiData<CacheOverview>('/monitor/cache');
  const groups = useApiData<CacheGroup[]>('/monitor/cache/getNames');
  const [group, setGroup] = useState<CacheGroup>();
  const [key, setKey] = useState<string>();
  // The key and value panels load afresh (their own hooks, remounted) when the pick or this version changes.
  const [version, setVersion] = useState(0);

  const reloadAll = () => {
    overview.reload();
    groups.reload();
    setVersion((v) => v + 1);
  };
  const afterClear = (scope: 'all' | 'group' | 'key') => {
    if (scope === 'all') setGroup(undefined);
    setKey(undefined);
    reloadAll();
  };

  const o = overview.data;
  const error = overview.error ?? groups.error;

  return (
    <Box sx={{ mt: 2 }} data-testid="cache-monitor">
      <Title title={tr('title')} />
      <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <Button label="app.cacheMonitor.refresh" onClick={reloadAll}>
          <RefreshIcon />
        </Button>
        <CallButton
          label="app.cacheMonitor.clear_all"
          icon={<DeleteSweepIcon />}
          color="error"
          method="DELETE"
          url="/monitor/cache/clearCacheAll"
          permission={CLEAR}
          confirmTitle="app.cacheMonitor.clear_all_title"
          confirmContent="app.cacheMonitor.clear_all_content"
          successMessage="app.cacheMonitor.cleared"
          onSuccess={() => afterClear('all')}
        />
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {tr('load_failed', { error: error.message })}
        </Alert>
      ) : null}
      {o ? (
        <Card sx={{ mb: 2 }} data-testid="cache-overview">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {tr(o.store === 'redis' ? 'store_redis' : 'store_memory')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
              {o.redis ? (
                <>
                  <Figure label={tr('version')} value={o.redis.version} />
                  <Figure label={tr('mode')} value={o.redis.mode || '-'} />
                  <Figure label={tr('uptime')} value={formatDuration(o.redis.uptimeSeconds, translate)} />
                  <Figure label={tr('clients')} value={o.redis.connectedClients} />
                  <Figure label={tr('used_memory')} value={bytes(o.redis.usedMemoryBytes)} />
                  <Figure label={tr('peak_memory')} value={bytes(o.redis.peakMemoryBytes)} />
                  <Figure label={tr('max_memory')} value={o.redis.maxMemoryBytes ? bytes(o.redis.maxMemoryBytes) : tr('unlimited')} />
                  <Figure label={tr('hit_rate')} value={o.redis.hitRate === null ? '-' : `${o.redis.hitRate}%`} />
                  <Figure label={tr('ops')} value={o.redis.opsPerSecond} />
                  <Figure label={tr('db_size')} value={o.redis.dbSize} />
                  <Figure label={tr('namespace')} value={o.namespace} />
                </>
              ) : null}
              {o.memory ? (
                <>
                  <Figure label={tr('memory_keys')} value={o.memory.keys} />
                  <Figure label={tr('memory_bytes')} value={bytes(o.memory.bytes)} />
                </>
              ) : null}
            </Box>
            {o.commandStats.length ? (
              <>
                <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                  {tr('command_stats')}
                </Typography>
                <Table size="small" data-testid="cache-commands">
                  <TableHead>
                    <TableRow>
                      <TableCell>{tr('command')}</TableCell>
                      <TableCell align="right">{tr('calls')}</TableCell>
                      <TableCell align="right">{tr('usec_per_call')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {o.commandStats.map((c) => (
                      <TableRow key={c.name}>
                        <TableCell>{c.name}</TableCell>
                        <TableCell align="right">{c.calls}</TableCell>
                        <TableCell align="right">{c.usecPerCall}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr 1fr' } }}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {tr('groups')}
            </Typography>
            <Table size="small" data-testid="cache-groups">
              <TableHead>
                <TableRow>
                  <TableCell>{tr('group_name')}</TableCell>
                  <TableCell>{tr('prefix')}</TableCell>
                  <TableCell align="right">{tr('keys')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {(groups.data ?? []).map((g) => (
                  <TableRow
                    key={g.id}
                    hover
                    sx={picked(g.id === group?.id)}
                    data-testid={`cache-group-${g.id}`}
                    onClick={() => {
                      setGroup(g);
                      setKey(undefined);
                    }}
                  >
                    <TableCell>{g.cacheName}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{g.prefix}</TableCell>
                    <TableCell align="right">
                      {g.keys}
                      {g.bytes !== null ? ` (${bytes(g.bytes)})` : ''}
                    </TableCell>
                    <TableCell padding="none" onClick={(e) => e.stopPropagation()}>
                      <CallButton
                        label="app.cacheMonitor.clear_group"
                        icon={<DeleteIcon />}
                        color="error"
                        method="DELETE"
                        url={`/monitor/cache/clearCacheName/${encodeURIComponent(g.id)}`}
                        permission={CLEAR}
                        confirmTitle="app.cacheMonitor.clear_group_title"
                        confirmContent="app.cacheMonitor.clear_group_content"
                        confirmOptions={() => ({ name: g.cacheName })}
                        successMessage="app.cacheMonitor.cleared"
                        onSuccess={() => afterClear('group')}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {tr('key_list')}
            </Typography>
            {!group ? (
              <Typography color="text.secondary">{tr('pick_group')}</Typography>
            ) : (
              <KeysPanel key={`${group.id}:${version}`} group={group} picked={key} onPick={setKey} onCleared={() => afterClear('key')} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent data-testid="cache-value">
            <Typography variant="h6" component="h2" gutterBottom>
              {tr('value')}
            </Typography>
            {!key ? <Typography color="text.secondary">{tr('pick_key')}</Typography> : <ValuePanel key={`${key}:${version}`} cacheKey={key} />}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}

function useTtl() {
  const translate = useTranslate();
  return (ms: number | null) => (ms === null ? translate('app.cacheMonitor.no_expiry') : formatDuration(ms / 1000, translate));
}

/** Keys of one group with their time to live; a click shows the value, 删除 removes the key. */
function KeysPanel({
  group,
  picked: current,
  onPick,
  onCleared,
}: {
  group: CacheGroup;
  picked?: string;
  onPick: (key: string) => void;
  onCleared: () => void;
}) {
  const translate = useTranslate();
  const ttl = useTtl();
  const keys = useApiData<CacheKeys>(`/monitor/cache/getKeys/${encodeURIComponent(group.id)}`);
  if (keys.error) return <Alert severity="error">{keys.error.message}</Alert>;
  return (
    <>
      {keys.data?.truncated ? <Alert severity="info">{translate('app.cacheMonitor.truncated')}</Alert> : null}
      <Table size="small" data-testid="cache-keys">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.cacheMonitor.key')}</TableCell>
            <TableCell>{translate('app.cacheMonitor.ttl')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(keys.data?.keys ?? []).map((k) => (
            <TableRow key={k.cacheKey} hover sx={picked(k.cacheKey === current)} onClick={() => onPick(k.cacheKey)}>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{k.cacheKey}</TableCell>
              <TableCell>{ttl(k.ttlMs)}</TableCell>
              <TableCell padding="none" onClick={(e) => e.stopPropagation()}>
                <CallButton
                  label="app.cacheMonitor.clear_key"
                  icon={<DeleteIcon />}
                  color="error"
                  method="DELETE"
                  url={`/monitor/cache/clearCacheKey?key=${encodeURIComponent(k.cacheKey)}`}
                  permission={CLEAR}
                  confirmTitle="app.cacheMonitor.clear_key_title"
                  confirmContent="app.cacheMonitor.clear_key_content"
                  confirmOptions={() => ({ name: k.cacheKey })}
                  successMessage="app.cacheMonitor.cleared"
                  onSuccess={onCleared}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/** One value as the server shows it (tokens and secrets masked there). */
function ValuePanel({ cacheKey }: { cacheKey: string }) {
  const translate = useTranslate();
  const ttl = useTtl();
  const value = useApiData<CacheValue>('/monitor/cache/getValue', { key: cacheKey });
  if (value.error) return <Alert severity="error">{value.error.message}</Alert>;
  if (!value.data) return null;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate('app.cacheMonitor.group_name')}: {value.data.cacheName}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {translate('app.cacheMonitor.key')}: {value.data.cacheKey}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.cacheMonitor.ttl')}: {ttl(value.data.ttlMs)}
      </Typography>
      <Box
        component="pre"
        data-testid="cache-value-text"
        sx={{
          mt: 1,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          maxHeight: 480,
          overflow: 'auto',
        }}
      >
        {value.data.cacheValue}
      </Box>
    </>
  );
}
