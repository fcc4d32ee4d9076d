import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { Language } from '@zhiwen/shared';
import { I18nDict } from './i18n-dict.entity';

/** Translations staff can edit (`sys_i18n_dict`). */
@Injectable()
export class I18nDictService {
  constructor(@InjectRepository(I18nDict) private readonly entries: Repository<I18nDict>) {}

  /** Values of `keys` in `language`; keys without an entry are absent from the map. */
  async translate(language: Language, keys: string[]): Promise<Map<string, string>> {
    if (!keys.length) return new Map();
    const rows = await this.entries.find({ where: { langTag: language, langKey: In(keys) } });
    return new Map(rows.map((r) => [r.langKey, r.langValue]));
  }
}
