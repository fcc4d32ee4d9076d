import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, uniqueViolationOf } from '../../database/sql-helpers';
import {
  buildGroupTree,
  type CreateWordGroupDto,
  type UpdateWordGroupDto,
  type WordGroupQueryDto,
  type WordGroupTreeNodeDto,
} from '../word-group.dto';
import { wordTotals } from '../word-groups';
import type { CreateHotWordDto, HotWordGroupOptionDto, HotWordQueryDto, UpdateHotWordDto } from './hot-word.dto';
import { HotWord, HotWordGroup } from './hot-word.entity';
import { HotWordLinker, type HotWordLink } from './hot-word-linker';

/**
 * Hot word groups of a site and their words. Everything is scoped to the caller's current site; deleting a group
 * deletes its words, as ChestnutCMS does. Publishing asks `linkerFor(siteId)` once per run.
 */
@Injectable()
export class HotWordService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get groups() {
    return this.dataSource.getRepository(HotWordGroup);
  }

  private get words() {
    return this.dataSource.getRepository(HotWord);
  }

  async listGroups(siteId: string, query: WordGroupQueryDto): Promise<PageResult<HotWordGroup>> {
    const qb = this.groups.createQueryBuilder('g').where('g.site_id = :siteId', { siteId });
    if (query.query) qb.andWhere('(g.name ILIKE :q OR g.code ILIKE :q)', { q: `%${escapeLike(query.query)}%` });
    const page = await paginate(qb, query, {
      sortable: { sortFlag: 'g.sort_flag', code: 'g.code', createTime: 'g.create_time' },
      defaultOrder: { 'g.sort_flag': 'ASC', 'g.group_id': 'ASC' },
    });
    const totals = await wordTotals(
      this.dataSource.manager,
      'cms_hot_word',
      page.rows.map((g) => g.groupId),
    );
    for (const g of page.rows) g.wordTotal = totals.get(String(g.groupId)) ?? 0;
    return page;
  }

  async options(siteId: string): Promise<HotWordGroupOptionDto[]> {
    const groups = await this.groups.find({ where: { siteId }, order: { sortFlag: 'ASC', groupId: 'ASC' } });
    return groups.map((g) => ({ groupId: g.groupId, code: g.code, name: g.name }));
  }

  async groupTree(siteId: string): Promise<WordGroupTreeNodeDto[]> {
    const groups = await this.groups.find({ where: { siteId }, order: { sortFlag: 'ASC', groupId: 'ASC' } });
    const totals = await wordTotals(
      this.dataSource.manager,
      'cms_hot_word',
      groups.map((g) => g.groupId),
    );
    return buildGroupTree(groups, (g) => ({ code: g.code, sort: g.sortFlag, remark: g.remark, wordTotal: totals.get(String(g.groupId)) ?? 0 }));
  }

  async createGroup(user: LoginUser, siteId: string, dto: CreateWordGroupDto): Promise<HotWordGroup> {
    const group = this.groups.create({
      siteId,
      name: dto.name,
      code: dto.code,
      sortFlag: dto.sortFlag ?? 0,
      remark: dto.remark ?? '',
      createBy: user.userName,
      updateBy: user.userName,
    });
    return this.saveGroup(group);
  }

  async updateGroup(user: LoginUser, siteId: string, dto: UpdateWordGroupDto): Promise<HotWordGroup> {
    const group = await this.group(siteId, dto.groupId);
    Object.assign(group, {
      name: dto.name,
      code: dto.code,
      sortFlag: dto.sortFlag ?? group.sortFlag,
      remark: dto.remark ?? group.remark,
      updateBy: user.userName,
    });
    return this.saveGroup(group);
  }

  /** Deletes groups with their words. */
  async removeGroups(siteId: string, groupIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const found = await m.getRepository(HotWordGroup).count({ where: { siteId, groupId: In(groupIds) } });
      if (found !== groupIds.length) throw ServiceException.notFound('word.group.notFound');
      await m.getRepository(HotWordGroup).delete({ siteId, groupId: In(groupIds) });
    });
  }

  async list(siteId: string, query: HotWordQueryDto): Promise<PageResult<HotWord>> {
    const qb = this.words.createQueryBuilder('w').where('w.site_id = :siteId', { siteId });
    if (query.groupId) qb.andWhere('w.group_id = :groupId', { groupId: query.groupId });
    if (query.query) qb.andWhere('w.word ILIKE :q', { q: `%${escapeLike(query.query)}%` });
    return paginate(qb, query, {
      sortable: { word: 'w.word', useCount: 'w.use_count', hitCount: 'w.hit_count', createTime: 'w.create_time' },
      defaultOrder: { 'w.word_id': 'DESC' },
    });
  }

  async create(user: LoginUser, siteId: string, dto: CreateHotWordDto): Promise<HotWord> {
    await this.group(siteId, dto.groupId);
    const word = this.words.create({
      siteId,
      groupId: dto.groupId,
      word: dto.word,
      url: dto.url,
      urlTarget: dto.urlTarget ?? '_blank',
      remark: dto.remark ?? '',
      createBy: user.userName,
      updateBy: user.userName,
    });
    return this.saveWord(word);
  }

  async update(user: LoginUser, siteId: string, dto: UpdateHotWordDto): Promise<HotWord> {
    const word = await this.words.findOneBy({ siteId, wordId: dto.wordId });
    if (!word) throw ServiceException.notFound('word.hot.notFound');
    Object.assign(word, {
      word: dto.word,
      url: dto.url,
      urlTarget: dto.urlTarget ?? word.urlTarget,
      remark: dto.remark ?? word.remark,
      updateBy: user.userName,
    });
    return this.saveWord(word);
  }

  async remove(siteId: string, wordIds: string[]): Promise<void> {
    const found = await this.words.count({ where: { siteId, wordId: In(wordIds) } });
    if (found !== wordIds.length) throw ServiceException.notFound('word.hot.notFound');
    await this.words.delete({ siteId, wordId: In(wordIds) });
  }

  /**
   * The linker of a site's hot words (all its groups, by group sort): read once per publish run and applied to each
   * detail page's body. Null when the site has no hot words.
   */
  async linkerFor(siteId: string): Promise<HotWordLinker | null> {
    const rows: HotWordLink[] = await this.dataSource.query(
      `SELECT w.word, w.url, w.url_target AS target FROM cms_hot_word w JOIN cms_hot_word_group g ON g.group_id = w.group_id
       WHERE w.site_id = $1 ORDER BY g.sort_flag, g.group_id, w.word_id`,
      [siteId],
    );
    const linker = new HotWordLinker(rows);
    return linker.empty ? null : linker;
  }

  private async group(siteId: string, groupId: string): Promise<HotWordGroup> {
    const group = await this.groups.findOneBy({ siteId, groupId });
    if (!group) throw ServiceException.notFound('word.group.notFound');
    return group;
  }

  private async saveGroup(group: HotWordGroup): Promise<HotWordGroup> {
    try {
      return await this.groups.save(group);
    } catch (error) {
      if (uniqueViolationOf(error) === 'uq_cms_hot_word_group_code') throw new ServiceException('word.group.codeTaken', { code: group.code });
      throw error;
    }
  }

  private async saveWord(word: HotWord): Promise<HotWord> {
    try {
      return await this.words.save(word);
    } catch (error) {
      if (uniqueViolationOf(error) === 'uq_cms_hot_word_word') throw new ServiceException('word.hot.wordTaken', { word: word.word });
      throw error;
    }
  }
}
