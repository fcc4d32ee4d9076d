import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Not, type EntityManager, type Repository } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { requestContext } from '../../common/context/request-context';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';
import { I18nDictService } from '../i18n/i18n-dict.service';
import { DICT_CACHE_TTL_MS, dictCacheKey, dictLabelKey, evictDictTypes } from './dict-cache';
import { deleteTranslations, renameTranslationKey, saveTranslatedText } from './dict-translations';
import type { CreateDictDataDto, DictDataQueryDto, DictItemDto, UpdateDictDataDto } from './dto/dict-data.dto';
import { DICT_TYPE } from './dto/dict-type.dto';
import { SysDictData } from './sys-dict-data.entity';
import { SysDictType } from './sys-dict-type.entity';

/** Dictionary entries (`sys_dict_data`): labels in the caller's language, enabled entries per type cached. */
@Injectable()
export class DictDataService {
  constructor(
    @InjectRepository(SysDictData) private readonly data: Repository<SysDictData>,
    @InjectRepository(SysDictType) private readonly types: Repository<SysDictType>,
    private readonly dataSource: DataSource,
    private readonly i18n: I18nDictService,
    @Inject(KV_STORE) private readonly cache: KvStore,
  ) {}

  /** Enabled entries of a type in sort order, labels in the caller's language; cached per type and language. */
  async byType(dictType: string): Promise<DictItemDto[]> {
    if (dictType.length > 100 || !DICT_TYPE.test(dictType)) return []; // cannot exist; not worth a cache entry
    const language = requestContext.language();
    const key = dictCacheKey(dictType, language);
    const cached = await this.cache.get(key);
    if (cached !== null) return JSON.parse(cached) as DictItemDto[];
    const rows = await this.data.find({ where: { dictType, status: '0' }, order: { dictSort: 'ASC', dictCode: 'ASC' } });
    const labels = await this.i18n.translate(
      language,
      rows.map((r) => dictLabelKey(r.dictType, r.dictValue)),
    );
    const items: DictItemDto[] = rows.map((r) => ({
      dictCode: r.dictCode,
      dictSort: r.dictSort,
      dictLabel: labels.get(dictLabelKey(r.dictType, r.dictValue)) ?? r.dictLabel,
      dictValue: r.dictValue,
      cssClass: r.cssClass,
      listClass: r.listClass,
      isDefault: r.isDefault,
      status: r.status,
    }));
    await this.cache.set(key, JSON.stringify(items), DICT_CACHE_TTL_MS);
    return items;
  }

  /** Refuses a value that is not an enabled entry of the type; `field` is the name of the field it came from. */
  async assertValue(dictType: string, value: string, field: string): Promise<void> {
    const items = await this.byType(dictType);
    if (!items.some((i) => i.dictValue === value)) {
      throw new ServiceException('sysDict.notInDict', { field: t(`field.${field}`), value: String(value).slice(0, 40) });
    }
  }

  /** A page of the entries of one type. */
  async list(query: DictDataQueryDto): Promise<PageResult<SysDictData>> {
    const qb = this.data.createQueryBuilder('d').where('d.dict_type = :type', { type: query.dictType });
    if (query.dictLabel) {
      qb.andWhere(
        `(d.dict_label ILIKE :label OR EXISTS (SELECT 1 FROM sys_i18n_dict i
           WHERE i.lang_key = 'dict.' || d.dict_type || '.' || d.dict_value AND i.lang_tag = :lang AND i.lang_value ILIKE :label))`,
        { label: `%${escapeLike(query.dictLabel)}%`, lang: requestContext.language() },
      );
    }
    if (query.status) qb.andWhere('d.status = :status', { status: query.status });
    const page = await paginate(qb, query, {
      sortable: { dictCode: 'd.dict_code', dictSort: 'd.dict_sort', dictValue: 'd.dict_value', createTime: 'd.create_time' },
      defaultOrder: { 'd.dict_sort': 'ASC', 'd.dict_code': 'ASC' },
    });
    return { rows: await this.localize(page.rows), total: page.total };
  }

  /** One entry (label translated); 404 when absent. */
  async get(dictCode: string): Promise<SysDictData> {
    const [row] = await this.localize([await this.find(dictCode)]);
    return row;
  }

  /** Adds an entry; its value must be new within the type. */
  async create(dto: CreateDictDataDto, userName: string): Promise<SysDictData> {
    await this.assertTypeExists(dto.dictType);
    let dictCode = '';
    await this.write(dto, async (manager) => {
      if (dto.isDefault === 'Y') await this.clearDefault(manager, dto.dictType);
      const result = await manager.insert(SysDictData, {
        dictType: dto.dictType,
        dictLabel: dto.dictLabel,
        dictValue: dto.dictValue,
        dictSort: dto.dictSort ?? 0,
        cssClass: dto.cssClass ?? '',
        listClass: dto.listClass ?? '',
        isDefault: dto.isDefault ?? 'N',
        status: dto.status ?? '0',
        remark: dto.remark ?? '',
        createBy: userName,
        updateBy: userName,
      });
      dictCode = String(result.identifiers[0].dictCode);
    });
    await evictDictTypes(this.cache, [dto.dictType]);
    return this.get(dictCode);
  }

  /** Changes an entry; a new value or type carries its translations along. */
  async update(dto: UpdateDictDataDto, userName: string): Promise<void> {
    const current = await this.find(dto.dictCode);
    if (dto.dictType !== current.dictType) await this.assertTypeExists(dto.dictType);
    const language = requestContext.language();
    const oldKey = dictLabelKey(current.dictType, current.dictValue);
    const newKey = dictLabelKey(dto.dictType, dto.dictValue);
    const shownLabel = (await this.i18n.translate(language, [oldKey])).get(oldKey) ?? current.dictLabel;
    await this.write(dto, async (manager) => {
      await renameTranslationKey(manager, oldKey, newKey);
      let dictLabel = current.dictLabel;
      if (dto.dictLabel !== shownLabel && (await saveTranslatedText(manager, newKey, dto.dictLabel, language, userName))) {
        dictLabel = dto.dictLabel;
      }
      if (dto.isDefault === 'Y') await this.clearDefault(manager, dto.dictType, dto.dictCode);
      await manager.update(
        SysDictData,
        { dictCode: dto.dictCode },
        {
          dictType: dto.dictType,
          dictLabel,
          dictValue: dto.dictValue,
          dictSort: dto.dictSort ?? current.dictSort,
          cssClass: dto.cssClass ?? current.cssClass,
          listClass: dto.listClass ?? current.listClass,
          isDefault: dto.isDefault ?? current.isDefault,
          status: dto.status ?? current.status,
          remark: dto.remark ?? current.remark,
          updateBy: userName,
        },
      );
    });
    await evictDictTypes(this.cache, [current.dictType, dto.dictType]);
  }

  /** Deletes entries with their translations. */
  async remove(dictCodes: string[]): Promise<void> {
    const rows = await this.data.find({ where: { dictCode: In(dictCodes) } });
    if (!rows.length) throw ServiceException.notFound('sysDict.dataNotFound');
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(SysDictData, { dictCode: In(rows.map((r) => r.dictCode)) });
      await deleteTranslations(
        manager,
        rows.map((r) => dictLabelKey(r.dictType, r.dictValue)),
      );
    });
    await evictDictTypes(
      this.cache,
      rows.map((r) => r.dictType),
    );
  }

  private async find(dictCode: string): Promise<SysDictData> {
    const row = await this.data.findOne({ where: { dictCode } });
    if (!row) throw ServiceException.notFound('sysDict.dataNotFound');
    return row;
  }

  private async assertTypeExists(dictType: string): Promise<void> {
    if (!(await this.types.exists({ where: { dictType } }))) throw new ServiceException('sysDict.typeNotFound');
  }

  /** One entry per type is the default: setting one clears the others. */
  private async clearDefault(manager: EntityManager, dictType: string, exceptCode?: string): Promise<void> {
    await manager.update(SysDictData, exceptCode ? { dictType, isDefault: 'Y', dictCode: Not(exceptCode) } : { dictType, isDefault: 'Y' }, {
      isDefault: 'N',
    });
  }

  /** Runs a write in a transaction; a concurrent insert of the same value becomes the duplicate message. */
  private async write(dto: CreateDictDataDto, work: (manager: EntityManager) => Promise<void>): Promise<void> {
    try {
      await this.dataSource.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('sysDict.valueExists', { type: dto.dictType, value: dto.dictValue });
      throw error;
    }
  }

  /** Replaces stored labels with their translation in the caller's language, where there is one. */
  private async localize(rows: SysDictData[]): Promise<SysDictData[]> {
    const labels = await this.i18n.translate(
      requestContext.language(),
      rows.map((r) => dictLabelKey(r.dictType, r.dictValue)),
    );
    return rows.map((r) => Object.assign(r, { dictLabel: labels.get(dictLabelKey(r.dictType, r.dictValue)) ?? r.dictLabel }));
  }
}
