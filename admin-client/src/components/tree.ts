import { useEffect, useState, useSyncExternalStore } from 'react';
import { sessionExpiry } from '../auth/sessionExpiry';
import { httpClient } from '../providers/httpClient';

/** A node of the server's tree-select answers (`/system/dept/treeselect`, `/system/menu/treeselect`...). */
export interface TreeNode {
  id: string;
  label: string;
  disabled?: boolean;
  children?: TreeNode[];
}

/** Select choices of a tree, indented by depth so the hierarchy stays readable in a flat list. */
export function treeChoices(nodes: readonly TreeNode[], depth = 0): { id: string; name: string }[] {
  return nodes.flatMap((n) => [{ id: String(n.id), name: `${'\u3000'.repeat(depth)}${n.label}` }, ...treeChoices(n.children ?? [], depth + 1)]);
}

/** Every id of a node and its descendants. */
export function subtreeIds(node: TreeNode): string[] {
  return [String(node.id), ...(node.children ?? []).flatMap(subtreeIds)];
}

/** A flat list with `parentId` arranged as a tree, in list order, each row with its depth. */
export function flattenByParent<T extends object>(rows: readonly T[], key: string): (T & { depth: number })[] {
  const field = (r: T, name: string) => String((r as Record<string, unknown>)[name]);
  const ids = new Set(rows.map((r) => field(r, key)));
  const children = new Map<string, T[]>();
  for (const r of rows) {
    const parent = ids.has(field(r, 'parentId')) ? field(r, 'parentId') : '';
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: (T & { depth: number })[] = [];
  const walk = (parent: string, depth: number) => {
    for (const r of children.get(parent) ?? []) {
      out.push({ ...r, depth });
      walk(field(r, key), depth + 1);
    }
  };
  walk('', 0);
  return out;
}

/**
 * GETs `url` once (and again when `url` changes, on `reload`, and once a refused session is signed in again through
 * the re-login dialog); `data` of the answer, undefined until it arrives.
 */
export function useApiData<T>(url: string | undefined): { data: T | undefined; error: Error | undefined; reload: () => void } {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<Error>();
  const [version, setVersion] = useState(0);
  const expired = useSyncExternalStore(sessionExpiry.subscribe, sessionExpiry.isExpired, sessionExpiry.isExpired);
  useEffect(() => {
    if (!url || expired) return;
    let live = true;
    httpClient
      .get<T>(url)
      .then((r) => live && setData(r.data))
      .catch((e: Error) => live && setError(e));
    return () => {
      live = false;
    };
  }, [url, version, expired]);
  return { data, error, reload: () => setVersion((v) => v + 1) };
}
