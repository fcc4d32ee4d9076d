import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { In, type DataSource } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { CmsSite } from '../site/cms-site.entity';
import { CmsAccessService } from './cms-access.service';

/** The request header that names the current site (the back office stores it locally and sends it on every call). */
export const CURRENT_SITE_HEADER = 'currentsite';

/**
 * The site a CMS call works on: the `CurrentSite` header when the caller may view that site, else the first site
 * (by sort, then id) the caller may view. A caller who may view no site has none.
 */
@Injectable()
export class CurrentSiteService {
  private siteSql?: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
  ) {}

  /** The current site of the request, or null when the caller may view no site. */
  async resolve(req: Request, user: LoginUser): Promise<CmsSite | null> {
    const repo = this.dataSource.getRepository(CmsSite);
    const header = req.headers[CURRENT_SITE_HEADER];
    const wanted = typeof header === 'string' && /^[1-9]\d{0,17}$/.test(header) ? header : null;
    if (wanted && (await this.access.can(user, 'Site', 'View', wanted))) {
      const site = await this.byId(wanted);
      if (site) return site;
    }
    const ids = await this.access.ids(user, 'Site', 'View');
    if (ids !== 'all' && !ids.length) return null;
    return repo.findOne({ where: ids === 'all' ? {} : { siteId: In(ids) }, order: { sort: 'ASC', siteId: 'ASC' } });
  }

  /**
   * The site by id, as the repository's findOneBy answers it (the same selectable columns, an entity), read with one
   * plain statement: every CMS call looks its site up, and the find costs more to build and map than the lookup itself.
   */
  private async byId(siteId: string): Promise<CmsSite | null> {
    const repo = this.dataSource.getRepository(CmsSite);
    this.siteSql ??= `SELECT ${repo.metadata.columns
      .filter((c) => c.isSelect)
      .map((c) => `"${c.databaseName}" AS "${c.propertyName}"`)
      .join(', ')} FROM "${repo.metadata.tablePath}" WHERE "site_id" = $1`;
    const [row] = (await this.dataSource.query(this.siteSql, [siteId])) as Array<Partial<CmsSite>>;
    return row ? repo.create(row) : null;
  }

  /** The current site, or 400 "create or choose a site first" when there is none. */
  async require(req: Request, user: LoginUser): Promise<CmsSite> {
    const site = await this.resolve(req, user);
    if (!site) throw new ServiceException('cms.site.noCurrentSite');
    return site;
  }
}
