import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type Repository } from 'typeorm';
import { LANGUAGES, type Language, type PageResult } from '@zhiwen/shared';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { ServiceException } from '../../common/errors/service-exception';
import { overrideMessages } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';
import { dictTypeOfKey, evictAllDicts, evictDictTypes } from '../dict/dict-cache';
import type { CreateI18nDictDto, I18nDictQueryDto, I18nEntryDto, KeyTranslationDto, UpdateI18nDictDto } from './dto/i18n-dict.dto';
import { I18nDict } from './i18n-dict.entity';

/** How often each instance reloads the staff-edited server messages, to catch up with edits made on other instances. */
export const OVERRIDE_RELOAD_MS = 60_000;

/**
 * Administration of translation entries (`sys_i18n_dict`). Entries whose key is a server message key override that
 * message; menu titles (`menu.<key>`) and dictionary labels (`dict.<type>.<value>`) are read by their own services.
 */
@Injectable()
export class I18nEntryService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(I18nEntryService.name);
  private timer?: NodeJS.Timeout;
  private reloads = 0;

  constructor(
    @InjectRepository(I18nDict) private readonly entries: Repository<I18nDict>,
    private readonly dataSource: DataSource,
    @Inject(KV_STORE) private readonly cache: KvStore,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reloadOverrides().catch((error: Error) => this.logger.warn(`Loading message overrides failed: ${error.message}`));
    this.timer = setInterval(() => {
      this.reloadOverrides().catch((error: Error) => this.logger.warn(`Reloading message overrides failed: ${error.message}`));
    }, OVERRIDE_RELOAD_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Applies every entry whose key is a server message key as that message's text in its language. */
  async reloadOverrides(): Promise<void> {
    const run = ++this.reloads;
    const rows = await this.entries.find({ select: { langTag: true, langKey: true, langValue: true } });
    if (run !== this.reloads) return; // a later reload started meanwhile; it applies fresher rows
    const byLanguage = new Map<Language, Record<string, string>>(LANGUAGES.map((l) => [l, {}]));
    for (const row of rows) {
      const texts = byLanguage.get(row.langTag as Language);
      if (texts) texts[row.langKey] = row.langValue;
    }
    for (const [language, texts] of byLanguage) overrideMessages(language, texts);
  }

  /** A page of entries matching the filters. */
  list(query: I18nDictQueryDto): Promise<PageResult<I18nDict>> {
    const qb = this.entries.createQueryBuilder('i');
    if (query.langTag) qb.andWhere('i.lang_tag = :tag', { tag: query.langTag });
    if (query.langKey) qb.andWhere('i.lang_key ILIKE :key', { key: `%${escapeLike(query.langKey)}%` });
    if (query.langValue) qb.andWhere('i.lang_value ILIKE :value', { value: `%${escapeLike(query.langValue)}%` });
    return paginate(qb, query, {
      sortable: { dictId: 'i.dict_id', langTag: 'i.lang_tag', langKey: 'i.lang_key', createTime: 'i.create_time' },
      defaultOrder: { 'i.lang_key': 'ASC', 'i.lang_tag': 'ASC' },
    });
  }

  /** One entry; 404 when absent. */
  async get(dictId: string): Promise<I18nDict> {
    const row = await this.entries.findOne({ where: { dictId } });
    if (!row) throw ServiceException.notFound('i18n.notFound');
    return row;
  }

  /** The texts of one key in every language that has one, in the order of LANGUAGES. */
  async byKey(langKey: string): Promise<KeyTranslationDto[]> {
    const rows = await this.entries.find({ where: { langKey } });
    const order = (tag: string) => (LANGUAGES as readonly string[]).indexOf(tag);
    return rows.sort((a, b) => order(a.langTag) - order(b.langTag)).map((r) => ({ langTag: r.langTag, langValue: r.langValue, dictId: r.dictId }));
  }

  /** Adds an entry; a key has one text per language. */
  async create(dto: CreateI18nDictDto, userName: string): Promise<I18nDict> {
    let dictId: string;
    try {
      const result = await this.entries.insert({
        langTag: dto.langTag,
        langKey: dto.langKey,
        langValue: dto.langValue,
        remark: dto.remark ?? '',
        createBy: userName,
        updateBy: userName,
      });
      dictId = String(result.identifiers[0].dictId);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('i18n.exists', { tag: dto.langTag, key: dto.langKey });
      throw error;
    }
    await this.changed([dto.langKey]);
    return this.get(dictId);
  }

  /** Changes an entry. */
  async update(dto: UpdateI18nDictDto, userName: string): Promise<void> {
    const current = await this.get(dto.dictId);
    try {
      await this.entries.update(
        { dictId: dto.dictId },
        { langTag: dto.langTag, langKey: dto.langKey, langValue: dto.langValue, remark: dto.remark ?? current.remark, updateBy: userName },
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('i18n.exists', { tag: dto.langTag, key: dto.langKey });
      throw error;
    }
    await this.changed([current.langKey, dto.langKey]);
  }

  /** Adds or replaces many entries at once, all or none; a repeated language and key takes the last text. */
  async saveBatch(items: I18nEntryDto[], userName: string): Promise<void> {
    const unique = new Map(items.map((i) => [`${i.langTag}\u0000${i.langKey}`, i]));
    await this.dataSource.transaction(async (manager) => {
      for (const item of unique.values()) {
        await manager.query(
          `INSERT INTO sys_i18n_dict (lang_tag, lang_key, lang_value, create_by, update_by) VALUES ($1, $2, $3, $4, $4)
           ON CONFLICT (lang_tag, lang_key) DO UPDATE SET lang_value = EXCLUDED.lang_value, update_by = EXCLUDED.update_by, update_time = now()`,
          [item.langTag, item.langKey, item.langValue, userName],
        );
      }
    });
    await this.changed([...unique.values()].map((i) => i.langKey));
  }

  /** Deletes entries. */
  async remove(dictIds: string[]): Promise<void> {
    const rows = await this.entries.find({ where: { dictId: In(dictIds) } });
    if (!rows.length) throw ServiceException.notFound('i18n.notFound');
    await this.entries.delete({ dictId: In(rows.map((r) => r.dictId)) });
    await this.changed(rows.map((r) => r.langKey));
  }

  /** Reloads the message overrides and drops every cached dictionary (after changes made in SQL). */
  async refreshCache(): Promise<void> {
    await evictAllDicts(this.cache);
    await this.reloadOverrides();
  }

  /** After a change: dictionaries whose labels changed are evicted, server messages reloaded on this instance. */
  private async changed(langKeys: string[]): Promise<void> {
    const dictTypes = langKeys.map(dictTypeOfKey).filter((type): type is string => type !== null);
    if (dictTypes.length) await evictDictTypes(this.cache, dictTypes);
    await this.reloadOverrides();
  }
}
