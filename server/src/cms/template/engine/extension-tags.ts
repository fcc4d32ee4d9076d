import type { TemplateUrls } from './types';

/** What an extension tag's loader learns about the render it serves. */
export interface ExtensionTagContext {
  siteId: string;
  /** Code of the publish pipe being rendered. */
  pipe: string;
  /** URLs on that pipe (resource URLs for logos, internal URLs). */
  urls: TemplateUrls;
}

/**
 * A data tag another module adds to the engine (friend links, ...), used like the built-in list tags:
 * `{% name arg:'x' %}…{{ item.… }}…{% else %}…{% endname %}` or `{% name arg:'x' as items %}`. Its loader is one data
 * call of the render's budget and answers plain data (arrays for the block form).
 */
export interface ExtensionDataTag {
  args: readonly string[];
  /** Literal values checked when the template is parsed. */
  enums?: Record<string, readonly string[]>;
  /** Whether the block form is allowed (otherwise `as name` is required). */
  block: boolean;
  load(context: ExtensionTagContext, args: Record<string, unknown>): Promise<unknown>;
}

const registry = new Map<string, ExtensionDataTag>();

/**
 * Adds a data tag to every Liquid instance created afterwards (a module registers its tags when it is loaded, before
 * any render). Registering a name again replaces its loader (a second app in the same process, as tests start).
 */
export function registerExtensionTag(name: string, tag: ExtensionDataTag): void {
  if (!/^[a-z][a-z0-9_]{1,40}$/.test(name)) throw new Error(`bad extension tag name ${name}`);
  registry.set(name, tag);
}

/** The registered extension tags. */
export function extensionTags(): Array<[string, ExtensionDataTag]> {
  return [...registry.entries()];
}
