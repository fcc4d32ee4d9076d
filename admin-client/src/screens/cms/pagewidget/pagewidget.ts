/** The page widget screen's resource (menu path `cms/pagewidget`); its list is `GET /cms/pagewidget` (ChestnutCMS's path). */
export const PAGE_WIDGET_RESOURCE = 'cms/pagewidget';
export const PAGE_WIDGET_API = 'cms/pagewidget';

/** A letter, then letters, digits, underscore (the server's WIDGET_CODE). */
export const WIDGET_CODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
/** A relative output path with an html suffix (the server's WIDGET_PATH). */
export const WIDGET_PATH = /^([A-Za-z0-9_-]+\/){0,8}[A-Za-z0-9_-]+\.(html|shtml|htm)$/;
/** A template path of the pipe (the server's TEMPLATE_PATH_PATTERN), or ''. */
export const WIDGET_TEMPLATE = /^(([A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.template\.html)?$/;

export const WIDGET_STATES = ['0', '1'].map((id) => ({ id, name: `app.pagewidget.state_${id}` }));

export interface BlockItem {
  title: string;
  url: string;
  logo: string;
  summary: string;
}
export interface BlockRow {
  items: BlockItem[];
}

export interface PageWidget {
  pageWidgetId: string;
  siteId: string;
  catalogId: string;
  type: string;
  name: string;
  code: string;
  publishPipeCode: string;
  path: string;
  template: string;
  state: '0' | '1';
  content: Record<string, unknown>;
  remark: string;
}

/** Fields the widget forms send (the type only on create); `content` as the form holds it. */
export function widgetBody(values: Record<string, unknown>, create: boolean): Record<string, unknown> {
  const catalogId = values.catalogId && String(values.catalogId) !== '0' ? String(values.catalogId) : '0';
  return {
    ...(values.pageWidgetId ? { pageWidgetId: String(values.pageWidgetId) } : {}),
    ...(create && values.type ? { type: String(values.type) } : {}),
    name: String(values.name ?? '').trim(),
    code: String(values.code ?? '').trim(),
    publishPipeCode: String(values.publishPipeCode ?? ''),
    path: String(values.path ?? '').trim(),
    template: String(values.template ?? '').trim(),
    catalogId,
    ...(values.content && typeof values.content === 'object'
      ? { content: values.type === 'manual' ? { rows: blockRows((values.content as { rows?: BlockRow[] }).rows) } : values.content }
      : {}),
    remark: String(values.remark ?? ''),
  };
}

/** A manual block's rows as the server takes them: trimmed items, empty rows dropped. */
export function blockRows(rows: BlockRow[] | undefined): BlockRow[] {
  return (rows ?? [])
    .map((row) => ({
      items: (row.items ?? []).map((i) => ({
        title: String(i.title ?? '').trim(),
        url: String(i.url ?? '').trim(),
        logo: String(i.logo ?? '').trim(),
        summary: String(i.summary ?? '').trim(),
      })),
    }))
    .filter((row) => row.items.length > 0);
}

/** Moves the entry at `from` to `to` (a new array). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export const EMPTY_ITEM: BlockItem = { title: '', url: '', logo: '', summary: '' };
