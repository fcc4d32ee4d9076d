import { LiquidError } from 'liquidjs';

/** Why a template could not be parsed or rendered; each is a message key the back office translates. */
export type TemplateErrorKind = 'timeout' | 'tooLarge' | 'tooDeep' | 'notFound' | 'syntax' | 'forbiddenPath' | 'render';

export interface TemplateErrorDetails {
  /** Template file the error is in (relative path), when known. */
  file?: string;
  line?: number;
  col?: number;
  /** The engine's own words (English), for the log and the editor. */
  detail?: string;
}

/** The one error of the template engine: a message key `cms.template.error.<kind>` and where it happened. */
export class TemplateError extends Error {
  readonly messageKey: string;

  constructor(
    readonly kind: TemplateErrorKind,
    readonly details: TemplateErrorDetails = {},
  ) {
    super(`cms.template.error.${kind}${details.detail ? `: ${details.detail}` : ''}`);
    this.name = 'TemplateError';
    this.messageKey = `cms.template.error.${kind}`;
  }
}

/** The innermost error of a LiquidJS wrapping chain (RenderError -> RenderError -> cause). */
function innermost(error: unknown): unknown {
  let current = error;
  for (let i = 0; i < 100; i++) {
    const next = (current as { originalError?: unknown } | null)?.originalError;
    if (!next) return current;
    current = next;
  }
  return current;
}

/** Where a LiquidJS error points at: the deepest token found on the chain (the include's line, not the caller's). */
function position(error: unknown): Pick<TemplateErrorDetails, 'file' | 'line' | 'col'> {
  let found: Pick<TemplateErrorDetails, 'file' | 'line' | 'col'> = {};
  let current = error;
  for (let i = 0; i < 100 && current; i++) {
    const token = (current as { token?: { getPosition?: () => [number, number]; file?: string } }).token;
    if (LiquidError.is(current) && token?.getPosition) {
      const [line, col] = token.getPosition();
      found = { line, col, ...(token.file ? { file: token.file } : {}) };
    }
    current = (current as { originalError?: unknown }).originalError;
  }
  return found;
}

/** Strips LiquidJS's ", file:x, line:1, col:2" suffix: the position travels separately. */
function plainMessage(message: string): string {
  return message.replace(/(, file:[^,]*)?, line:\d+, col:\d+$/, '');
}

/** Turns anything thrown while parsing or rendering into a TemplateError with position details. */
export function toTemplateError(error: unknown): TemplateError {
  const where = position(error);
  const cause = innermost(error);
  if (cause instanceof TemplateError) {
    return new TemplateError(cause.kind, { ...where, ...stripEmpty(cause.details) });
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  const detail = plainMessage(message);
  if (/template render limit exceeded/.test(message)) return new TemplateError('timeout', { ...where, detail });
  if (/(memory alloc|parse length) limit exceeded/.test(message)) return new TemplateError('tooLarge', { ...where, detail });
  if ((cause as { code?: string }).code === 'ENOENT' || /Failed to lookup/.test(message)) {
    return new TemplateError('notFound', { ...where, detail: detail.replace(/ in ".*"$/, '') });
  }
  const name = (error as { name?: string })?.name;
  if (name === 'ParseError' || name === 'TokenizationError' || name === 'LiquidErrors') {
    return new TemplateError('syntax', { ...where, detail });
  }
  return new TemplateError('render', { ...where, detail });
}

function stripEmpty(details: TemplateErrorDetails): TemplateErrorDetails {
  return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined && v !== '')) as TemplateErrorDetails;
}
