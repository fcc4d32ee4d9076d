import type { HttpError } from 'ra-core';

/** The template screen's resource (menu path `cms/template/template`) and its API path (`GET /cms/template` lists). */
export const TEMPLATE_RESOURCE = 'cms/template/template';
export const TEMPLATE_API = 'cms/template';

/** Suffix of every template file. */
export const TEMPLATE_SUFFIX = '.template.html';
/** A template path relative to its pipe folder: folders and a name of letters, digits, `_`, `-`, then `.template.html`. */
export const TEMPLATE_PATH = /^([A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.template\.html$/;
export const TEMPLATE_PATH_MAX = 255;

/** The template editor (a detail page outside the route tree), as ChestnutCMS's `/cms/template/editor`. */
export const TEMPLATE_EDITOR_ROUTE = 'cms/template/editor';
export const templateEditorPath = (templateId: string | number) => `/${TEMPLATE_EDITOR_ROUTE}?templateId=${encodeURIComponent(String(templateId))}`;

/**
 * Tidies what someone typed as a template path: trims, drops a leading `./` or `/`, turns `\` into `/` and adds the
 * `.template.html` suffix when left out (`news/list` -> `news/list.template.html`).
 */
export function normalizeTemplatePath(input: string): string {
  let path = String(input ?? '')
    .trim()
    .replace(/\\/g, '/');
  path = path.replace(/^(\.\/|\/)+/, '');
  if (path && !path.endsWith(TEMPLATE_SUFFIX)) path = path.replace(/\.html?$/i, '') + TEMPLATE_SUFFIX;
  return path;
}

/** i18n key of what is wrong with a (normalized) template path, or undefined when it is fine. */
export function templatePathError(path: string): string | undefined {
  if (!path) return 'app.cms_template.path_required';
  if (path.length > TEMPLATE_PATH_MAX || !TEMPLATE_PATH.test(path) || path.split('/').some((p) => p === '..')) return 'app.cms_template.path_format';
  return undefined;
}

/** A template index row. */
export interface TemplateRow {
  templateId: string;
  siteId?: string;
  publishPipeCode: string;
  path: string;
  fileSize?: number;
  updateTime?: string;
  remark?: string;
}

/** A node of the editor's file tree: a folder (with children) or a file (with its template). */
export interface FileNode {
  name: string;
  /** Folder path (`news/`) or file path. */
  path: string;
  template?: TemplateRow;
  children: FileNode[];
}

/** The templates of a pipe as a folder tree: folders first, then files, each by name. */
export function buildFileTree(templates: readonly TemplateRow[]): FileNode[] {
  const root: FileNode = { name: '', path: '', children: [] };
  for (const t of templates) {
    const parts = t.path.split('/');
    let node = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const folderPath = `${parts.slice(0, i + 1).join('/')}/`;
      let child = node.children.find((c) => !c.template && c.path === folderPath);
      if (!child) {
        child = { name: parts[i], path: folderPath, children: [] };
        node.children.push(child);
      }
      node = child;
    }
    node.children.push({ name: parts[parts.length - 1], path: t.path, template: t, children: [] });
  }
  const sort = (nodes: FileNode[]) => {
    nodes.sort((a, b) => Number(!!a.template) - Number(!!b.template) || a.name.localeCompare(b.name));
    for (const n of nodes) sort(n.children);
    return nodes;
  };
  return sort(root.children);
}

/** Folders of the tree leading to `path` (`a/b/c.template.html` -> `a/`, `a/b/`), to open them. */
export function foldersOf(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join('/')}/`);
}

/** One syntax error of a refused save (`data.syntaxErrors` of the 400 answer). */
export interface SyntaxIssue {
  line: number;
  col: number;
  message: string;
}

/** What a failed save shows: the server's message (it names line and column) and the first error's position. */
export function saveErrorOf(error: unknown): { message: string; line?: number; col?: number } {
  const err = error as Partial<HttpError> & { message?: string };
  const body = (err?.body ?? {}) as { data?: { syntaxErrors?: SyntaxIssue[] } };
  const first = Array.isArray(body.data?.syntaxErrors) ? body.data!.syntaxErrors[0] : undefined;
  return { message: err?.message || 'ra.notification.http_error', line: first?.line, col: first?.col };
}

/** Query of the preview of a site's home on a pipe (`GET /cms/preview`). */
export const sitePreviewParams = (siteId: string, pipe: string) => ({ type: 'site', id: siteId, pipe });

/** One entry of the template help (`GET /cms/template/tags`). */
export interface TemplateTagDoc {
  name: string;
  kind: 'tag' | 'filter' | 'object' | string;
  syntax: string;
  description: string;
  args?: { name: string; description: string }[];
  example: string;
}

/** The help entries of a kind (or all) whose name, syntax, description or arguments contain every word searched. */
export function filterTagDocs(docs: readonly TemplateTagDoc[], search: string, kind = ''): TemplateTagDoc[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return docs.filter((d) => {
    if (kind && d.kind !== kind) return false;
    const text = [d.name, d.syntax, d.description, ...(d.args ?? []).flatMap((a) => [a.name, a.description])].join('\n').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
