import type { SiteFileRow as FileRow, SiteFileTreeNode as FileTreeNode } from '@zhiwen/shared';
import type { CodeLanguage } from '../template/CodeEditor';
/** The site files screen (menu path `cms/resource/file`) and its API (`/cms/file/...`, ChestnutCMS paths). */
export const FILE_RESOURCE = 'cms/resource/file';
export const FILE_API = 'cms/file';

/** The text editor of one file (a detail page outside the route tree), as ChestnutCMS's `/cms/file/editor`. */
export const FILE_EDITOR_ROUTE = 'cms/file/editor';
export const fileEditorPath = (filePath: string) => `/${FILE_EDITOR_ROUTE}?filePath=${encodeURIComponent(filePath)}`;
/** The screen opened at a folder (`?dir=`), where the editor goes back to. */
export const fileScreenPath = (dir: string) => `/${FILE_RESOURCE}${dir ? `?dir=${encodeURIComponent(dir)}` : ''}`;

/** A row of `GET /cms/file/list` and a folder of `GET /cms/file/directoryTreeData` (the server's types). */
export type { FileRow, FileTreeNode };

/** A name the server accepts: letters, digits, `_`, `.`, `-`, not starting with a dot, at most 100 characters. */
export const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/;
/** What the editor opens (the server decides too: `canEdit`). */
export const EDITABLE_EXTS = ['html', 'shtml', 'htm', 'css', 'js', 'txt', 'xml', 'json'];

export const extOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');
/** HTML files get the HTML mode of the editor; the rest plain text (only @codemirror/lang-html is a dependency). */
export const isHtmlFile = (name: string) => ['html', 'shtml', 'htm'].includes(extOf(name));

/** The grammar of a file by its extension (site files); plain text when none fits. */
export function languageOfFile(name: string): CodeLanguage {
  const ext = extOf(name);
  if (isHtmlFile(name)) return 'html';
  if (ext === 'css') return 'css';
  if (ext === 'js' || ext === 'mjs') return 'js';
  if (ext === 'json') return 'json';
  if (ext === 'xml' || ext === 'svg') return 'xml';
  return 'text';
}
export const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
export const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Where nothing can be created: the roots listing, a theme group (`theme-assets`), anything under the templates. */
export function isFixedFolder(dir: string): boolean {
  return dir === '' || dir === 'theme-assets' || dir === 'theme-templates' || dir.startsWith('theme-templates/');
}

/** i18n key of what is wrong with a new name, or undefined when it is fine. */
export function fileNameError(name: string, isDirectory: boolean): string | undefined {
  if (!name) return 'app.cms_file.name_required';
  if (!FILE_NAME.test(name)) return 'app.cms_file.name_format';
  if (!isDirectory && !EDITABLE_EXTS.includes(extOf(name))) return 'app.cms_file.new_file_type';
  return undefined;
}

/** The folders from the roots to `dir`, each with its tree label when known (`pc/css` -> PC（发布目录）, css). */
export function breadcrumbsOf(dir: string, tree: readonly FileTreeNode[]): { path: string; label: string }[] {
  if (!dir) return [];
  const labels = new Map<string, string>();
  const walk = (nodes: readonly FileTreeNode[]) => {
    for (const n of nodes) {
      labels.set(n.id, n.label);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  const parts = dir.split('/');
  return parts.map((part, i) => {
    const path = parts.slice(0, i + 1).join('/');
    return { path, label: labels.get(path) ?? part };
  });
}
