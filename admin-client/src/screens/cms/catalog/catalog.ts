/** A node of `GET /cms/catalog/treeData` and `GET /cms/catalog/tree`. */
export interface CatalogNode {
  id: string;
  parentId: string;
  name: string;
  isLeaf?: boolean;
  /** Link catalogs in selectors that pick a catalog to hold content. */
  disabled?: boolean;
  props?: { alias?: string; path?: string; catalogType?: string; visible?: boolean; sortFlag?: string; treeLevel?: number };
  children?: CatalogNode[];
}

/** The answer of both tree routes. */
export interface CatalogTreeAnswer {
  rows: CatalogNode[];
  siteName: string;
}

/** "Top level" as the server names a parent or a move target. */
export const TOP_LEVEL_ID = '0';

export const CATALOG_TYPES = ['common', 'link'] as const;
export type CatalogType = (typeof CATALOG_TYPES)[number];
export const CATALOG_TYPE_CHOICES = CATALOG_TYPES.map((id) => ({ id, name: `app.cms_catalog.type_${id}` }));

/** The button permissions of the catalog screen (menu seed `cms.catalog`). */
export const CATALOG_PERMISSIONS = {
  add: 'cms:catalog:add',
  edit: 'cms:catalog:edit',
  remove: 'cms:catalog:remove',
  publish: 'cms:catalog:publish',
  move: 'cms:catalog:move',
  sort: 'cms:catalog:sort',
  showHide: 'cms:catalog:showHide',
  merge: 'cms:catalog:merge',
  clear: 'cms:catalog:clear',
} as const;

/** A node and every node below it, in tree order. */
export function flattenCatalogs(nodes: readonly CatalogNode[] | undefined): CatalogNode[] {
  return (nodes ?? []).flatMap((n) => [n, ...flattenCatalogs(n.children)]);
}

export function findCatalog(nodes: readonly CatalogNode[] | undefined, id: string | undefined): CatalogNode | undefined {
  if (!id) return undefined;
  return flattenCatalogs(nodes).find((n) => String(n.id) === String(id));
}

/** Ids of a node and its descendants: a catalog cannot move under itself, nor merge into itself. */
export function catalogSubtreeIds(node: CatalogNode | undefined): Set<string> {
  return new Set(node ? flattenCatalogs([node]).map((n) => String(n.id)) : []);
}

/**
 * The body of `PUT /cms/catalog/sort`: the server moves the catalog `sort` places toward the start of its siblings,
 * so up is +1 and down is -1 (CmsCatalogService.sort: new index = index - sort).
 */
export function catalogSortBody(catalogId: string, direction: 'up' | 'down'): { catalogId: string; sort: number } {
  return { catalogId, sort: direction === 'up' ? 1 : -1 };
}

/** Names of a batch add, one per line; blank lines dropped. */
export function batchNames(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The template fields a catalog has per publish pipe. */
export const PIPE_TEMPLATE_FIELDS = ['indexTemplate', 'listTemplate', 'detailTemplate'] as const;

/** An enabled publish pipe as `GET /cms/publishpipe/selectData` lists it. */
export interface PipeOption {
  pipeCode: string;
  pipeName: string;
}

/** A value of the extension settings editor: kept as typed text, sent as a number or boolean when it reads as one. */
export function configValue(text: string): string | number | boolean {
  const t = text.trim();
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (t !== '' && /^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  return text;
}

/** Alias proposed from a name when it is plain ASCII (the server derives one for batch adds the same way). */
export function aliasFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
