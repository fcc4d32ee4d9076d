import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';
import { CmsAccessService } from '../common/cms-access.service';
import type { CreateSitePropDto, SitePropQueryDto, UpdateSitePropDto } from './cms-site.dto';
import { CmsSite, CmsSiteProperty } from './cms-site.entity';

/** Key/value properties of a site (templates read them as `site.props.<code>`): read with `Site:View`, written with `Site:Edit`. */
@Injectable()
export class CmsSitePropertyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CmsSiteProperty);
  }

  /** A site's properties, paged, filtered by name or code part. */
  async list(user: LoginUser, query: SitePropQueryDto): Promise<PageResult<CmsSiteProperty>> {
    await this.access.assert(user, 'Site', 'View', query.siteId);
    const qb = this.repo.createQueryBuilder('p').where('p.site_id = :siteId', { siteId: query.siteId });
    if (query.propName) qb.andWhere('p.prop_name ILIKE :name', { name: `%${escapeLike(query.propName)}%` });
    if (query.propCode) qb.andWhere('p.prop_code ILIKE :code', { code: `%${escapeLike(query.propCode)}%` });
    return paginate(qb, query, {
      sortable: { propCode: 'p.prop_code', propName: 'p.prop_name', createTime: 'p.create_time' },
      defaultOrder: { 'p.property_id': 'ASC' },
    });
  }

  /** Every property of a site as code -> value (what templates read). */
  async values(siteId: string): Promise<Record<string, string>> {
    const rows = await this.repo.find({ where: { siteId }, order: { propertyId: 'ASC' } });
    return Object.fromEntries(rows.map((r) => [r.propCode, r.propValue]));
  }

  async create(user: LoginUser, dto: CreateSitePropDto): Promise<CmsSiteProperty> {
    await this.access.assert(user, 'Site', 'Edit', dto.siteId);
    if (!(await this.dataSource.getRepository(CmsSite).existsBy({ siteId: dto.siteId }))) throw ServiceException.notFound('cms.site.notFound');
    const row = this.repo.create({
      siteId: dto.siteId,
      propName: dto.propName,
      propCode: dto.propCode,
      propValue: dto.propValue ?? '',
      remark: dto.remark ?? '',
      createBy: user.userName,
      updateBy: user.userName,
    });
    return this.saveUnique(row);
  }

  /** Changes a property; it stays in its site. */
  async update(user: LoginUser, dto: UpdateSitePropDto): Promise<CmsSiteProperty> {
    const row = await this.repo.findOneBy({ propertyId: dto.propertyId });
    if (!row) throw ServiceException.notFound('cms.site.prop.notFound');
    await this.access.assert(user, 'Site', 'Edit', row.siteId);
    if (String(row.siteId) !== dto.siteId) throw new ServiceException('cms.site.prop.otherSite', { siteId: dto.siteId });
    Object.assign(row, {
      propName: dto.propName,
      propCode: dto.propCode,
      propValue: dto.propValue ?? row.propValue,
      remark: dto.remark ?? row.remark,
      updateBy: user.userName,
    });
    return this.saveUnique(row);
  }

  /** Deletes properties (`Site:Edit` on each one's site). */
  async remove(user: LoginUser, propertyIds: string[]): Promise<void> {
    const rows = await this.repo.findBy({ propertyId: In(propertyIds) });
    if (rows.length !== propertyIds.length) throw ServiceException.notFound('cms.site.prop.notFound');
    for (const siteId of new Set(rows.map((r) => r.siteId))) await this.access.assert(user, 'Site', 'Edit', siteId);
    await this.repo.delete({ propertyId: In(propertyIds) });
  }

  private async saveUnique(row: CmsSiteProperty): Promise<CmsSiteProperty> {
    try {
      return await this.repo.save(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('cms.site.prop.codeTaken', { code: row.propCode });
      throw error;
    }
  }
}
