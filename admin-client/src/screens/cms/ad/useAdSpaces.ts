import type { PageResult } from '@zhiwen/shared';
import { useApiData } from '../../../components/useApiData';

export interface AdSpaceOption {
  pageWidgetId: string;
  name: string;
  code: string;
}

/** The current site's ad spaces as select choices `{id, name}` (first 500, by name). */
export function useAdSpaceChoices(): Array<{ id: string; name: string }> {
  const { data } = useApiData<PageResult<AdSpaceOption>>('/cms/adspace', { pageSize: 500, orderByColumn: 'name', isAsc: 'asc' });
  return (data?.rows ?? []).map((s) => ({ id: String(s.pageWidgetId), name: `${s.name} (${s.code})` }));
}

/** Enabled publish pipes of the current site as select choices. */
export function usePipeChoices(): Array<{ id: string; name: string }> {
  const { data } = useApiData<PageResult<{ pipeCode: string; pipeName: string }>>('/cms/publishpipe/selectData');
  return (data?.rows ?? []).map((p) => ({ id: p.pipeCode, name: p.pipeName }));
}
