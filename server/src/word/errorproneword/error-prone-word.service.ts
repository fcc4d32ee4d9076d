import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { TypoMatcher, type TypoWords } from '../../check/engine/typos/dictionary';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, uniqueViolationOf } from '../../database/sql-helpers';
import type {
  CheckErrorProneDto,
  CreateErrorProneWordDto,
  ErrorProneHitDto,
  ErrorProneWordQueryDto,
  UpdateErrorProneWordDto,
} from './error-prone-word.dto';
import { ErrorProneWord } from './error-prone-word.entity';

type ParentNode = DefaultTreeAdapterMap['parentNode'];

/** Elements whose text is not prose (never checked). */
const NOT_TEXT = new Set(['script', 'style', 'template']);

/** The text of an HTML fragment, one text node per line (so no word spans two nodes). */
export function htmlText(html: string): string {
  const out: string[] = [];
  const walk = (parent: ParentNode) => {
    for (const node of parent.childNodes) {
      if (node.nodeName === '#text') out.push((node as DefaultTreeAdapterMap['textNode']).value);
      else if ('childNodes' in node && !NOT_TEXT.has(node.nodeName)) walk(node as ParentNode);
    }
  };
  walk(parseFragment(html));
  return out.join('\n');
}

/** Error-prone words (one list for all sites, as ChestnutCMS) and the check of a text against them. */
@Injectable()
export class ErrorProneWordService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get repo() {
    return this.dataSource.getRepository(ErrorProneWord);
  }

  list(query: ErrorProneWordQueryDto): Promise<PageResult<ErrorProneWord>> {
    const qb = this.repo.createQueryBuilder('w');
    if (query.query) qb.where('(w.word ILIKE :q OR w.replace_word ILIKE :q)', { q: `%${escapeLike(query.query)}%` });
    return paginate(qb, query, {
      sortable: { word: 'w.word', createTime: 'w.create_time' },
      defaultOrder: { 'w.word_id': 'DESC' },
    });
  }

  create(user: LoginUser, dto: CreateErrorProneWordDto): Promise<ErrorProneWord> {
    if (dto.word === dto.replaceWord) throw new ServiceException('word.errorProne.sameAsReplace');
    return this.save(
      this.repo.create({ word: dto.word, replaceWord: dto.replaceWord, remark: dto.remark ?? '', createBy: user.userName, updateBy: user.userName }),
    );
  }

  async update(user: LoginUser, dto: UpdateErrorProneWordDto): Promise<ErrorProneWord> {
    if (dto.word === dto.replaceWord) throw new ServiceException('word.errorProne.sameAsReplace');
    const word = await this.repo.findOneBy({ wordId: dto.wordId });
    if (!word) throw ServiceException.notFound('word.errorProne.notFound');
    Object.assign(word, { word: dto.word, replaceWord: dto.replaceWord, remark: dto.remark ?? word.remark, updateBy: user.userName });
    return this.save(word);
  }

  async remove(wordIds: string[]): Promise<void> {
    const found = await this.repo.count({ where: { wordId: In(wordIds) } });
    if (found !== wordIds.length) throw ServiceException.notFound('word.errorProne.notFound');
    await this.repo.delete({ wordId: In(wordIds) });
  }

  /** The list as the check engine's error-prone words (`TypoWords`), versioned by its last change. */
  async typoWords(): Promise<TypoWords> {
    const rows: Array<{ word: string; replace_word: string }> = await this.dataSource.query(
      `SELECT word, replace_word FROM cms_error_prone_word ORDER BY word_id`,
    );
    const [{ version }]: Array<{ version: string }> = await this.dataSource.query(
      `SELECT coalesce(max(update_time)::text, '') || '/' || count(*) AS version FROM cms_error_prone_word`,
    );
    return { version: `words-${version}`, entries: rows.map((r) => ({ wrong: r.word, correct: r.replace_word })) };
  }

  /** The error-prone words in a plain text and the text of an HTML body, each once with its replacement and count. */
  async check(dto: CheckErrorProneDto): Promise<ErrorProneHitDto[]> {
    if (dto.text === undefined && dto.html === undefined) throw new ServiceException('word.errorProne.textRequired');
    const words = await this.typoWords();
    if (!words.entries.length) return [];
    const matcher = new TypoMatcher(words);
    const hits = new Map<string, ErrorProneHitDto>();
    for (const text of [dto.text ?? '', dto.html ? htmlText(dto.html) : '']) {
      for (const hit of matcher.find(text)) {
        const seen = hits.get(hit.wrong);
        if (seen) seen.count++;
        else hits.set(hit.wrong, { word: hit.wrong, replaceWord: hit.correct, count: 1 });
      }
    }
    return [...hits.values()];
  }

  private async save(word: ErrorProneWord): Promise<ErrorProneWord> {
    try {
      return await this.repo.save(word);
    } catch (error) {
      if (uniqueViolationOf(error) === 'uq_cms_error_prone_word') throw new ServiceException('word.errorProne.wordTaken', { word: word.word });
      throw error;
    }
  }
}
