import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../auth/login-user';
import { ServiceException } from '../common/errors/service-exception';
import { paginate, paginateRaw } from '../common/paging/paginate';
import { t } from '../common/i18n/i18n';
import { escapeLike, uniqueViolationOf } from '../database/sql-helpers';
import {
  VOTE_TEXT_MAX,
  type CreateVoteDto,
  type CreateVoteSubjectDto,
  type SaveVoteItemsDto,
  type SubmitVoteDto,
  type UpdateVoteDto,
  type UpdateVoteSubjectDto,
  type VoteAnswerDto,
  type VoteAnswersQueryDto,
  type VoteDetailDto,
  type VoteItemDto,
  type VoteOptionDto,
  type VoteQueryDto,
  type VoteSubjectDto,
} from './vote.dto';
import { VOTE_ITEM_TYPES, VOTE_USER_TYPES, Vote, VoteItem, VoteSubject } from './vote.entity';

/** Who is voting: a member (by id) or a visitor (by address), with what the log keeps. */
export interface Voter {
  memberId?: string;
  ip: string;
  userAgent: string;
}

/** Upper bound of voters' identity text (member ids and IPv6 addresses fit). */
const VOTER_MAX = 64;

/**
 * Votes and surveys (ChestnutCMS's chestnut-vote): a vote has ordered subjects of single choice, multiple choice and
 * text, choice subjects have ordered items with their counts. Voters are members or IP addresses, limited per day
 * and in total by one atomic upsert of their counter row in the submission's transaction.
 */
@Injectable()
export class VoteService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get votes() {
    return this.dataSource.getRepository(Vote);
  }

  list(query: VoteQueryDto): Promise<PageResult<Vote>> {
    const qb = this.votes.createQueryBuilder('v');
    if (query.title) qb.andWhere('v.title ILIKE :title', { title: `%${escapeLike(query.title)}%` });
    if (query.code) qb.andWhere('v.code ILIKE :code', { code: `%${escapeLike(query.code)}%` });
    if (query.status) qb.andWhere('v.status = :status', { status: query.status });
    if (query.userType) qb.andWhere('v.user_type = :userType', { userType: query.userType });
    return paginate(qb, query, {
      sortable: { createTime: 'v.create_time', startTime: 'v.start_time', endTime: 'v.end_time', total: 'v.total', code: 'v.code' },
      defaultOrder: { 'v.vote_id': 'DESC' },
    });
  }

  async get(voteId: string, manager?: EntityManager): Promise<Vote> {
    const vote = await (manager ?? this.dataSource.manager).getRepository(Vote).findOneBy({ voteId });
    if (!vote) throw ServiceException.notFound('vote.notFound');
    return vote;
  }

  userTypes(): VoteOptionDto[] {
    return VOTE_USER_TYPES.map((id) => ({ id, name: t(`vote.userType.${id}`) }));
  }

  itemTypes(): VoteOptionDto[] {
    return VOTE_ITEM_TYPES.map((id) => ({ id, name: t(`vote.itemType.${id}`) }));
  }

  async create(user: LoginUser, dto: CreateVoteDto): Promise<Vote> {
    const fields = this.voteFields(dto);
    try {
      return await this.votes.save(this.votes.create({ ...fields, status: dto.status ?? '0', createBy: user.userName, updateBy: user.userName }));
    } catch (error) {
      throw this.codeTaken(error, dto.code);
    }
  }

  async update(user: LoginUser, dto: UpdateVoteDto): Promise<Vote> {
    const vote = await this.get(dto.voteId);
    Object.assign(vote, this.voteFields(dto), { status: dto.status ?? vote.status, updateBy: user.userName });
    try {
      return await this.votes.save(vote);
    } catch (error) {
      throw this.codeTaken(error, dto.code);
    }
  }

  /** Deletes votes with their subjects, items, logs, answers and counters (cascade). */
  async remove(voteIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const found = await m.getRepository(Vote).find({ where: { voteId: In(voteIds) }, lock: { mode: 'pessimistic_write' } });
      if (found.length !== voteIds.length) throw ServiceException.notFound('vote.notFound');
      await m.getRepository(Vote).delete({ voteId: In(voteIds) });
    });
  }

  private voteFields(dto: CreateVoteDto) {
    const startTime = new Date(dto.startTime);
    const endTime = new Date(dto.endTime);
    if (!(endTime > startTime)) throw new ServiceException('vote.timeOrder');
    if (dto.dayLimit > dto.totalLimit) throw new ServiceException('vote.dayOverTotal');
    return {
      code: dto.code,
      title: dto.title,
      startTime,
      endTime,
      userType: dto.userType,
      viewType: dto.viewType,
      dayLimit: dto.dayLimit,
      totalLimit: dto.totalLimit,
      remark: dto.remark ?? '',
    };
  }

  private codeTaken(error: unknown, code: string): unknown {
    return uniqueViolationOf(error) === 'uq_vote_code' ? new ServiceException('vote.codeTaken', { code }) : error;
  }

  // ---- subjects and items -------------------------------------------------------------------------------------

  /** Subjects of a vote in order, each with its items in order. */
  async subjects(voteId: string, manager?: EntityManager): Promise<VoteSubjectDto[]> {
    const m = manager ?? this.dataSource.manager;
    const subjects = await m.getRepository(VoteSubject).find({ where: { voteId }, order: { sortFlag: 'ASC', subjectId: 'ASC' } });
    const items = await m.getRepository(VoteItem).find({ where: { voteId }, order: { sortFlag: 'ASC', itemId: 'ASC' } });
    return subjects.map((s) => ({
      subjectId: s.subjectId,
      voteId: s.voteId,
      type: s.type,
      title: s.title,
      sortFlag: s.sortFlag,
      items: items.filter((i) => i.subjectId === s.subjectId).map(itemDto),
    }));
  }

  async subject(subjectId: string, manager?: EntityManager): Promise<VoteSubject> {
    const subject = await (manager ?? this.dataSource.manager).getRepository(VoteSubject).findOneBy({ subjectId });
    if (!subject) throw ServiceException.notFound('vote.subjectNotFound');
    return subject;
  }

  async subjectItems(subjectId: string): Promise<VoteItemDto[]> {
    await this.subject(subjectId);
    const items = await this.dataSource.getRepository(VoteItem).find({ where: { subjectId }, order: { sortFlag: 'ASC', itemId: 'ASC' } });
    return items.map(itemDto);
  }

  async addSubject(user: LoginUser, dto: CreateVoteSubjectDto): Promise<VoteSubject> {
    await this.get(dto.voteId);
    const repo = this.dataSource.getRepository(VoteSubject);
    let sortFlag = dto.sortFlag;
    if (sortFlag === undefined) {
      const [{ next }] = (await this.dataSource.query(`SELECT coalesce(max(sort_flag), 0) + 1 AS next FROM vote_subject WHERE vote_id = $1`, [
        dto.voteId,
      ])) as Array<{ next: number }>;
      sortFlag = Number(next);
    }
    return repo.save(
      repo.create({ voteId: dto.voteId, type: dto.type, title: dto.title, sortFlag, createBy: user.userName, updateBy: user.userName }),
    );
  }

  async updateSubject(user: LoginUser, dto: UpdateVoteSubjectDto): Promise<VoteSubject> {
    return this.dataSource.transaction(async (m) => {
      const subject = await this.subject(dto.subjectId, m);
      if (dto.type === 'input' && subject.type !== 'input') {
        const hasItems = await m.getRepository(VoteItem).existsBy({ subjectId: subject.subjectId });
        if (hasItems) throw new ServiceException('vote.subjectTypeFixed', { title: subject.title });
      }
      Object.assign(subject, { type: dto.type, title: dto.title, sortFlag: dto.sortFlag ?? subject.sortFlag, updateBy: user.userName });
      return m.getRepository(VoteSubject).save(subject);
    });
  }

  async removeSubjects(subjectIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const found = await m.getRepository(VoteSubject).findBy({ subjectId: In(subjectIds) });
      if (found.length !== subjectIds.length) throw ServiceException.notFound('vote.subjectNotFound');
      await m.getRepository(VoteSubject).delete({ subjectId: In(subjectIds) });
    });
  }

  /**
   * Saves a subject's items as the ordered list given: listed ids keep their counts and take the new text and
   * position, new entries are added, items left out are deleted.
   */
  async saveItems(dto: SaveVoteItemsDto): Promise<VoteItemDto[]> {
    await this.dataSource.transaction(async (m) => {
      // Lock the subject so two saves of one subject do not interleave.
      const [row] = (await m.query(`SELECT subject_id, vote_id, subject_type FROM vote_subject WHERE subject_id = $1 FOR UPDATE`, [
        dto.subjectId,
      ])) as Array<{
        vote_id: string;
        subject_type: string;
      }>;
      if (!row) throw ServiceException.notFound('vote.subjectNotFound');
      if (row.subject_type === 'input' && dto.items.length) throw new ServiceException('vote.inputNoItems');
      const repo = m.getRepository(VoteItem);
      const existing = await repo.findBy({ subjectId: dto.subjectId });
      const ids = new Set(existing.map((i) => String(i.itemId)));
      for (const item of dto.items) {
        if (item.itemId && !ids.has(item.itemId)) throw new ServiceException('vote.itemNotOfSubject', { itemId: item.itemId });
      }
      const kept = new Set(dto.items.map((i) => i.itemId).filter(Boolean));
      const gone = existing.filter((i) => !kept.has(String(i.itemId))).map((i) => i.itemId);
      if (gone.length) await repo.delete({ itemId: In(gone) });
      for (const [index, item] of dto.items.entries()) {
        const fields = { type: item.type ?? 'text', content: item.content, description: item.description ?? '', sortFlag: index + 1 } as const;
        if (item.itemId) await repo.update({ itemId: item.itemId }, fields);
        else await repo.insert({ ...fields, voteId: row.vote_id, subjectId: dto.subjectId });
      }
    });
    return this.subjectItems(dto.subjectId);
  }

  // ---- results ------------------------------------------------------------------------------------------------

  /** The vote with its subjects, items and their counts. */
  async detail(vote: Vote, manager?: EntityManager): Promise<VoteDetailDto> {
    return {
      voteId: vote.voteId,
      code: vote.code,
      title: vote.title,
      startTime: vote.startTime,
      endTime: vote.endTime,
      userType: vote.userType,
      viewType: vote.viewType,
      dayLimit: vote.dayLimit,
      totalLimit: vote.totalLimit,
      total: vote.total,
      subjects: await this.subjects(vote.voteId, manager),
    };
  }

  /** Text answers of a text subject, newest first, paged. */
  async answers(query: VoteAnswersQueryDto): Promise<PageResult<VoteAnswerDto>> {
    await this.subject(query.subjectId);
    const qb = this.dataSource
      .createQueryBuilder()
      .from('vote_answer', 'a')
      .select(['a.answer_id::text AS "answerId"', 'a.content AS "content"', 'a.create_time AS "createTime"'])
      .where('a.subject_id = :subjectId', { subjectId: query.subjectId });
    return paginateRaw<VoteAnswerDto>(qb, query, { sortable: { createTime: 'a.answer_id' }, defaultOrder: { 'a.answer_id': 'DESC' } });
  }

  // ---- the public side ----------------------------------------------------------------------------------------

  /** A vote by id or code. */
  async byRef(ref: string): Promise<Vote> {
    const vote = /^\d{1,18}$/.test(ref)
      ? await this.votes.findOneBy({ voteId: ref })
      : await this.votes.createQueryBuilder('v').where('lower(v.code) = lower(:ref)', { ref }).getOne();
    if (!vote) throw ServiceException.notFound('vote.notFound');
    return vote;
  }

  /** A vote open for voting: enabled, not closed, now in its time range. */
  assertOpen(vote: Vote): void {
    if (vote.status === '1') throw new ServiceException('vote.disabled');
    if (vote.status === '2') throw new ServiceException('vote.closed');
    const now = Date.now();
    if (now < vote.startTime.getTime() || now > vote.endTime.getTime()) throw new ServiceException('vote.timeErr');
  }

  /** The public form of an open vote (by id or code). */
  async publicVote(ref: string): Promise<VoteDetailDto> {
    const vote = await this.byRef(ref);
    this.assertOpen(vote);
    return this.detail(vote);
  }

  /** The results as the vote's view type allows: always, after the caller voted, or never. */
  async publicResult(ref: string, voter: Voter): Promise<VoteDetailDto> {
    const vote = await this.byRef(ref);
    if (vote.status === '1') throw new ServiceException('vote.disabled');
    if (vote.viewType === '0') throw new ServiceException('vote.resultHidden');
    if (vote.viewType === '1') {
      const id = this.voterId(vote, voter, false);
      const voted =
        id !== null &&
        ((await this.dataSource.query(`SELECT 1 FROM vote_voter WHERE vote_id = $1 AND voter = $2`, [vote.voteId, id])) as unknown[]).length > 0;
      if (!voted) throw new ServiceException('vote.resultAfterVote');
    }
    return this.detail(vote);
  }

  /**
   * Records one submission. In one transaction: the vote row is read, the answers are checked against its subjects,
   * the voter's counter row is raised by a single upsert whose WHERE holds both limits (the row lock of the upsert
   * serialises parallel submissions of one voter, so N parallel requests at the limit count exactly up to it), then
   * the log, the text answers and the item and vote counts are written.
   */
  async submit(dto: SubmitVoteDto, voter: Voter): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const vote = await this.get(dto.voteId, m);
      this.assertOpen(vote);
      const id = this.voterId(vote, voter, true) as string;
      const subjects = await this.subjects(vote.voteId, m);
      const { chosen, texts, result } = checkAnswers(dto, subjects);

      const raised = (await m.query(
        `INSERT INTO vote_voter AS c (vote_id, voter, day, day_count, total_count) VALUES ($1, $2, current_date, 1, 1)
         ON CONFLICT (vote_id, voter) DO UPDATE
           SET day_count = CASE WHEN c.day = current_date THEN c.day_count + 1 ELSE 1 END, day = current_date, total_count = c.total_count + 1
           WHERE c.total_count < $3 AND (c.day <> current_date OR c.day_count < $4)
         RETURNING total_count`,
        [vote.voteId, id, vote.totalLimit, vote.dayLimit],
      )) as unknown[];
      if (!raised.length) {
        const [row] = (await m.query(`SELECT total_count FROM vote_voter WHERE vote_id = $1 AND voter = $2`, [vote.voteId, id])) as Array<{
          total_count: number;
        }>;
        throw new ServiceException(row && Number(row.total_count) >= vote.totalLimit ? 'vote.totalLimit' : 'vote.dayLimit');
      }
      const [{ log_id: logId }] = (await m.query(
        `INSERT INTO vote_log (vote_id, user_type, voter, result, ip, user_agent) VALUES ($1, $2, $3, $4::jsonb, $5, $6) RETURNING log_id`,
        [vote.voteId, vote.userType, id, JSON.stringify(result), voter.ip.slice(0, 128), voter.userAgent.slice(0, 500)],
      )) as Array<{ log_id: string }>;
      if (chosen.length) await m.query(`UPDATE vote_item SET total = total + 1 WHERE item_id = ANY($1::bigint[])`, [chosen]);
      for (const { subjectId, text } of texts) {
        await m.query(`INSERT INTO vote_answer (vote_id, subject_id, log_id, content) VALUES ($1, $2, $3, $4)`, [
          vote.voteId,
          subjectId,
          logId,
          text,
        ]);
      }
      await m.query(`UPDATE vote SET total = total + 1 WHERE vote_id = $1`, [vote.voteId]);
    });
  }

  /** The counted identity of a voter: the member id on member votes, the address on votes open to anyone. */
  private voterId(vote: Vote, voter: Voter, required: boolean): string | null {
    if (vote.userType === 'member') {
      if (voter.memberId) return `m:${voter.memberId}`;
      if (required) throw ServiceException.unauthorized('vote.memberOnly');
      return null;
    }
    return `ip:${voter.ip}`.slice(0, VOTER_MAX);
  }
}

function itemDto(i: VoteItem): VoteItemDto {
  return {
    itemId: i.itemId,
    subjectId: i.subjectId,
    type: i.type,
    content: i.content,
    description: i.description,
    sortFlag: i.sortFlag,
    total: i.total,
  };
}

/**
 * Checks a submission against the vote's subjects: each subject at most once; a single choice exactly one of its
 * items, a multiple choice at least one (no repeats), a text at most VOTE_TEXT_MAX characters. Every choice subject
 * must be answered; text subjects may be left empty.
 */
function checkAnswers(dto: SubmitVoteDto, subjects: VoteSubjectDto[]) {
  const byId = new Map(subjects.map((s) => [String(s.subjectId), s]));
  const seen = new Set<string>();
  const chosen: string[] = [];
  const texts: Array<{ subjectId: string; text: string }> = [];
  const result: Array<{ subjectId: string; itemIds?: string[]; text?: string }> = [];
  for (const answer of dto.answers) {
    const subject = byId.get(answer.subjectId);
    if (!subject) throw new ServiceException('vote.unknownSubject', { subjectId: answer.subjectId });
    if (seen.has(answer.subjectId)) throw new ServiceException('vote.duplicateSubject', { title: subject.title });
    seen.add(answer.subjectId);
    const itemIds = [...new Set(answer.itemIds ?? [])];
    if (subject.type === 'input') {
      if (itemIds.length) throw new ServiceException('vote.noItemsOnInput', { title: subject.title });
      const text = (answer.text ?? '').trim();
      if ([...text].length > VOTE_TEXT_MAX) throw new ServiceException('vote.textTooLong', { title: subject.title, max: VOTE_TEXT_MAX });
      if (text) {
        texts.push({ subjectId: answer.subjectId, text });
        result.push({ subjectId: answer.subjectId, text });
      }
      continue;
    }
    if (answer.text?.trim()) throw new ServiceException('vote.noTextOnChoice', { title: subject.title });
    const own = new Set(subject.items.map((i) => String(i.itemId)));
    for (const itemId of itemIds) if (!own.has(itemId)) throw new ServiceException('vote.itemNotOfSubject', { itemId });
    if (subject.type === 'radio' && itemIds.length !== 1) throw new ServiceException('vote.radioOne', { title: subject.title });
    if (subject.type === 'checkbox' && itemIds.length < 1) throw new ServiceException('vote.checkboxOne', { title: subject.title });
    chosen.push(...itemIds);
    result.push({ subjectId: answer.subjectId, itemIds });
  }
  for (const subject of subjects) {
    if (subject.type !== 'input' && subject.items.length && !seen.has(String(subject.subjectId))) {
      throw new ServiceException(subject.type === 'radio' ? 'vote.radioOne' : 'vote.checkboxOne', { title: subject.title });
    }
  }
  if (!result.length) throw new ServiceException('vote.noAnswer');
  return { chosen, texts, result };
}
