import { TemplateError } from './errors';

/** Suffix of every template file. */
export const TEMPLATE_SUFFIX = '.template.html';

/** A template path: folders and a name of letters, digits, `_` and `-`, ending in `.template.html`. */
export const TEMPLATE_PATH_PATTERN = /^([A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.template\.html$/;

/** Longest template path (the cms_template column). */
export const TEMPLATE_PATH_MAX = 255;

/** Whether `path` is a well-formed template path (relative, no `..`, the template suffix). */
export function isTemplatePath(path: string): boolean {
  return typeof path === 'string' && path.length <= TEMPLATE_PATH_MAX && TEMPLATE_PATH_PATTERN.test(path);
}

/**
 * The template path an include/layout names, relative to the pipe's template folder; the suffix may be left out
 * (`include/header` = `include/header.template.html`). Absolute paths, `..`, backslashes and odd characters are refused.
 */
export function resolveTemplatePath(reference: string): string {
  const raw = String(reference ?? '').trim();
  const path = raw.startsWith('./') ? raw.slice(2) : raw;
  const withSuffix = path.endsWith(TEMPLATE_SUFFIX) ? path : `${path}${TEMPLATE_SUFFIX}`;
  if (!isTemplatePath(withSuffix)) throw new TemplateError('forbiddenPath', { detail: raw.slice(0, 200) });
  return withSuffix;
}
