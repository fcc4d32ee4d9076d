import BuildIcon from '@mui/icons-material/Build';
import { Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '@zhiwen/shared';
import { CallButton } from '../../../components/CallButton';
import { httpClient } from '../../../providers/httpClient';

/** `data` of GET /check/library/stats (the figures this panel shows). */
interface IndexStats {
  documents: number;
  indexed: number;
  pending: number;
  failed: number;
  characters: number;
  postings: number;
  distinctHashes: number;
  k: number;
  w: number;
  rebuild: { status: 'running' | 'completed' | 'failed'; total: number; done: number; endTime: string | null } | null;
}

/** While a rebuild runs or documents wait for indexing, the figures are read again this often. */
const POLL_MS = 2000;

function useIndexStats() {
  const [stats, setStats] = useState<IndexStats>();
  const load = useCallback(async () => {
    try {
      setStats((await httpClient.get<IndexStats>('/check/library/stats')).data);
    } catch {
      // The panel just keeps its last figures; the list shows the error of a failing server.
    }
  }, []);
  useEffect(() => void load(), [load]);
  const busy = stats?.rebuild?.status === 'running' || (stats?.pending ?? 0) > 0;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, load]);
  return { stats, reload: load };
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

/** 索引统计: documents, characters and fingerprints of every library, and the rebuild of the whole index with its progress. */
export function IndexStatsPanel() {
  const translate = useTranslate();
  const { stats, reload } = useIndexStats();
  if (!stats) return null;
  const n = (value: number) => value.toLocaleString();
  const rebuild = stats.rebuild;
  const running = rebuild?.status === 'running';
  return (
    <Card sx={{ mt: 2 }} aria-label={translate('app.check_library.stats_title')}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {translate('app.check_library.stats_title')}
          </Typography>
          {running ? null : (
            <CallButton
              label="app.check_library.rebuild"
              icon={<BuildIcon />}
              method="POST"
              url="/check/library/rebuild"
              permission="check:library:rebuild"
              confirmTitle="app.check_library.rebuild_title"
              confirmContent="app.check_library.rebuild_content"
              onSuccess={() => void reload()}
            />
          )}
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
          <Figure label={translate('app.check_library.stats_documents')} value={n(stats.documents)} />
          <Figure label={translate('app.check_library.stats_indexed')} value={n(stats.indexed)} />
          <Figure label={translate('app.check_library.stats_pending')} value={n(stats.pending)} />
          <Figure label={translate('app.check_library.stats_failed')} value={n(stats.failed)} />
          <Figure label={translate('app.check_library.stats_characters')} value={n(stats.characters)} />
          <Figure label={translate('app.check_library.stats_postings')} value={n(stats.postings)} />
          <Figure label={translate('app.check_library.stats_hashes')} value={n(stats.distinctHashes)} />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {translate('app.check_library.stats_params', { k: stats.k, w: stats.w })}
        </Typography>
        {rebuild ? (
          <Box sx={{ mt: 1 }}>
            {running ? (
              <>
                <Typography variant="body2">
                  {translate('app.check_library.rebuild_running', { done: n(rebuild.done), total: n(rebuild.total) })}
                </Typography>
                <LinearProgress variant="determinate" value={rebuild.total ? (100 * rebuild.done) / rebuild.total : 0} />
              </>
            ) : (
              <Typography variant="body2" color={rebuild.status === 'failed' ? 'error' : 'text.secondary'}>
                {rebuild.status === 'failed'
                  ? translate('app.check_library.rebuild_failed')
                  : translate('app.check_library.rebuild_completed', { time: formatDateTime(rebuild.endTime), total: n(rebuild.total) })}
              </Typography>
            )}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
