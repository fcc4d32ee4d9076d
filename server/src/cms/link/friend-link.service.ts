import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, uniqueViolationOf } from '../../database/sql-helpers';
import { CmsPublishService } from '../publish/cms-publish.service';
import {
  type CreateLinkDto,
  type CreateLinkGroupDto,
  type LinkGroupQueryDto,
  type LinkQueryDto,
  type LinkView,
  type UpdateLinkDto,
  type UpdateLinkGroupDto,
} from './friend-link.dto';
import { FriendLink, FriendLinkGroup } from './friend-link.entity';
import { setFriendLinkLoader } from './link-list-tag';

/**
 * Friend link groups of a site and their links (互动 > 友情链接). Everything is scoped to the caller's current site;
 * deleting a group deletes its links. Templates list a group with `{% link_list code:'…' %}` (registered here, so
 * every process that renders pages and loads this module has the tag).
 */
@Injectable()
export class FriendLinkService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly publisher: CmsPublishService,
  ) {}

  private get groups() {
    return this.dataSource.getRepository(FriendLinkGroup);
  }

  private get links() {
    return this.dataSource.getRepository(FriendLink);
  }

  onModuleInit(): void {
    setFriendLinkLoader((siteId, code, limit) => this.linksOfGroup(siteId, code, limit));
  }

  /** The links of a site's group by code, by sort (what `link_list` shows); [] when there is no such group. */
  async linksOfGroup(siteId: string, code: string, limit = 50): Promise<Array<Omit<LinkView, 'logoUrl'>>> {
    return this.dataSource.query(
      `SELECT l.link_id::text AS "linkId", l.name, l.url, l.logo, l.remark
         FROM cms_friend_link l JOIN cms_friend_link_group g ON g.group_id = l.group_id
        WHERE g.site_id = $1 AND g.code = $2 ORDER BY l.sort_flag, l.link_id LIMIT $3`,
      [siteId, code, limit],
    );
  }

  async listGroups(siteId: string, query: LinkGroupQueryDto): Promise<PageResult<FriendLinkGroup>> {
    const qb = this.groups.createQueryBuilder('g').where('g.site_id = :siteId', { siteId });
    if (query.query) qb.andWhere('(g.name ILIKE :q OR g.code ILIKE :q)', { q: `%${escapeLike(query.query)}%` });
    const page = await paginate(qb, query, {
      sortable: { sortFlag: 'g.sort_flag', code: 'g.code', createTime: 'g.create_time' },
      defaultOrder: { 'g.sort_flag': 'ASC', 'g.group_id': 'ASC' },
    });
    const ids = page.rows.map((g) => g.groupId);
    const counts: Array<{ id: string; n: number }> = ids.length
      ? await this.dataSource.query(
          `SELECT group_id::text AS id, count(*)::int AS n FROM cms_friend_link WHERE group_id = ANY($1::bigint[]) GROUP BY group_id`,
          [ids],
        )
      : [];
    const totals = new Map(counts.map((c) => [c.id, c.n]));
    for (const g of page.rows) g.linkTotal = totals.get(String(g.groupId)) ?? 0;
    return page;
  }

  async createGroup(user: LoginUser, siteId: string, dto: CreateLinkGroupDto): Promise<FriendLinkGroup> {
    const group = this.groups.create({
      siteId,
      name: dto.name,
      code: dto.code,
      sortFlag: dto.sortFlag ?? 0,
      remark: dto.remark ?? '',
      createBy: user.userName,
      updateBy: user.userName,
    });
    return this.republished(siteId, user, await this.saveGroup(group));
  }

  async updateGroup(user: LoginUser, siteId: string, dto: UpdateLinkGroupDto): Promise<FriendLinkGroup> {
    const group = await this.group(siteId, dto.groupId);
    Object.assign(group, {
      name: dto.name,
      code: dto.code,
      sortFlag: dto.sortFlag ?? group.sortFlag,
      remark: dto.remark ?? group.remark,
      updateBy: user.userName,
    });
    return this.republished(siteId, user, await this.saveGroup(group));
  }

  /** Deletes groups with their links; all must be of the site. */
  async removeGroups(user: LoginUser, siteId: string, groupIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const found = await m.getRepository(FriendLinkGroup).count({ where: { siteId, groupId: In(groupIds) } });
      if (found !== groupIds.length) throw ServiceException.notFound('cms.link.group.notFound');
      await m.getRepository(FriendLinkGroup).delete({ siteId, groupId: In(groupIds) });
    });
    await this.republished(siteId, user, null);
  }

  async list(siteId: string, query: LinkQueryDto): Promise<PageResult<FriendLink>> {
    const qb = this.links.createQueryBuilder('l').where('l.site_id = :siteId', { siteId });
    if (query.groupId) qb.andWhere('l.group_id = :groupId', { groupId: query.groupId });
    if (query.query) qb.andWhere('(l.name ILIKE :q OR l.url ILIKE :q)', { q: `%${escapeLike(query.query)}%` });
    return paginate(qb, query, {
      sortable: { sortFlag: 'l.sort_flag', name: 'l.name', createTime: 'l.create_time' },
      defaultOrder: { 'l.sort_flag': 'ASC', 'l.link_id': 'ASC' },
    });
  }

  async create(user: LoginUser, siteId: string, dto: CreateLinkDto): Promise<FriendLink> {
    await this.group(siteId, dto.groupId);
    const saved = await this.links.save(
      this.links.create({
        siteId,
        groupId: dto.groupId,
        name: dto.name,
        url: dto.url,
        logo: dto.logo ?? '',
        sortFlag: dto.sortFlag ?? 0,
        remark: dto.remark ?? '',
        createBy: user.userName,
        updateBy: user.userName,
      }),
    );
    return this.republished(siteId, user, saved);
  }

  async update(user: LoginUser, siteId: string, dto: UpdateLinkDto): Promise<FriendLink> {
    const link = await this.links.findOneBy({ siteId, linkId: dto.linkId });
    if (!link) throw ServiceException.notFound('cms.link.notFound');
    // Moving to another group: it must be of the site too.
    if (String(dto.groupId) !== String(link.groupId)) await this.group(siteId, dto.groupId);
    Object.assign(link, {
      groupId: dto.groupId,
      name: dto.name,
      url: dto.url,
      logo: dto.logo ?? link.logo,
      sortFlag: dto.sortFlag ?? link.sortFlag,
      remark: dto.remark ?? link.remark,
      updateBy: user.userName,
    });
    return this.republished(siteId, user, await this.links.save(link));
  }

  async remove(user: LoginUser, siteId: string, linkIds: string[]): Promise<void> {
    const found = await this.links.count({ where: { siteId, linkId: In(linkIds) } });
    if (found !== linkIds.length) throw ServiceException.notFound('cms.link.notFound');
    await this.links.delete({ siteId, linkId: In(linkIds) });
    await this.republished(siteId, user, null);
  }

  /**
   * After a change: the site's home page is queued for publishing (the default theme shows the links in the footer
   * of every page; the home page is republished at once, other pages show the change on their next publish or a
   * whole-site publish, see docs/cms.md "Friend links"). Answers `value`.
   */
  private async republished<T>(siteId: string, user: LoginUser, value: T): Promise<T> {
    await this.publisher.publishIndex(siteId, user.userName);
    return value;
  }

  private async group(siteId: string, groupId: string): Promise<FriendLinkGroup> {
    const group = await this.groups.findOneBy({ siteId, groupId });
    if (!group) throw ServiceException.notFound('cms.link.group.notFound');
    return group;
  }

  private async saveGroup(group: FriendLinkGroup): Promise<FriendLinkGroup> {
    try {
      return await this.groups.save(group);
    } catch (error) {
      if (uniqueViolationOf(error) === 'uq_cms_friend_link_group_code') throw new ServiceException('cms.link.group.codeTaken', { code: group.code });
      throw error;
    }
  }
}
