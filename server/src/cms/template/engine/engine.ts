import { AsyncLocalStorage } from 'node:async_hooks';
import { Context, Liquid, type Emitter, type FS } from 'liquidjs';
import { checkAborted, registerCmsExtensions, type RenderState } from './cms-tags';
import { drive } from './drive';
import { TemplateError, toTemplateError } from './errors';
import { resolveTemplatePath } from './paths';
import type { RenderOptions, RenderResult, TemplateLimits, TemplateSource, TemplateSyntaxIssue } from './types';

/** Bounds used when the caller gives none. */
export const DEFAULT_TEMPLATE_LIMITS: Required<TemplateLimits> = {
  timeoutMs: 5000,
  maxOutputChars: 5_000_000,
  maxIncludeDepth: 8,
  memoryLimit: 10_000_000,
  maxTemplateChars: 1_000_000,
  maxDataCalls: 500,
};

/** Liquid options shared by rendering and syntax checks: sandboxed, strict filters, no JS prototype access. */
function createLiquid(fs: FS, limits: Required<TemplateLimits>, stateOf: () => RenderState, timeZone?: string): Liquid {
  const liquid = new Liquid({
    fs,
    root: ['.'],
    partials: ['.'],
    layouts: ['.'],
    relativeReference: false,
    extname: '',
    dynamicPartials: true,
    strictFilters: true,
    strictVariables: false,
    ownPropertyOnly: true,
    jsTruthy: false,
    cache: true,
    globals: {},
    parseLimit: limits.maxTemplateChars,
    memoryLimit: limits.memoryLimit,
    renderLimit: limits.timeoutMs,
    ...(timeZone ? { timezoneOffset: timeZone } : {}),
  });
  registerCmsExtensions(liquid, stateOf);
  return liquid;
}

/** The render in progress, for Liquid instances shared by the pages of one source (reuseParsed). */
const currentRender = new AsyncLocalStorage<RenderState>();
/** Shared Liquid instances (with their parsed templates) per source and bounds, kept as long as the source object lives. */
const sharedLiquids = new WeakMap<TemplateSource, Map<string, Liquid>>();

/** A Liquid instance reused by every render of `source` with the same bounds; its tags read the render from currentRender. */
function sharedLiquid(source: TemplateSource, limits: Required<TemplateLimits>, timeZone?: string): Liquid {
  let byBounds = sharedLiquids.get(source);
  if (!byBounds) sharedLiquids.set(source, (byBounds = new Map()));
  const key = `${JSON.stringify(limits)}|${timeZone ?? ''}`;
  let liquid = byBounds.get(key);
  if (!liquid) {
    const stateOf = () => currentRender.getStore()!;
    liquid = createLiquid(sandboxFs(source, stateOf), limits, stateOf, timeZone);
    byBounds.set(key, liquid);
  }
  return liquid;
}

/** Template files read once from the TemplateSource; nothing else is reachable. */
function sandboxFs(source: TemplateSource, stateOf: () => RenderState): FS {
  const files = new Map<string, string>();
  const load = async (path: string): Promise<string> => {
    const cached = files.get(path);
    if (cached !== undefined) return cached;
    const state = stateOf();
    checkAborted(state);
    const text = await source.read(path);
    if (text === null || text === undefined) throw new TemplateError('notFound', { detail: path });
    if (text.length > state.limits.maxTemplateChars)
      throw new TemplateError('tooLarge', { detail: `template ${path} is larger than ${state.limits.maxTemplateChars} characters` });
    files.set(path, text);
    return text;
  };
  const noSync = () => {
    throw new Error('synchronous template reads are not supported');
  };
  return {
    sep: '/',
    // Every reference is resolved against the pipe's template folder only; `..` and absolute paths throw.
    resolve: (_dir: string, file: string) => resolveTemplatePath(file),
    contains: async () => true,
    containsSync: () => true,
    exists: async (path: string) => (await load(path)) !== null,
    existsSync: noSync,
    readFile: load,
    readFileSync: noSync,
    dirname: (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : ''),
  };
}

/** Collects the output and stops the render once it grows past the bound. */
class BoundedEmitter implements Emitter {
  buffer = '';
  constructor(
    private readonly max: number,
    private readonly state: RenderState,
  ) {}
  write(html: unknown): void {
    checkAborted(this.state);
    const piece =
      html === null || html === undefined
        ? ''
        : Array.isArray(html)
          ? html.map((x) => (x === null || x === undefined ? '' : String(x))).join('')
          : String(html);
    if (this.buffer.length + piece.length > this.max) throw new TemplateError('tooLarge', { detail: `output larger than ${this.max} characters` });
    this.buffer += piece;
  }
}

/** Renders the template at `path` and tells the paging of its paged list, if any (the publisher's entry point). */
export async function renderPage(path: string, options: RenderOptions): Promise<RenderResult> {
  const limits = { ...DEFAULT_TEMPLATE_LIMITS, ...stripUndefined(options.limits ?? {}) };
  const started = Date.now();
  const state: RenderState = {
    provider: options.provider,
    context: options.context,
    site: options.context.site as RenderState['site'],
    limits,
    timeZone: options.timeZone,
    depth: 0,
    dataCalls: 0,
    paging: null,
    aborted: null,
  };
  if (options.timeZone) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: options.timeZone });
    } catch {
      throw new TemplateError('render', { detail: `unknown time zone ${options.timeZone}` });
    }
  }
  const liquid = options.reuseParsed
    ? sharedLiquid(options.source, limits, options.timeZone)
    : createLiquid(
        sandboxFs(options.source, () => state),
        limits,
        () => state,
        options.timeZone,
      );
  const work = currentRender.run(state, async () => {
    if (!state.site) state.site = await options.provider.site();
    const templates = await liquid.parseFile(resolveTemplatePath(path));
    const { context } = options;
    const scope: Record<string, unknown> = {
      ...(context.vars ?? {}),
      site: state.site,
      catalog: context.catalog ?? null,
      content: context.content ?? null,
      pipe: context.pipe,
      page: { index: Math.max(1, Math.floor(context.pageIndex ?? 1)) },
    };
    const remaining = Math.max(1, limits.timeoutMs - (Date.now() - started));
    const ctx = new Context(scope, liquid.options, { renderLimit: remaining, memoryLimit: limits.memoryLimit }, { liquid });
    const emitter = new BoundedEmitter(limits.maxOutputChars, state);
    await drive(liquid.renderer.renderTemplates(templates, ctx, emitter));
    return emitter.buffer;
  });
  let timer: NodeJS.Timeout | undefined;
  // The wall clock also covers slow data calls (LiquidJS's renderLimit only counts between template steps).
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      state.aborted = new TemplateError('timeout', { detail: `rendering took longer than ${limits.timeoutMs} ms` });
      reject(state.aborted);
    }, limits.timeoutMs);
  });
  work.catch(() => undefined); // its rejection is reported through the race below
  try {
    const html = await Promise.race([work, timeout]);
    return { html, paging: state.paging };
  } catch (error) {
    throw toTemplateError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Renders the template at `path` (relative to the pipe's template folder) to HTML; throws TemplateError. */
export async function renderTemplate(path: string, options: RenderOptions): Promise<string> {
  return (await renderPage(path, options)).html;
}

/** Parses a template text without rendering it and lists its syntax errors with line and column ([] = fine). */
export function checkTemplateSyntax(text: string, limits: TemplateLimits = {}): TemplateSyntaxIssue[] {
  const bounds = { ...DEFAULT_TEMPLATE_LIMITS, ...stripUndefined(limits) };
  const noState = (): RenderState => {
    throw new Error('not rendering');
  };
  const noFs: FS = {
    resolve: (_dir: string, file: string) => resolveTemplatePath(file),
    exists: async () => false,
    existsSync: () => false,
    readFile: async () => '',
    readFileSync: () => '',
  };
  const liquid = createLiquid(noFs, bounds, noState);
  liquid.options.catchAllErrors = true;
  try {
    liquid.parse(String(text ?? ''));
    return [];
  } catch (error) {
    const errors = (error as { errors?: unknown[] }).errors ?? [error];
    const issues = errors.map((e) => {
      const te = toTemplateError(e);
      return { line: te.details.line ?? 1, col: te.details.col ?? 1, message: te.details.detail ?? te.message };
    });
    // A broken tag leaves its end tag unmatched on the same line: report each line once.
    return issues.filter((issue, i) => issues.findIndex((other) => other.line === issue.line) === i);
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
