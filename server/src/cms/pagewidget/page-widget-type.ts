import { Injectable } from '@nestjs/common';
import type { SiteView, TemplateUrls } from '../template/engine/types';
import type { CmsPageWidget } from './cms-page-widget.entity';

/** What a type gets when its widget is rendered for publishing. */
export interface PageWidgetRenderContext {
  /** The widget's site as templates see it. */
  site: SiteView;
  /** Code of the pipe rendered. */
  pipe: string;
  /** URLs on that pipe: `urls.resource('resources/…')` for a picked image, `urls.internal('a/b.html')`, … */
  urls: TemplateUrls;
}

/** What a type gets when a widget's content is validated. */
export interface PageWidgetContentContext {
  siteId: string;
  /** The widget being changed (absent while it is created). */
  widget?: CmsPageWidget;
}

/**
 * A kind of page widget (`manual` block, `ads` space, …). A module adds one by registering it once at start-up:
 *
 * ```ts
 * @Module({ imports: [CmsPageWidgetModule], providers: [MyType] })
 * export class MyModule implements OnModuleInit {
 *   constructor(private readonly widgetTypes: PageWidgetTypeRegistry, private readonly myType: MyType) {}
 *   onModuleInit() { this.widgetTypes.register(this.myType); }
 * }
 * ```
 *
 * Its widgets are then stored, listed, published and removed by CmsPageWidgetService (`type` = its id); the type only
 * checks its content and gives the template its data.
 */
export interface PageWidgetType<C extends Record<string, unknown> = Record<string, unknown>> {
  /** Lower-case id stored in `cms_page_widget.type` (`manual`, `ads`): a letter, then letters, digits, underscores. */
  readonly id: string;
  /** Message key of its display name (translated per request: `cms.block.typeName`). */
  readonly nameKey: string;
  /**
   * Checks and normalizes the widget's `content` (the body's `content`, anything JSON): answers what is stored, or
   * throws a ServiceException with a localized message (the write then changes nothing).
   */
  validateContent(content: unknown, ctx: PageWidgetContentContext): C | Promise<C>;
  /** Variables its template sees beside `widget` (a manual block gives `rows`). Plain data only. */
  renderModel(widget: CmsPageWidget, ctx: PageWidgetRenderContext): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Liquid text used when the widget names no template of the pipe ('' template). */
  readonly defaultTemplate: string;
}

/** The page widget types known to this process; other modules add theirs in `onModuleInit` (see PageWidgetType). */
@Injectable()
export class PageWidgetTypeRegistry {
  private readonly types = new Map<string, PageWidgetType>();

  /** Adds a type; a second type with the same id is a programming error. */
  register(type: PageWidgetType): void {
    if (!/^[a-z][a-z0-9_]{0,49}$/.test(type.id)) throw new Error(`Malformed page widget type id "${type.id}"`);
    if (this.types.has(type.id)) throw new Error(`Page widget type "${type.id}" is registered twice`);
    this.types.set(type.id, type);
  }

  /** The type of that id, or undefined. */
  get(id: string): PageWidgetType | undefined {
    return this.types.get(id);
  }

  /** Every registered type, in registration order. */
  all(): PageWidgetType[] {
    return [...this.types.values()];
  }
}
