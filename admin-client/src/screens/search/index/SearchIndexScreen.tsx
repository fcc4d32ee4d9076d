import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Button, Datagrid, FunctionField, TextField, TextInput, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { ScreenList } from '../../../components/ScreenList';
import { useApiCall } from '../../../components/useApiCall';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { IdListDeleteButton } from '../../cms/publishpipe/IdListDeleteButton';

interface RebuildStatus {
  rebuildId: string;
  status: 'running' | 'completed' | 'failed';
  total: number;
  done: number;
  error: string;
}

const filters = [<TextInput key="title" source="title" label="app.search.title" alwaysOn />];

/** The latest full rebuild, polled every second while it runs. */
export function useRebuildStatus() {
  const [status, setStatus] = useState<RebuildStatus | null>(null);
  const refreshList = useRefresh();
  const load = useCallback(async () => {
    const { data } = await httpClient.get<RebuildStatus | null>('/cms/search/rebuild');
    setStatus(data ?? null);
    return data ?? null;
  }, []);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);
  useEffect(() => {
    if (status?.status !== 'running') return;
    const timer = setInterval(() => {
      void load()
        .then((s) => {
          if (s?.status !== 'running') refreshList();
        })
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [status?.status, load, refreshList]);
  return { status, load };
}

/** Progress of the latest rebuild: a bar while it runs, its outcome afterwards. */
export function RebuildProgress({ status }: { status: RebuildStatus | null }) {
  const translate = useTranslate();
  if (!status) return null;
  const percent = status.total ? Math.round((status.done * 100) / status.total) : 100;
  return (
    <Box sx={{ px: 2, py: 1 }} data-testid="search-rebuild-status">
      <Typography variant="body2" color="text.secondary">
        {translate(`app.search.rebuild_${status.status}`, { done: status.done, total: status.total, error: status.error })}
      </Typography>
      {status.status === 'running' ? <LinearProgress variant="determinate" value={percent} sx={{ mt: 0.5 }} /> : null}
    </Box>
  );
}

/** 重建全部索引: starts the async task and follows its progress. */
export function RebuildButton({ url, permission, onStarted }: { url: string; permission: string; onStarted: () => void }) {
  const allowed = useHasPermission(permission);
  const { run, busy } = useApiCall({ refresh: false });
  if (!allowed) return null;
  return (
    <Button
      label="app.search.rebuild"
      disabled={busy}
      onClick={async () => {
        if (await run(() => httpClient.post(url), 'app.search.rebuild_started')) onStarted();
      }}
    >
      <RefreshIcon />
    </Button>
  );
}

function ReindexButton() {
  const record = useRecordContext();
  const allowed = useHasPermission('cms:searchindex:build');
  const { run, busy } = useApiCall();
  if (!record || !allowed) return null;
  return (
    <Button
      label="app.search.reindex"
      disabled={busy}
      onClick={(e) => {
        e.stopPropagation();
        void run(() => httpClient.post(`/cms/search/build/${encodeURIComponent(String(record.contentId))}`), 'app.search.reindexed');
      }}
    />
  );
}

/** 索引管理: indexed content of the current site; reindex one, delete, rebuild all with progress. */
export function SearchIndexList() {
  const translate = useTranslate();
  const { status, load } = useRebuildStatus();
  return (
    <>
      <RebuildProgress status={status} />
      <ScreenList
        filters={filters}
        sort={{ field: 'indexedTime', order: 'DESC' }}
        creatable={false}
        exportable={false}
        extraActions={<RebuildButton url="/cms/search/rebuild" permission="cms:searchindex:rebuild" onStarted={() => void load()} />}
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="title" label="app.search.title" sortable={false} />
          <TextField source="catalogName" label="app.search.catalog" sortable={false} />
          <FunctionField
            label="app.search.status"
            render={(r: { status: string }) => (r.status ? translate(`app.search.content_status_${r.status}`, { _: r.status }) : '')}
          />
          <DateTimeField source="publishDate" label="app.search.publishDate" />
          <DateTimeField source="indexedTime" label="app.search.indexedTime" />
          <ReindexButton />
          <IdListDeleteButton
            url="/cms/search/contents"
            idField="contentId"
            permission="cms:searchindex:remove"
            confirmTitle="app.search.delete_title"
            confirmContent="app.search.delete_confirm"
            nameField="title"
          />
        </Datagrid>
      </ScreenList>
    </>
  );
}
