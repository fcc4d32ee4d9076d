import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, uniqueViolationOf } from '../../database/sql-helpers';
import { buildGroupTree, type WordGroupTreeNodeDto } from '../word-group.dto';
import { wordTotals } from '../word-groups';
import type {
  BatchAddTagWordDto,
  CreateTagWordDto,
  CreateTagWordGroupDto,
  TagWordGroupQueryDto,
  TagWordQueryDto,
  UpdateTagWordDto,
  UpdateTagWordGroupDto,
} from './tag-word.dto';
import { TagWord, TagWordGroup } from './tag-word.entity';

/** How many suggestions the content editor's tags field gets. */
export const TAG_SUGGEST_LIMIT = 10;

/**
 * Tag word groups (a tree per site) and their words. Everything is scoped to the caller's current site: a group or
 * word of another site is "not found". Deleting a group deletes its subgroups and their words, as ChestnutCMS does.
 */
@Injectable()
export class TagWordService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get groups() {
    return this.dataSource.getRepository(TagWordGroup);
  }

  private get words() {
    return this.dataSource.getRepository(TagWord);
  }

  async listGroups(siteId: string, query: TagWordGroupQueryDto): Promise<PageResult<TagWordGroup>> {
    const qb = this.groups.createQueryBuilder('g').where('g.site_id = :siteId', { siteId });
    if (query.parentId !== undefined) qb.andWhere('g.parent_id = :parentId', { parentId: query.parentId });
    if (query.query) qb.andWhere('(g.name ILIKE :q OR g.code ILIKE :q)', { q: `%${escapeLike(query.query)}%` });
    const page = await paginate(qb, query, {
      sortable: { sortFlag: 'g.sort_flag', code: 'g.code', createTime: 'g.create_time' },
      defaultOrder: { 'g.sort_flag': 'ASC', 'g.group_id': 'ASC' },
    });
    const totals = await wordTotals(
      this.dataSource.manager,
      'cms_tag_word',
      page.rows.map((g) => g.groupId),
    );
    for (const g of page.rows) g.wordTotal = totals.get(String(g.groupId)) ?? 0;
    return page;
  }

  /** The site's groups as a tree, by sort. */
  async groupTree(siteId: string): Promise<WordGroupTreeNodeDto[]> {
    const groups = await this.groups.find({ where: { siteId }, order: { sortFlag: 'ASC', groupId: 'ASC' } });
    const totals = await wordTotals(
      this.dataSource.manager,
      'cms_tag_word',
      groups.map((g) => g.groupId),
    );
    return buildGroupTree(groups, (g) => ({
      code: g.code,
      sort: g.sortFlag,
      logo: g.logo,
      remark: g.remark,
      wordTotal: totals.get(String(g.groupId)) ?? 0,
    }));
  }

  async createGroup(user: LoginUser, siteId: string, dto: CreateTagWordGroupDto): Promise<TagWordGroup> {
    const parentId = dto.parentId ?? '0';
    if (parentId !== '0') await this.group(siteId, parentId, 'word.group.parentNotFound');
    const group = this.groups.create({
      siteId,
      parentId,
      name: dto.name,
      code: dto.code,
      logo: dto.logo ?? '',
      sortFlag: dto.sortFlag ?? 0,
      remark: dto.remark ?? '',
      createBy: user.userName,
      updateBy: user.userName,
    });
    return this.saveGroup(group);
  }

  async updateGroup(user: LoginUser, siteId: string, dto: UpdateTagWordGroupDto): Promise<TagWordGroup> {
    const group = await this.group(siteId, dto.groupId);
    const parentId = dto.parentId ?? group.parentId;
    if (parentId !== '0' && parentId !== String(group.parentId)) {
      await this.group(siteId, parentId, 'word.group.parentNotFound');
      const below = await this.subtree(this.dataSource.manager, siteId, [group.groupId]);
      if (below.includes(parentId)) throw new ServiceException('word.group.parentCycle');
    }
    Object.assign(group, {
      parentId,
      name: dto.name,
      code: dto.code,
      logo: dto.logo ?? group.logo,
      sortFlag: dto.sortFlag ?? group.sortFlag,
      remark: dto.remark ?? group.remark,
      updateBy: user.userName,
    });
    return this.saveGroup(group);
  }

  /** Deletes groups with their subgroups and all their words. */
  async removeGroups(siteId: string, groupIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const found = await m.getRepository(TagWordGroup).find({ where: { siteId, groupId: In(groupIds) } });
      if (found.length !== groupIds.length) throw ServiceException.notFound('word.group.notFound');
      const all = await this.subtree(m, siteId, groupIds);
      // Words go with their group (foreign key ON DELETE CASCADE).
      await m.getRepository(TagWordGroup).delete({ siteId, groupId: In(all) });
    });
  }

  async list(siteId: string, query: TagWordQueryDto): Promise<PageResult<TagWord>> {
    const qb = this.words.createQueryBuilder('w').where('w.site_id = :siteId', { siteId });
    if (query.groupId) qb.andWhere('w.group_id = :groupId', { groupId: query.groupId });
    if (query.query) qb.andWhere('w.word ILIKE :q', { q: `%${escapeLike(query.query)}%` });
    return paginate(qb, query, {
      sortable: { sortFlag: 'w.sort_flag', word: 'w.word', useCount: 'w.use_count', hitCount: 'w.hit_count', createTime: 'w.create_time' },
      defaultOrder: { 'w.sort_flag': 'ASC', 'w.word_id': 'DESC' },
    });
  }

  async create(user: LoginUser, siteId: string, dto: CreateTagWordDto): Promise<TagWord> {
    await this.group(siteId, dto.groupId);
    const word = this.words.create({
      siteId,
      groupId: dto.groupId,
      word: dto.word,
      logo: dto.logo ?? '',
      sortFlag: dto.sortFlag ?? 0,
      remark: dto.remark ?? '',
      createBy: user.userName,
      updateBy: user.userName,
    });
    return this.saveWord(word);
  }

  async update(user: LoginUser, siteId: string, dto: UpdateTagWordDto): Promise<TagWord> {
    const word = await this.words.findOneBy({ siteId, wordId: dto.wordId });
    if (!word) throw ServiceException.notFound('word.tag.notFound');
    Object.assign(word, {
      word: dto.word,
      logo: dto.logo ?? word.logo,
      sortFlag: dto.sortFlag ?? word.sortFlag,
      remark: dto.remark ?? word.remark,
      updateBy: user.userName,
    });
    return this.saveWord(word);
  }

  /** Adds the words of a list (trimmed, blanks and repeats dropped) to a group; one taken word refuses them all. */
  async batchAdd(user: LoginUser, siteId: string, dto: BatchAddTagWordDto): Promise<TagWord[]> {
    await this.group(siteId, dto.groupId);
    const list = [...new Set(dto.words.map((w) => w.trim()).filter(Boolean))];
    if (!list.length) throw new ServiceException('word.tag.batchEmpty');
    try {
      return await this.dataSource.transaction((m) =>
        m
          .getRepository(TagWord)
          .save(list.map((word) => this.words.create({ siteId, groupId: dto.groupId, word, createBy: user.userName, updateBy: user.userName }))),
      );
    } catch (error) {
      if (uniqueViolationOf(error) !== 'uq_cms_tag_word_word') throw error;
      const taken = await this.words.find({ where: { groupId: dto.groupId, word: In(list) }, select: { word: true } });
      throw new ServiceException('word.tag.wordTaken', { word: taken.map((w) => w.word).join('、') });
    }
  }

  async remove(siteId: string, wordIds: string[]): Promise<void> {
    const found = await this.words.count({ where: { siteId, wordId: In(wordIds) } });
    if (found !== wordIds.length) throw ServiceException.notFound('word.tag.notFound');
    await this.words.delete({ siteId, wordId: In(wordIds) });
  }

  /** Words of the site containing `q` (any when empty), each once, most used first: the editor's tag suggestions. */
  async suggest(siteId: string, q: string | undefined): Promise<string[]> {
    const text = (q ?? '').trim();
    const rows: Array<{ word: string }> = await this.dataSource.query(
      `SELECT word FROM cms_tag_word WHERE site_id = $1 AND ($2 = '' OR word ILIKE $3)
       GROUP BY word ORDER BY max(use_count) DESC, min(sort_flag), word LIMIT ${TAG_SUGGEST_LIMIT}`,
      [siteId, text, `%${escapeLike(text)}%`],
    );
    return rows.map((r) => r.word);
  }

  /** Counts one more use of each of these tags that is a tag word of the site (content saved with them). */
  async countUse(siteId: string, tags: string[]): Promise<void> {
    const list = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
    if (!list.length) return;
    await this.dataSource.query(`UPDATE cms_tag_word SET use_count = use_count + 1 WHERE site_id = $1 AND word = ANY($2::text[])`, [siteId, list]);
  }

  private async group(siteId: string, groupId: string, notFound = 'word.group.notFound'): Promise<TagWordGroup> {
    const group = await this.groups.findOneBy({ siteId, groupId });
    if (!group) throw ServiceException.notFound(notFound);
    return group;
  }

  /** The groups and every group below them. */
  private async subtree(m: EntityManager, siteId: string, groupIds: string[]): Promise<string[]> {
    const rows: Array<{ id: string }> = await m.query(
      `WITH RECURSIVE t AS (
         SELECT group_id FROM cms_tag_word_group WHERE site_id = $1 AND group_id = ANY($2::bigint[])
         UNION SELECT g.group_id FROM cms_tag_word_group g JOIN t ON g.parent_id = t.group_id WHERE g.site_id = $1
       ) SELECT group_id::text AS id FROM t`,
      [siteId, groupIds],
    );
    return rows.map((r) => r.id);
  }

  private async saveGroup(group: TagWordGroup): Promise<TagWordGroup> {
    try {
      return await this.groups.save(group);
    } catch (error) {
      if (uniqueViolationOf(error) === 'uq_cms_tag_word_group_code') throw new ServiceException('word.group.codeTaken', { code: group.code });
      throw error;
    }
  }

  private async saveWord(word: TagWord): Promise<TagWord> {
    try {
      return await this.words.save(word);
    } catch (error) {
      if (uniqueViolationOf(error) === 'uq_cms_tag_word_word') throw new ServiceException('word.tag.wordTaken', { word: word.word });
      throw error;
    }
  }
}
