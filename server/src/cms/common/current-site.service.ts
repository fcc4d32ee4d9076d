import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import {
  In,
  type DataSource,
  type EntitySubscriberInterface,
  type InsertEvent,
  type RemoveEvent,
  type TransactionCommitEvent,
  type UpdateEvent,
} from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { CmsSite } from '../site/cms-site.entity';
import { CmsAccessService } from './cms-access.service';

/** The request header that names the current site (the back office stores it locally and sends it on every call). */
export const CURRENT_SITE_HEADER = 'currentsite';

/**
 * How long a read request may use a site row another request read (every CMS call looks its site up; a back-office
 * page fires several at once). Writes of this process through TypeORM drop the rows at once; a write of another
 * instance shows in reads here within this time. Write requests always read the row.
 */
export const SITE_ROW_CACHE_MS = 1000;

/** Methods that change nothing: their requests may use a recently read site row. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** Marks a transaction (its query runner's data) that wrote a site. */
const SITE_WRITTEN = 'cms.currentSite.written';

/**
 * The site a CMS call works on: the `CurrentSite` header when the caller may view that site, else the first site
 * (by sort, then id) the caller may view. A caller who may view no site has none.
 */
@Injectable()
export class CurrentSiteService implements EntitySubscriberInterface<CmsSite> {
  private siteSql?: string;
  /** Site rows recently read, by id: the plain row (each caller gets its own entity) and when it was read. */
  private readonly rows = new Map<string, { row: Promise<Partial<CmsSite> | undefined>; at: number }>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
  ) {
    // Every write of cms_site through TypeORM (repositories, query builders, in transactions or not) drops the rows.
    dataSource.subscribers.push(this);
  }

  listenTo(): typeof CmsSite {
    return CmsSite;
  }

  afterInsert(event: InsertEvent<CmsSite>): void {
    this.written(event);
  }

  afterUpdate(event: UpdateEvent<CmsSite>): void {
    this.written(event);
  }

  afterRemove(event: RemoveEvent<CmsSite>): void {
    this.written(event);
  }

  /** A transaction that wrote a site drops the rows again once committed: a read during it may have kept the old row. */
  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (event.queryRunner.data?.[SITE_WRITTEN]) this.rows.clear();
  }

  private written(event: { queryRunner: { data?: Record<string, unknown> } }): void {
    this.rows.clear();
    if (event.queryRunner.data) event.queryRunner.data[SITE_WRITTEN] = true;
  }

  /** The current site of the request, or null when the caller may view no site. */
  async resolve(req: Request, user: LoginUser): Promise<CmsSite | null> {
    const repo = this.dataSource.getRepository(CmsSite);
    const header = req.headers[CURRENT_SITE_HEADER];
    const wanted = typeof header === 'string' && /^[1-9]\d{0,17}$/.test(header) ? header : null;
    if (wanted && (await this.access.can(user, 'Site', 'View', wanted))) {
      const site = await this.byId(wanted, READ_METHODS.has(req.method));
      if (site) return site;
    }
    const ids = await this.access.ids(user, 'Site', 'View');
    if (ids !== 'all' && !ids.length) return null;
    return repo.findOne({ where: ids === 'all' ? {} : { siteId: In(ids) }, order: { sort: 'ASC', siteId: 'ASC' } });
  }

  /**
   * The site by id, as the repository's findOneBy answers it (the same selectable columns, an entity), read with one
   * plain statement: every CMS call looks its site up, and the find costs more to build and map than the lookup itself.
   * With `recent`, a row read within SITE_ROW_CACHE_MS serves (concurrent reads share one statement).
   */
  private async byId(siteId: string, recent: boolean): Promise<CmsSite | null> {
    const repo = this.dataSource.getRepository(CmsSite);
    const kept = this.rows.get(siteId);
    let row: Promise<Partial<CmsSite> | undefined>;
    if (recent && kept && Date.now() - kept.at < SITE_ROW_CACHE_MS) row = kept.row;
    else {
      this.siteSql ??= `SELECT ${repo.metadata.columns
        .filter((c) => c.isSelect)
        .map((c) => `"${c.databaseName}" AS "${c.propertyName}"`)
        .join(', ')} FROM "${repo.metadata.tablePath}" WHERE "site_id" = $1`;
      row = this.dataSource.query(this.siteSql, [siteId]).then((rows: Array<Partial<CmsSite>>) => rows[0]);
      if (this.rows.size >= 1_000) this.rows.clear();
      const entry = { row, at: Date.now() };
      this.rows.set(siteId, entry);
      row.catch(() => this.rows.get(siteId) === entry && this.rows.delete(siteId));
    }
    const found = await row;
    // Each caller gets its own copy: a caller changing its site changes no other request's.
    return found ? repo.create(structuredClone(found)) : null;
  }

  /** The current site, or 400 "create or choose a site first" when there is none. */
  async require(req: Request, user: LoginUser): Promise<CmsSite> {
    const site = await this.resolve(req, user);
    if (!site) throw new ServiceException('cms.site.noCurrentSite');
    return site;
  }
}
