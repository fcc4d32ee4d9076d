import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type Repository } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { requestContext } from '../../common/context/request-context';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';
import { I18nDictService } from '../i18n/i18n-dict.service';
import { dictNameKey, evictAllDicts, evictDictTypes } from './dict-cache';
import { deleteTranslations, renameTranslationKey, renameTranslationPrefix, saveTranslatedText } from './dict-translations';
import type { CreateDictTypeDto, DictTypeOptionDto, DictTypeQueryDto, UpdateDictTypeDto } from './dto/dict-type.dto';
import { SysDictType } from './sys-dict-type.entity';

/** Dictionary types (`sys_dict_type`): names shown in the caller's language, fixed types protected. */
@Injectable()
export class DictTypeService {
  constructor(
    @InjectRepository(SysDictType) private readonly types: Repository<SysDictType>,
    private readonly dataSource: DataSource,
    private readonly i18n: I18nDictService,
    @Inject(KV_STORE) private readonly cache: KvStore,
  ) {}

  /** A page of types matching the filters. */
  async list(query: DictTypeQueryDto): Promise<PageResult<SysDictType>> {
    const qb = this.types.createQueryBuilder('t');
    if (query.dictName) {
      qb.andWhere(
        `(t.dict_name ILIKE :name OR EXISTS (SELECT 1 FROM sys_i18n_dict i
           WHERE i.lang_key = 'dict.type.' || t.dict_type AND i.lang_tag = :lang AND i.lang_value ILIKE :name))`,
        { name: `%${escapeLike(query.dictName)}%`, lang: requestContext.language() },
      );
    }
    if (query.dictType) qb.andWhere('t.dict_type ILIKE :type', { type: `%${escapeLike(query.dictType)}%` });
    if (query.status) qb.andWhere('t.status = :status', { status: query.status });
    if (query.beginTime) qb.andWhere('t.create_time >= CAST(:begin AS date)', { begin: query.beginTime });
    if (query.endTime) qb.andWhere('t.create_time < CAST(:end AS date) + 1', { end: query.endTime });
    const page = await paginate(qb, query, {
      sortable: { dictId: 't.dict_id', dictName: 't.dict_name', dictType: 't.dict_type', createTime: 't.create_time' },
      defaultOrder: { 't.dict_id': 'ASC' },
    });
    return { rows: await this.localize(page.rows), total: page.total };
  }

  /** Every type, for pickers (names translated). */
  async options(): Promise<DictTypeOptionDto[]> {
    const rows = await this.localize(await this.types.find({ order: { dictId: 'ASC' } }));
    return rows.map(({ dictId, dictName, dictType }) => ({ dictId, dictName, dictType }));
  }

  /** One type (name translated); 404 when absent. */
  async get(dictId: string): Promise<SysDictType> {
    const [row] = await this.localize([await this.find(dictId)]);
    return row;
  }

  /** Whether a type exists. */
  async exists(dictType: string): Promise<boolean> {
    return this.types.exists({ where: { dictType } });
  }

  /** Adds a type; the type must be new. */
  async create(dto: CreateDictTypeDto, userName: string): Promise<SysDictType> {
    let dictId: string;
    try {
      const result = await this.types.insert({
        dictName: dto.dictName,
        dictType: dto.dictType,
        isFixed: 'N',
        status: dto.status ?? '0',
        remark: dto.remark ?? '',
        createBy: userName,
        updateBy: userName,
      });
      dictId = String(result.identifiers[0].dictId);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('sysDict.typeExists', { type: dto.dictType });
      throw error;
    }
    // Entries of a type that did not exist may have been cached (as none).
    await evictDictTypes(this.cache, [dto.dictType]);
    return this.get(dictId);
  }

  /**
   * Changes a type. A new type name is carried to its entries by the foreign key (ON UPDATE CASCADE) and to their
   * translations here; fixed types keep their name, code refers to it.
   */
  async update(dto: UpdateDictTypeDto, userName: string): Promise<void> {
    const current = await this.find(dto.dictId);
    const renamed = dto.dictType !== current.dictType;
    if (renamed && current.isFixed === 'Y') throw new ServiceException('sysDict.fixedRename', { type: current.dictType });
    const language = requestContext.language();
    const shownName = (await this.i18n.translate(language, [dictNameKey(current.dictType)])).get(dictNameKey(current.dictType)) ?? current.dictName;
    try {
      await this.dataSource.transaction(async (manager) => {
        if (renamed) {
          await renameTranslationPrefix(manager, `dict.${current.dictType}.`, `dict.${dto.dictType}.`);
          await renameTranslationKey(manager, dictNameKey(current.dictType), dictNameKey(dto.dictType));
        }
        let dictName = current.dictName;
        if (dto.dictName !== shownName && (await saveTranslatedText(manager, dictNameKey(dto.dictType), dto.dictName, language, userName))) {
          dictName = dto.dictName;
        }
        await manager.update(
          SysDictType,
          { dictId: dto.dictId },
          { dictName, dictType: dto.dictType, status: dto.status ?? current.status, remark: dto.remark ?? current.remark, updateBy: userName },
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('sysDict.typeExists', { type: dto.dictType });
      throw error;
    }
    await evictDictTypes(this.cache, [current.dictType, dto.dictType]);
  }

  /** Deletes types with their entries and translations; refused as a whole when one of them is fixed. */
  async remove(dictIds: string[]): Promise<void> {
    const rows = await this.types.find({ where: { dictId: In(dictIds) } });
    if (!rows.length) throw ServiceException.notFound('sysDict.typeNotFound');
    const fixed = rows.find((r) => r.isFixed === 'Y');
    if (fixed) throw new ServiceException('sysDict.fixedDelete', { type: fixed.dictType });
    const dictTypes = rows.map((r) => r.dictType);
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(SysDictType, { dictId: In(rows.map((r) => r.dictId)) }); // entries go by ON DELETE CASCADE
      await deleteTranslations(
        manager,
        dictTypes.map(dictNameKey),
        dictTypes.map((type) => `dict.${type}.`),
      );
    });
    await evictDictTypes(this.cache, dictTypes);
  }

  /** Drops every cached dictionary. */
  async refreshCache(): Promise<void> {
    await evictAllDicts(this.cache);
  }

  private async find(dictId: string): Promise<SysDictType> {
    const row = await this.types.findOne({ where: { dictId } });
    if (!row) throw ServiceException.notFound('sysDict.typeNotFound');
    return row;
  }

  /** Replaces stored names with their translation in the caller's language, where there is one. */
  private async localize(rows: SysDictType[]): Promise<SysDictType[]> {
    const names = await this.i18n.translate(
      requestContext.language(),
      rows.map((r) => dictNameKey(r.dictType)),
    );
    return rows.map((r) => Object.assign(r, { dictName: names.get(dictNameKey(r.dictType)) ?? r.dictName }));
  }
}
