import type { PageResult } from '@zhiwen/shared';
import { useEffect, useState } from 'react';
import { httpClient } from '../../../providers/httpClient';
import type { TemplateRow } from './template';

/** Most templates one site has; the suggestions list stops there (any path can still be typed). */
const MAX_TEMPLATES = 500;

/** Template paths of the current site by pipe code, read once per form (suggestions for template fields). */
export function useTemplatePaths(): Record<string, string[]> {
  const [paths, setPaths] = useState<Record<string, string[]>>({});
  useEffect(() => {
    let live = true;
    httpClient
      .get<PageResult<TemplateRow>>('/cms/template', { pageNum: 1, pageSize: MAX_TEMPLATES })
      .then((r) => {
        if (!live) return;
        const byPipe: Record<string, string[]> = {};
        for (const row of r.data?.rows ?? []) (byPipe[row.publishPipeCode] ??= []).push(row.path);
        setPaths(byPipe);
      })
      // Suggestions only: a caller who may not list templates still types the path.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return paths;
}

/** A native suggestion list for a template path field (`<input list={id}>`): no extra widget, free text stays allowed. */
export function TemplateDatalist({ id, paths }: { id: string; paths: readonly string[] }) {
  return (
    <datalist id={id}>
      {paths.map((p) => (
        <option key={p} value={p} />
      ))}
    </datalist>
  );
}

/** The datalist id of a pipe's template suggestions. */
export const templateListId = (pipe: string) => `templates-${pipe}`;
