import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, uniqueViolationOf } from '../../database/sql-helpers';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { objectPermission, ObjectPermissionService } from '../../system/permission/object-permission.service';
import { CmsCatalogService } from '../catalog/cms-catalog.service';
import { CmsPublishService } from '../publish/cms-publish.service';
import { pageKey } from '../publish/publish-paths';
import { SiteReadModel } from '../publish/publish-read-model';
import { CmsPublishPipeService } from '../publishpipe/cms-publish-pipe.service';
import { CmsTemplateService } from '../template/cms-template.service';
import { isTemplatePath, renderTemplate, TemplateError, type TemplateSource } from '../template/engine';
import type { CreatePageWidgetDto, PageWidgetFieldsDto, PageWidgetQueryDto, UpdatePageWidgetDto } from './cms-page-widget.dto';
import { CmsPageWidget } from './cms-page-widget.entity';
import { PageWidgetTypeRegistry, type PageWidgetType } from './page-widget-type';

/** Object type of the per-widget rights (`PageWidget:Edit:12`). */
export const PAGE_WIDGET_OBJECT = 'PageWidget';
/** Rights the creator of a widget gets on it (a site's editors hold them through `Site:*` anyway). */
export const CREATOR_WIDGET_ACTIONS = ['View', 'Edit', 'Delete', 'Publish'] as const;
export type PageWidgetAction = (typeof CREATOR_WIDGET_ACTIONS)[number];
/** The site right that covers each widget right. */
const SITE_ACTION: Record<PageWidgetAction, string> = { View: 'View', Edit: 'Edit', Delete: 'Edit', Publish: 'Publish' };
/** Where a type's default template is read from (a path no theme uses). */
const DEFAULT_TEMPLATE_PATH = '__pagewidget__/default.template.html';

/** What the template of a widget sees as `widget`. */
export interface PageWidgetView {
  pageWidgetId: string;
  type: string;
  name: string;
  code: string;
  catalogId: string;
  path: string;
  /** URL of the published fragment file. */
  url: string;
}

/**
 * Page widgets (页面部件) of a site: stored, checked, published and removed here for every type; a type module
 * (manual blocks, ad spaces) registers its PageWidgetType and calls these methods with its `type` so it only ever
 * touches its own widgets (an id of another type answers the "missing or invalid page widget id" 404).
 *
 * Rights: viewing needs `Site:View` on the site, adding `Site:Edit` or `Site:AddPageWidget`, editing and deleting
 * `Site:Edit`, publishing `Site:Publish`; or, on one widget, `PageWidget:<View|Edit|Delete|Publish>:<id>` (its creator
 * gets those). Publishing renders the widget's template (or its type's default) with `widget` and the type's model,
 * writes the file at `site/<sitePath>/<pipe>/<path>`, keeps the HTML for `{% pagewidget code:'…' %}`, and queues the
 * site's home page (and the widget's catalog's list pages) so the pages showing it follow.
 */
@Injectable()
export class CmsPageWidgetService {
  private readonly log = new Logger(CmsPageWidgetService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly permissions: ObjectPermissionService,
    readonly types: PageWidgetTypeRegistry,
    private readonly pipes: CmsPublishPipeService,
    private readonly catalogs: CmsCatalogService,
    private readonly templates: CmsTemplateService,
    private readonly publisher: CmsPublishService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  private repo(m?: EntityManager) {
    return (m ?? this.dataSource.manager).getRepository(CmsPageWidget);
  }

  private get pool(): Pool {
    return (this.dataSource.driver as unknown as { master: Pool }).master;
  }

  /** Registered types as `{ id, name }` (names in the request's language). */
  typeOptions(): Array<{ id: string; name: string }> {
    return this.types.all().map((type) => ({ id: type.id, name: t(type.nameKey) }));
  }

  /** Widgets of a site (needs `Site:View`), paged; filters: type, catalog, name part, code part, state. */
  async list(user: LoginUser, siteId: string, query: PageWidgetQueryDto): Promise<PageResult<CmsPageWidget>> {
    await this.assertSite(user, 'View', siteId);
    const qb = this.repo().createQueryBuilder('w').where('w.site_id = :siteId', { siteId });
    if (query.type) qb.andWhere('w.type = :type', { type: query.type });
    if (query.catalogId) qb.andWhere('w.catalog_id = :catalogId', { catalogId: query.catalogId });
    if (query.name) qb.andWhere('w.name ILIKE :name', { name: `%${escapeLike(query.name)}%` });
    if (query.code) qb.andWhere('w.code ILIKE :code', { code: `%${escapeLike(query.code)}%` });
    if (query.state) qb.andWhere('w.state = :state', { state: query.state });
    return paginate(qb, query, {
      sortable: { name: 'w.name', code: 'w.code', createTime: 'w.create_time', updateTime: 'w.update_time', publishTime: 'w.publish_time' },
      defaultOrder: { 'w.page_widget_id': 'DESC' },
    });
  }

  /** One widget (needs `Site:View` or `PageWidget:View:<id>`); with `type`, only a widget of that type. */
  async get(user: LoginUser, pageWidgetId: string, type?: string): Promise<CmsPageWidget> {
    const widget = await this.find(pageWidgetId, type);
    await this.assertWidget(user, 'View', widget);
    return widget;
  }

  /** Adds a widget of a registered type to a site (needs `Site:Edit` or `Site:AddPageWidget`); its creator gets its rights. */
  async create(user: LoginUser, siteId: string, dto: CreatePageWidgetDto): Promise<CmsPageWidget> {
    if (!(await this.permissions.can(user, 'Site', 'Edit', siteId)) && !(await this.permissions.can(user, 'Site', 'AddPageWidget', siteId))) {
      throw ServiceException.forbidden();
    }
    const type = this.requireType(dto.type);
    const fields = await this.checkFields(user, siteId, dto, type);
    const widget = await this.save(async (m) => {
      const saved = await this.repo(m).save(
        this.repo(m).create({ siteId, type: type.id, ...fields, state: '0', createBy: user.userName, updateBy: user.userName }),
      );
      const grants = CREATOR_WIDGET_ACTIONS.map((action) => objectPermission(PAGE_WIDGET_OBJECT, action, saved.pageWidgetId));
      await this.permissions.grant({ type: 'user', id: user.id }, grants, m);
      return saved;
    }, dto);
    return this.find(widget.pageWidgetId);
  }

  /**
   * Changes a widget (needs `Site:Edit` or `PageWidget:Edit:<id>`); its type stays. A published widget is published
   * again at once (its old file removed when the pipe or path changed).
   */
  async update(user: LoginUser, dto: UpdatePageWidgetDto, type?: string): Promise<CmsPageWidget> {
    const before = await this.find(dto.pageWidgetId, type);
    await this.assertWidget(user, 'Edit', before);
    const fields = await this.checkFields(user, before.siteId, dto, this.requireType(before.type), before);
    await this.save((m) => this.repo(m).save(this.repo(m).create({ pageWidgetId: before.pageWidgetId, ...fields, updateBy: user.userName })), dto);
    const after = await this.find(before.pageWidgetId);
    if (before.state === '1') {
      if (before.publishPipeCode !== after.publishPipeCode || before.path !== after.path) await this.deleteFile(before);
      await this.publishOne(after, user.userName);
    }
    return this.find(before.pageWidgetId);
  }

  /** Deletes widgets (needs `Site:Edit` or `PageWidget:Delete:<id>` on each) with their files and the rights on them. */
  async remove(user: LoginUser, pageWidgetIds: string[], type?: string): Promise<void> {
    const ids = [...new Set(pageWidgetIds)];
    const widgets = await this.repo().findBy({ pageWidgetId: In(ids), ...(type ? { type } : {}) });
    if (widgets.length !== ids.length) throw ServiceException.notFound('cms.pagewidget.idInvalid');
    for (const widget of widgets) await this.assertWidget(user, 'Delete', widget);
    await this.dataSource.transaction(async (m) => {
      await this.repo(m).delete({ pageWidgetId: In(ids) });
      await this.permissions.forget(PAGE_WIDGET_OBJECT, ids, m);
    });
    for (const widget of widgets) await this.deleteFile(widget);
    await this.refreshPages(
      widgets.filter((w) => w.state === '1'),
      user.userName,
    );
  }

  /** Publishes widgets (needs `Site:Publish` or `PageWidget:Publish:<id>` on each); a template error names the widget. */
  async publish(user: LoginUser, pageWidgetIds: string[], type?: string): Promise<void> {
    const ids = [...new Set(pageWidgetIds)];
    const widgets = await this.repo().findBy({ pageWidgetId: In(ids), ...(type ? { type } : {}) });
    if (widgets.length !== ids.length) throw ServiceException.notFound('cms.pagewidget.idInvalid');
    for (const widget of widgets) await this.assertWidget(user, 'Publish', widget);
    for (const widget of widgets) await this.publishOne(widget, user.userName, false);
    await this.refreshPages(widgets, user.userName);
  }

  /**
   * Publishes again, without a rights check, the widgets among `pageWidgetIds` that are published now (state '1'),
   * for jobs that run without a user (the ads scheduler when adverts go online or offline). Answers the ids published.
   */
  async republish(pageWidgetIds: string[], operator: string): Promise<string[]> {
    const ids = [...new Set(pageWidgetIds)].filter((id) => /^[1-9]\d{0,17}$/.test(String(id)));
    if (!ids.length) return [];
    const widgets = await this.repo().findBy({ pageWidgetId: In(ids), state: '1' });
    for (const widget of widgets) await this.publishOne(widget, operator, false);
    await this.refreshPages(widgets, operator);
    return widgets.map((w) => String(w.pageWidgetId));
  }

  /** The HTML a widget renders to now (needs `Site:View` or `PageWidget:View:<id>`), without writing anything. */
  async preview(user: LoginUser, pageWidgetId: string, type?: string): Promise<string> {
    const widget = await this.get(user, pageWidgetId, type);
    return this.render(widget);
  }

  /** Whether the user may do `action` on the widget: its right on the site, or the right on this widget. */
  async can(user: LoginUser, action: PageWidgetAction, widget: Pick<CmsPageWidget, 'pageWidgetId' | 'siteId'>): Promise<boolean> {
    if (await this.permissions.can(user, 'Site', SITE_ACTION[action], widget.siteId)) return true;
    return this.permissions.can(user, PAGE_WIDGET_OBJECT, action, widget.pageWidgetId);
  }

  // ---------------------------------------------------------------------------------------------------------------

  private async assertSite(user: LoginUser, action: string, siteId: string): Promise<void> {
    if (!(await this.permissions.can(user, 'Site', action, siteId))) throw ServiceException.forbidden();
  }

  private async assertWidget(user: LoginUser, action: PageWidgetAction, widget: CmsPageWidget): Promise<void> {
    if (!(await this.can(user, action, widget))) throw ServiceException.forbidden();
  }

  private requireType(id: string): PageWidgetType {
    const type = this.types.get(id);
    if (!type) throw new ServiceException('cms.pagewidget.typeUnknown', { type: id });
    return type;
  }

  private async find(pageWidgetId: string, type?: string): Promise<CmsPageWidget> {
    const widget = /^[1-9]\d{0,17}$/.test(String(pageWidgetId)) ? await this.repo().findOneBy({ pageWidgetId }) : null;
    if (!widget || (type && widget.type !== type)) throw ServiceException.notFound('cms.pagewidget.idInvalid');
    return widget;
  }

  /** Checks pipe, catalog, template and the type's content; answers the columns to store. */
  private async checkFields(user: LoginUser, siteId: string, dto: PageWidgetFieldsDto, type: PageWidgetType, widget?: CmsPageWidget) {
    const pipes = await this.pipes.all(siteId);
    if (!pipes.some((p) => p.code === dto.publishPipeCode)) throw new ServiceException('cms.pagewidget.pipeUnknown', { code: dto.publishPipeCode });
    // Left out on an edit: the widget stays where it is.
    const wanted = dto.catalogId ?? (widget ? String(widget.catalogId) : '0');
    const catalogId = wanted && wanted !== '0' ? wanted : '0';
    if (catalogId !== '0' && catalogId !== String(widget?.catalogId ?? '0')) {
      const catalog = await this.catalogs.get(catalogId).catch(() => null);
      if (!catalog || String(catalog.siteId) !== String(siteId)) throw new ServiceException('cms.pagewidget.catalogUnknown');
      await this.catalogs.assertCan(user, 'View', catalogId);
    }
    const template = dto.template ?? widget?.template ?? '';
    if (template && !isTemplatePath(template)) throw new ServiceException('cms.pagewidget.templateFormat');
    const content = await type.validateContent(dto.content ?? widget?.content ?? {}, { siteId, widget });
    return {
      name: dto.name,
      code: dto.code,
      publishPipeCode: dto.publishPipeCode,
      path: dto.path,
      template,
      catalogId,
      content,
      remark: dto.remark ?? widget?.remark ?? '',
    };
  }

  /** Runs a write, turning the unique indexes' violations into their messages. */
  private async save<T>(write: (m: EntityManager) => Promise<T>, dto: PageWidgetFieldsDto): Promise<T> {
    try {
      return await this.dataSource.transaction(write);
    } catch (error) {
      const index = uniqueViolationOf(error);
      if (index === 'uq_cms_page_widget_code') throw new ServiceException('cms.pagewidget.codeTaken', { code: dto.code });
      if (index === 'uq_cms_page_widget_path') throw new ServiceException('cms.pagewidget.pathTaken', { path: dto.path });
      throw error;
    }
  }

  /** Renders a widget on its pipe: its template (or its type's default) with `widget` and the type's model. */
  private async render(widget: CmsPageWidget): Promise<string> {
    const type = this.requireType(widget.type);
    const model = await SiteReadModel.load(this.pool, widget.siteId);
    if (!model) throw ServiceException.notFound('cms.pagewidget.idInvalid');
    const pipe = widget.publishPipeCode;
    if (!model.pipes.some((p) => p.code === pipe)) throw new ServiceException('cms.pagewidget.pipeUnknown', { code: pipe });
    const provider = model.provider(pipe);
    const site = await provider.site();
    const inner = this.templates.source(widget.siteId, pipe);
    const source: TemplateSource = { read: (path) => (path === DEFAULT_TEMPLATE_PATH ? Promise.resolve(type.defaultTemplate) : inner.read(path)) };
    const view: PageWidgetView = {
      pageWidgetId: String(widget.pageWidgetId),
      type: widget.type,
      name: widget.name,
      code: widget.code,
      catalogId: String(widget.catalogId),
      path: widget.path,
      url: provider.urls.internal(widget.path),
    };
    const vars = { ...(await type.renderModel(widget, { site, pipe, urls: provider.urls })), widget: view };
    const templatePath = widget.template || DEFAULT_TEMPLATE_PATH;
    try {
      return await renderTemplate(templatePath, { source, provider, context: { site, pipe, vars } });
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      if (error.kind === 'notFound') throw new ServiceException('cms.pagewidget.templateMissing', { template: templatePath, pipe });
      throw new ServiceException('cms.pagewidget.renderFailed', { name: widget.name, detail: error.details.detail ?? error.message });
    }
  }

  /** Renders and writes one widget's file, keeps its HTML for the tag, marks it published; `refresh`: queue its pages. */
  private async publishOne(widget: CmsPageWidget, operator: string, refresh = true): Promise<void> {
    const html = await this.render(widget);
    const site = await SiteReadModel.load(this.pool, widget.siteId);
    if (!site) throw ServiceException.notFound('cms.pagewidget.idInvalid');
    await this.storage.put(pageKey(site.site, widget.publishPipeCode, widget.path), Buffer.from(html, 'utf8'));
    await this.repo().update({ pageWidgetId: widget.pageWidgetId }, { state: '1', publishedHtml: html, publishTime: new Date(), updateBy: operator });
    if (refresh) await this.refreshPages([widget], operator);
  }

  /** Removes a widget's published file (a missing one is fine). */
  private async deleteFile(widget: CmsPageWidget): Promise<void> {
    const model = await SiteReadModel.load(this.pool, widget.siteId);
    if (!model) return;
    await this.storage.delete(pageKey(model.site, widget.publishPipeCode, widget.path)).catch((error: unknown) => {
      this.log.warn(`Could not remove page widget file ${widget.path}: ${String(error)}`);
    });
  }

  /** Queues the pages that show widgets: their sites' home pages and their catalogs' list pages. */
  private async refreshPages(widgets: CmsPageWidget[], operator: string): Promise<void> {
    const sites = new Set(widgets.map((w) => String(w.siteId)));
    for (const siteId of sites) await this.publisher.publishIndex(siteId, operator).catch((e: unknown) => this.log.warn(String(e)));
    const catalogs = new Map(widgets.filter((w) => String(w.catalogId) !== '0').map((w) => [String(w.catalogId), String(w.siteId)]));
    for (const [catalogId, siteId] of catalogs) {
      await this.publisher.publishCatalog(siteId, catalogId, operator).catch((e: unknown) => this.log.warn(String(e)));
    }
  }
}
