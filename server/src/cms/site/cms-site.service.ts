import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import { RESOURCE_SETTING_DEFAULTS, type PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { objectPermission, ObjectPermissionService } from '../../system/permission/object-permission.service';
import { SUPER_ADMIN_ROLE } from '../../common/security/super-admin';
import { CmsAccessService } from '../common/cms-access.service';
import { CurrentSiteService } from '../common/current-site.service';
import { CmsPublishService } from '../publish/cms-publish.service';
import { pipeRootUrl } from '../publish/publish-paths';
import { CmsPublishPipeService, DEFAULT_PUBLISH_PIPES } from '../publishpipe/cms-publish-pipe.service';
import { CmsTemplateService } from '../template/cms-template.service';
import type {
  ApplyDefaultTemplatesDto,
  CreateSiteDto,
  PipeDefaultTemplatesDto,
  PublishSiteDto,
  SaveDefaultTemplatesDto,
  SiteExtendsDto,
  SiteQueryDto,
  UpdateSiteDto,
} from './cms-site.dto';
import { TEMPLATE_PATH } from './cms-site.dto';
import { CmsSite, type SiteConfigProps, type SitePipeProps } from './cms-site.entity';
import { ExModelService } from '../exmodel/exmodel.service';

/** What the creator of a site gets on it (a super administrator holds everything already). */
export const CREATOR_SITE_ACTIONS = ['View', 'Edit', 'Delete', 'Publish', 'AddCatalog'] as const;

/** Extension settings of a site that never saved them. */
export const SITE_CONFIG_DEFAULTS: Required<SiteConfigProps> = {
  pageSize: 20,
  titleRepeatCheck: 'none',
  recycleKeepDays: 0,
  sitemapEnabled: false,
  apiUrl: '',
  sensitiveWordCheck: 'off',
  commentEnabled: true,
  commentAutoPass: false,
  defaultDetailTemplate: '',
  defaultListTemplate: '',
  siteExModel: '',
  catalogExModel: '',
  contentExModel: '',
  ...RESOURCE_SETTING_DEFAULTS,
};

/** Catalog templates a pipe of the site proposes (`POST /cms/site/default_template`), kept in its publishPipeProps. */
export interface SitePipeDefaults {
  defaultIndexTemplate?: string;
  defaultListTemplate?: string;
  defaultDetailTemplate?: string;
}

/** Everything the site keeps per pipe. */
export type SitePipeSettings = SitePipeProps & SitePipeDefaults;

const URL_OF_PIPE = /^(https?:\/\/[^\s<>"'`]+|\/[^\s<>"'`]*)$/i;
const CONTENT_STATUSES = ['draft', 'to_publish', 'published', 're_edit', 'offline', 'archived', 'deleted'] as const;

/** A pipe of the site as the edit form shows it. */
export interface SitePipeView {
  pipeCode: string;
  pipeName: string;
  status: '0' | '1';
  url: string;
  indexTemplate: string;
  /** Where the pipe's pages are reached: the configured URL, else the built-in `/site/<path>/<pipe>/`. */
  siteUrl: string;
}

/** Catalog defaults of one pipe as `GET /cms/site/default_template` answers them. */
export interface PipeDefaultTemplatesView {
  pipeCode: string;
  pipeName: string;
  indexTemplate: string;
  listTemplate: string;
  detailTemplate: string;
}

/** Counts of the site dashboard. */
export interface SiteDashboard {
  siteId: string;
  siteName: string;
  catalogCount: number;
  /** Content not in the recycle bin. */
  contentCount: number;
  contentByStatus: Record<(typeof CONTENT_STATUSES)[number], number>;
  templateCount: number;
  publishPipeCount: number;
  /** Files uploaded with content (`site/<path>/resources/...`). */
  resourceCount: number;
}

/**
 * Sites of the CMS: each owns its catalogs, content, templates and publish pipes (the database cascades them) and its
 * files in storage. Access is per object: `Site:View|Edit|Delete|Publish:<id>` on top of the screen permissions.
 */
@Injectable()
export class CmsSiteService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
    private readonly currentSite: CurrentSiteService,
    private readonly pipes: CmsPublishPipeService,
    private readonly templates: CmsTemplateService,
    private readonly publisher: CmsPublishService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly permissions: ObjectPermissionService,
    private readonly exmodels: ExModelService,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CmsSite);
  }

  /** The sites the caller may view, paged, filtered by a part of the name. */
  async list(user: LoginUser, query: SiteQueryDto): Promise<PageResult<CmsSite>> {
    const ids = await this.access.ids(user, 'Site', 'View');
    if (ids !== 'all' && !ids.length) return { rows: [], total: 0 };
    const qb = this.repo.createQueryBuilder('s');
    if (ids !== 'all') qb.where('s.site_id IN (:...ids)', { ids });
    const name = query.siteName ?? query.name;
    if (name) qb.andWhere('s.name ILIKE :name', { name: `%${escapeLike(name)}%` });
    return paginate(qb, query, {
      sortable: { siteId: 's.site_id', sort: 's.sort', name: 's.name', createTime: 's.create_time' },
      defaultOrder: { 's.sort': 'ASC', 's.site_id': 'ASC' },
    });
  }

  /** A site by id (no access check: for other modules). */
  async get(siteId: string): Promise<CmsSite> {
    const site = await this.repo.findOneBy({ siteId });
    if (!site) throw ServiceException.notFound('cms.site.notFound');
    return site;
  }

  /** A site the caller may view, with its pipes' URLs and home templates. */
  async detail(user: LoginUser, siteId: string): Promise<CmsSite & { publishPipes: SitePipeView[] }> {
    await this.access.assert(user, 'Site', 'View', siteId);
    const site = await this.get(siteId);
    const props = (site.publishPipeProps ?? {}) as Record<string, SitePipeSettings>;
    const publishPipes = (await this.pipes.all(siteId)).map((p) => ({
      pipeCode: p.code,
      pipeName: p.name,
      status: p.status,
      url: props[p.code]?.url ?? '',
      indexTemplate: props[p.code]?.indexTemplate ?? '',
      siteUrl: pipeRootUrl(site, p.code),
    }));
    return Object.assign(site, { publishPipes });
  }

  /** The request's current site as `{siteId, siteName}`, or null when the caller may view no site. */
  async current(req: Request, user: LoginUser): Promise<{ siteId: string; siteName: string } | null> {
    const site = await this.currentSite.resolve(req, user);
    return site ? { siteId: site.siteId, siteName: site.name } : null;
  }

  /** Checks that the caller may view the site chosen as current and answers it. */
  async setCurrent(user: LoginUser, siteId: string): Promise<{ siteId: string; siteName: string }> {
    await this.access.assert(user, 'Site', 'View', siteId);
    const site = await this.get(siteId);
    return { siteId: site.siteId, siteName: site.name };
  }

  /**
   * Creates a site with its default pipes (pc, h5), grants its creator View/Edit/Delete/Publish/AddCatalog on it, then
   * installs the default theme. A failure at any step leaves nothing behind (rows, grants, files).
   */
  async create(user: LoginUser, dto: CreateSiteDto): Promise<CmsSite> {
    const operator = user.userName;
    const site = await this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(CmsSite);
      let created: CmsSite;
      try {
        created = await repo.save(
          repo.create({ ...this.fields(dto), path: dto.path, publishPipeProps: {}, configProps: {}, createBy: operator, updateBy: operator }),
        );
      } catch (error) {
        // The unique index on lower(path) decides (no check-then-insert race).
        if (isUniqueViolation(error)) throw new ServiceException('cms.site.pathTaken', { path: dto.path });
        throw error;
      }
      await this.pipes.createDefaults(created.siteId, operator, m);
      if (!user.roles.includes(SUPER_ADMIN_ROLE)) {
        const grants = CREATOR_SITE_ACTIONS.map((action) => objectPermission('Site', action, created.siteId));
        await this.permissions.grant({ type: 'user', id: user.id }, grants, m);
      }
      return created;
    });
    try {
      await this.templates.installDefaultTheme(
        site.siteId,
        DEFAULT_PUBLISH_PIPES.map((p) => p.code),
        operator,
      );
    } catch (error) {
      await this.purge(site);
      throw error;
    }
    return this.get(site.siteId);
  }

  /** Changes a site (needs `Site:Edit`), including each pipe's URL and home template; the folder stays. */
  async update(user: LoginUser, dto: UpdateSiteDto): Promise<CmsSite> {
    await this.access.assert(user, 'Site', 'Edit', dto.siteId);
    const site = await this.get(dto.siteId);
    if (dto.path !== undefined && dto.path !== site.path) throw new ServiceException('cms.site.pathImmutable');
    const publishPipeProps = dto.publishPipeProps === undefined ? site.publishPipeProps : await this.mergePipeProps(site, dto.publishPipeProps);
    Object.assign(site, this.fields(dto, site), { publishPipeProps, updateBy: user.userName });
    // The site's extension values (cms/exmodel) are checked and stored with the save, or neither is.
    await this.dataSource.transaction(async (m) => {
      await m.getRepository(CmsSite).save(site);
      await this.exmodels.saveFor(m, 'site', site.siteId, { site: site.configProps as Record<string, unknown> }, site.siteId, dto.extend);
    });
    return this.get(site.siteId);
  }

  /** Deletes a site (needs `Site:Delete`): its rows (catalogs, content, templates, pipes cascade), grants on it and its catalogs, and its stored files. */
  async remove(user: LoginUser, siteId: string): Promise<void> {
    await this.access.assert(user, 'Site', 'Delete', siteId);
    await this.purge(await this.get(siteId));
  }

  /**
   * Queues a whole-site publish (needs `Site:Publish`; one task per enabled pipe), or only the home page with
   * `publishIndex`; answers the task ids, and the first as `taskId`.
   */
  async publish(user: LoginUser, dto: PublishSiteDto): Promise<{ taskId: string; taskIds: string[] }> {
    await this.access.assert(user, 'Site', 'Publish', dto.siteId);
    const site = await this.get(dto.siteId);
    const taskIds = dto.publishIndex
      ? [await this.publisher.publishIndex(site.siteId, user.userName)]
      : await this.publisher.publishSite(site.siteId, user.userName);
    return { taskId: taskIds[0], taskIds };
  }

  /** The site's extension settings, defaults filled in (needs `Site:View`). */
  async getExtends(user: LoginUser, siteId: string): Promise<Required<SiteConfigProps>> {
    await this.access.assert(user, 'Site', 'View', siteId);
    const site = await this.get(siteId);
    return { ...SITE_CONFIG_DEFAULTS, ...(site.configProps ?? {}) };
  }

  /** Saves the extension settings sent (others keep their value); templates must exist on some pipe of the site. */
  async saveExtends(user: LoginUser, siteId: string, dto: SiteExtendsDto): Promise<Required<SiteConfigProps>> {
    await this.access.assert(user, 'Site', 'Edit', siteId);
    const site = await this.get(siteId);
    for (const template of [dto.defaultDetailTemplate, dto.defaultListTemplate]) {
      if (template) await this.assertTemplateOnAnyPipe(siteId, template);
    }
    const given = Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined)) as SiteConfigProps;
    const configProps = { ...(site.configProps ?? {}), ...given };
    await this.repo.update({ siteId }, { configProps, updateBy: user.userName });
    return { ...SITE_CONFIG_DEFAULTS, ...configProps };
  }

  /** Catalog default templates per pipe of the site (needs `Site:View`). */
  async defaultTemplates(user: LoginUser, siteId: string): Promise<PipeDefaultTemplatesView[]> {
    await this.access.assert(user, 'Site', 'View', siteId);
    const site = await this.get(siteId);
    const props = (site.publishPipeProps ?? {}) as Record<string, SitePipeSettings>;
    return (await this.pipes.all(siteId)).map((p) => ({
      pipeCode: p.code,
      pipeName: p.name,
      indexTemplate: props[p.code]?.defaultIndexTemplate ?? '',
      listTemplate: props[p.code]?.defaultListTemplate ?? '',
      detailTemplate: props[p.code]?.defaultDetailTemplate ?? '',
    }));
  }

  /** Saves catalog default templates of the pipes sent (needs `Site:Edit`); each template must exist on its pipe. */
  async saveDefaultTemplates(user: LoginUser, dto: SaveDefaultTemplatesDto): Promise<PipeDefaultTemplatesView[]> {
    await this.access.assert(user, 'Site', 'Edit', dto.siteId);
    const site = await this.get(dto.siteId);
    const codes = new Set((await this.pipes.all(site.siteId)).map((p) => p.code));
    const props = { ...((site.publishPipeProps ?? {}) as Record<string, SitePipeSettings>) };
    for (const item of dto.templates) {
      if (!codes.has(item.pipeCode)) throw new ServiceException('cms.site.pipeUnknown', { code: item.pipeCode });
      for (const template of [item.indexTemplate, item.listTemplate, item.detailTemplate]) {
        if (template) await this.assertTemplate(site.siteId, item.pipeCode, template);
      }
      props[item.pipeCode] = { ...props[item.pipeCode], ...this.defaultsOf(item, props[item.pipeCode]) };
    }
    await this.repo.update({ siteId: site.siteId }, { publishPipeProps: props, updateBy: user.userName });
    return this.defaultTemplates(user, site.siteId);
  }

  /**
   * Writes the pipes' default templates into the site's catalogs (or the ones listed) that have none of that kind;
   * link catalogs have no pages and are left alone. Answers how many catalogs changed.
   */
  async applyDefaultTemplates(user: LoginUser, dto: ApplyDefaultTemplatesDto): Promise<{ count: number }> {
    await this.access.assert(user, 'Site', 'Edit', dto.siteId);
    const site = await this.get(dto.siteId);
    const props = (site.publishPipeProps ?? {}) as Record<string, SitePipeSettings>;
    const codes = (await this.pipes.all(site.siteId)).map((p) => p.code);
    const changed = new Set<string>();
    await this.dataSource.transaction(async (m) => {
      for (const code of codes) {
        const defaults: Array<[string, string | undefined]> = [
          ['indexTemplate', props[code]?.defaultIndexTemplate],
          ['listTemplate', props[code]?.defaultListTemplate],
          ['detailTemplate', props[code]?.defaultDetailTemplate],
        ];
        for (const [key, value] of defaults) {
          if (!value) continue;
          const result: unknown[] = await m.query(
            `UPDATE cms_catalog
             SET publish_pipe_props = publish_pipe_props || jsonb_build_object($2::text, coalesce(publish_pipe_props -> $2::text, '{}'::jsonb) || jsonb_build_object($3::text, $4::text)),
                 update_by = $5, update_time = now()
             WHERE site_id = $1 AND catalog_type = 'common' AND coalesce(publish_pipe_props -> $2::text ->> $3::text, '') = ''
               AND ($6::bigint[] IS NULL OR catalog_id = ANY($6::bigint[]))
             RETURNING catalog_id`,
            [site.siteId, code, key, value, user.userName, dto.catalogIds?.length ? dto.catalogIds : null],
          );
          // An UPDATE ... RETURNING answers [rows, affected count] through TypeORM.
          const rows = (Array.isArray(result[0]) ? result[0] : result) as Array<{ catalog_id: string }>;
          for (const r of rows) changed.add(String(r.catalog_id));
        }
      }
    });
    return { count: changed.size };
  }

  /** Counts of the site dashboard (needs `Site:View`). */
  async dashboard(user: LoginUser, siteId: string): Promise<SiteDashboard> {
    await this.access.assert(user, 'Site', 'View', siteId);
    const site = await this.get(siteId);
    const one = async (sql: string) => Number((await this.dataSource.query(sql, [siteId]))[0].n);
    const byStatus: Array<{ status: string; n: number }> = await this.dataSource.query(
      `SELECT status, count(*)::int AS n FROM cms_content WHERE site_id = $1 GROUP BY status`,
      [siteId],
    );
    const contentByStatus = Object.fromEntries(CONTENT_STATUSES.map((s) => [s, 0])) as SiteDashboard['contentByStatus'];
    for (const r of byStatus) if (r.status in contentByStatus) contentByStatus[r.status as keyof SiteDashboard['contentByStatus']] = r.n;
    return {
      siteId: site.siteId,
      siteName: site.name,
      catalogCount: await one(`SELECT count(*)::int AS n FROM cms_catalog WHERE site_id = $1`),
      contentCount: byStatus.filter((r) => r.status !== 'deleted').reduce((sum, r) => sum + r.n, 0),
      contentByStatus,
      templateCount: await one(`SELECT count(*)::int AS n FROM cms_template WHERE site_id = $1`),
      publishPipeCount: await one(`SELECT count(*)::int AS n FROM cms_publish_pipe WHERE site_id = $1`),
      resourceCount: (await this.storage.list(`site/${site.path}/resources`)).length,
    };
  }

  /** Removes a site's rows and grants in one transaction, then its stored files. */
  private async purge(site: CmsSite): Promise<void> {
    await this.dataSource.transaction(async (m: EntityManager) => {
      const catalogs: Array<{ catalog_id: string }> = await m.query(`SELECT catalog_id FROM cms_catalog WHERE site_id = $1`, [site.siteId]);
      await this.permissions.forget('Site', site.siteId, m);
      await this.permissions.forget(
        'Catalog',
        catalogs.map((c) => String(c.catalog_id)),
        m,
      );
      await m.getRepository(CmsSite).delete({ siteId: site.siteId });
    });
    await this.storage.deletePrefix(`site/${site.path}`);
    await this.storage.deletePrefix(`cms/sites/${site.siteId}`);
  }

  /** Columns a form sets; on update, what is not sent keeps its value. */
  private fields(dto: CreateSiteDto, current?: CmsSite) {
    return {
      name: dto.name,
      logo: dto.logo ?? current?.logo ?? '',
      resourceUrl: dto.resourceUrl ?? current?.resourceUrl ?? '',
      description: dto.description ?? current?.description ?? '',
      staticSuffix: dto.staticSuffix ?? current?.staticSuffix ?? 'html',
      sort: dto.sort ?? current?.sort ?? 0,
      seoTitle: dto.seoTitle ?? current?.seoTitle ?? '',
      seoKeywords: dto.seoKeywords ?? current?.seoKeywords ?? '',
      seoDescription: dto.seoDescription ?? current?.seoDescription ?? '',
      remark: dto.remark ?? current?.remark ?? '',
    };
  }

  private defaultsOf(item: PipeDefaultTemplatesDto, current: SitePipeSettings | undefined): SitePipeDefaults {
    return {
      defaultIndexTemplate: item.indexTemplate ?? current?.defaultIndexTemplate ?? '',
      defaultListTemplate: item.listTemplate ?? current?.defaultListTemplate ?? '',
      defaultDetailTemplate: item.detailTemplate ?? current?.defaultDetailTemplate ?? '',
    };
  }

  /** Validates the per-pipe URL and home template sent and merges them into the stored settings. */
  private async mergePipeProps(site: CmsSite, sent: Record<string, unknown>): Promise<Record<string, SitePipeSettings>> {
    const codes = new Set((await this.pipes.all(site.siteId)).map((p) => p.code));
    const props = { ...((site.publishPipeProps ?? {}) as Record<string, SitePipeSettings>) };
    for (const [code, value] of Object.entries(sent)) {
      if (!codes.has(code)) throw new ServiceException('cms.site.pipeUnknown', { code: code.slice(0, 50) });
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ServiceException('cms.site.pipePropsFormat', { code });
      const { url, indexTemplate } = value as { url?: unknown; indexTemplate?: unknown };
      if ((url !== undefined && typeof url !== 'string') || (indexTemplate !== undefined && typeof indexTemplate !== 'string')) {
        throw new ServiceException('cms.site.pipePropsFormat', { code });
      }
      const cleanUrl = url?.trim();
      if (cleanUrl && (cleanUrl.length > 255 || !URL_OF_PIPE.test(cleanUrl))) throw new ServiceException('cms.site.pipeUrlFormat', { code });
      if (indexTemplate) await this.assertTemplate(site.siteId, code, indexTemplate);
      props[code] = {
        ...props[code],
        // A root URL ends with '/' so page paths append to it.
        ...(cleanUrl !== undefined ? { url: cleanUrl && !cleanUrl.endsWith('/') ? `${cleanUrl}/` : cleanUrl } : {}),
        ...(indexTemplate !== undefined ? { indexTemplate } : {}),
      };
    }
    return props;
  }

  private async assertTemplate(siteId: string, code: string, template: string): Promise<void> {
    if (template.length > 255 || !TEMPLATE_PATH.test(template)) throw new ServiceException('cms.site.templatePathFormat');
    const found = await this.dataSource.query(`SELECT 1 FROM cms_template WHERE site_id = $1 AND publish_pipe_code = $2 AND path = $3`, [
      siteId,
      code,
      template,
    ]);
    if (!found.length) throw new ServiceException('cms.site.templateNotFound', { code, template });
  }

  private async assertTemplateOnAnyPipe(siteId: string, template: string): Promise<void> {
    const found = await this.dataSource.query(`SELECT 1 FROM cms_template WHERE site_id = $1 AND path = $2 LIMIT 1`, [siteId, template]);
    if (!found.length) throw new ServiceException('cms.site.templateNotFound', { code: '*', template });
  }
}
