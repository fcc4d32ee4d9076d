import { CURRENT_SITE_HEADER, RESOURCE_UPLOAD_DEFAULTS, type PageResult } from '@zhiwen/shared';
import { useEffect, useState } from 'react';
import { httpClient } from '../../../providers/httpClient';
import { limitsOf, type ResourceFilters, type ResourceRow, type ResourceTypeInfo, type UploadLimits, resourceQuery } from './resource';

/** Calls of the library, for the current site or (a picker on the site editor) for a given one. */
export function resourceApi(siteId?: string) {
  const headers: Record<string, string> = siteId ? { [CURRENT_SITE_HEADER]: siteId } : {};
  return {
    list: (filters: ResourceFilters, pageNum: number, pageSize: number) =>
      httpClient
        .request<PageResult<ResourceRow>>('/cms/resource', { params: resourceQuery(filters, pageNum, pageSize), headers })
        .then((r) => r.data ?? { rows: [], total: 0 }),
    get: (id: string) => httpClient.request<ResourceRow>(`/cms/resource/${encodeURIComponent(id)}`, { headers }).then((r) => r.data),
    types: () => httpClient.request<ResourceTypeInfo[]>('/cms/resource/types', { headers }).then((r) => (Array.isArray(r.data) ? r.data : [])),
    /** One file per request, so each has its own progress. */
    upload: (file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) => {
      const data = new FormData();
      data.append('file', file);
      return httpClient.upload<ResourceRow[]>('/cms/resource/upload', data, { onProgress, signal, headers }).then((r) => r.data ?? []);
    },
    replace: (id: string, file: File, onProgress: (fraction: number) => void) => {
      const data = new FormData();
      data.append('file', file);
      return httpClient
        .upload<ResourceRow>(`/cms/resource/${encodeURIComponent(id)}/file`, data, { method: 'PUT', onProgress, headers })
        .then((r) => r.data);
    },
    update: (body: { resourceId: string; name: string; tags: string[]; description: string }) =>
      httpClient.request<ResourceRow>('/cms/resource', { method: 'PUT', data: body, headers }).then((r) => r.data),
    remove: (ids: string[]) => httpClient.request('/cms/resource', { method: 'DELETE', data: ids, headers }),
    download: (id: string) => httpClient.download(`/cms/resource/download/${encodeURIComponent(id)}`, {}, headers, 'GET'),
  };
}

export type ResourceApi = ReturnType<typeof resourceApi>;

/**
 * The site's upload limits for the checks made before an upload: its extension settings when the caller may read
 * them, else spec 9's defaults (the server checks again either way).
 */
export function useUploadLimits(siteId?: string): UploadLimits {
  const [limits, setLimits] = useState<UploadLimits>(RESOURCE_UPLOAD_DEFAULTS);
  useEffect(() => {
    let live = true;
    const site = siteId ? Promise.resolve(siteId) : httpClient.get<{ siteId: string } | null>('/cms/site/getCurrentSite').then((r) => r.data?.siteId);
    site
      .then((id) => (id ? httpClient.get<Partial<Record<keyof UploadLimits, unknown>>>('/cms/site/extends', { siteId: id }) : undefined))
      .then((r) => live && r && setLimits(limitsOf(r.data)))
      .catch(() => undefined); // no Site:View: the defaults stay
    return () => {
      live = false;
    };
  }, [siteId]);
  return limits;
}

/** `GET /cms/resource/types` once per site (localized names and extensions per type). */
export function useResourceTypes(api: ResourceApi): ResourceTypeInfo[] | undefined {
  const [types, setTypes] = useState<ResourceTypeInfo[]>();
  useEffect(() => {
    let live = true;
    api
      .types()
      .then((t) => live && setTypes(t))
      .catch(() => live && setTypes([]));
    return () => {
      live = false;
    };
    // api is rebuilt per render; its site is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return types;
}
