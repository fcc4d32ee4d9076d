import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { ResultCode, XMODEL_CONTROL_TYPES, XMODEL_OPTION_CONTROLS, XMODEL_VALIDATION_TYPES, type PageResult, type XModelValue } from '@zhiwen/shared';
import type { LoginUser } from '../auth/login-user';
import { hasPermission } from '../auth/permission';
import { ServiceException } from '../common/errors/service-exception';
import { t } from '../common/i18n/i18n';
import { paginate } from '../common/paging/paginate';
import type { PageQueryDto } from '../common/paging/page-query.dto';
import { escapeLike, uniqueViolationOf } from '../database/sql-helpers';
import { DictDataService } from '../system/dict/dict-data.service';
import { DictTypeService } from '../system/dict/dict-type.service';
import type { CreateXModelFieldDto, UpdateXModelFieldDto, XModelFieldQueryDto, XModelFieldsDto, XModelQueryDto } from './xmodel.dto';
import { XMODEL_DATA_TABLE, XModel, XModelData, XModelField, type XModelOwnerType } from './xmodel.entity';
import { XMODEL_REGEX_MAX, checkValues, regexCompiles } from './xmodel-values';

/** The owner of a model as its callers name it. */
/** The shapes this service answers (other modules read them through it, never the entities' tables). */
export type { XModel, XModelData, XModelField } from './xmodel.entity';

export interface XModelOwner {
  ownerType: XModelOwnerType;
  ownerId: string;
}

/** A record's values as stored (field code -> value). */
export type XModelValues = Record<string, XModelValue>;

/** What a caller does to a model's fields through `/xmodel/field`. */
export type XModelAction = 'view' | 'add' | 'edit' | 'remove';

/**
 * The owner feature's check of a caller on one of its models (site rights, its own permissions): throws
 * ServiceException.forbidden() (or notFound) to refuse. Registered once per owner type, e.g. in onModuleInit.
 */
export type XModelOwnerGuard = (user: LoginUser, model: XModel, action: XModelAction) => Promise<void> | void;

/** A field with its options resolved to value/label pairs (dictionary items in the request's language). */
export type XModelFieldWithItems = XModelField & { optionItems: { value: string; label: string }[] };

/**
 * The field-definition layer (metadata models): models, their fields, value checks by control and validation kind,
 * and the storage of records' values. Extension models (cms/exmodel) and custom forms (cms/customform) build on it;
 * nobody else reads its tables.
 */
@Injectable()
export class XModelService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly dictData: DictDataService,
    private readonly dictTypes: DictTypeService,
  ) {}

  private readonly guards = new Map<string, XModelOwnerGuard>([
    // Plain metadata models: the metadata field screen's own buttons.
    [
      'xmodel',
      (user, _model, action) => {
        if (!hasPermission(user.permissions, `cms:xmodelfield:${action}`)) throw ServiceException.forbidden();
      },
    ],
  ]);

  /** Lets an owner feature guard its models' fields on the shared `/xmodel/field` routes (others are refused). */
  registerOwnerGuard(ownerType: string, guard: XModelOwnerGuard): void {
    this.guards.set(ownerType, guard);
  }

  /** Refuses a caller the model's owner does not let do `action` (403 for an owner type without a guard). */
  async assertAccess(user: LoginUser, model: XModel, action: XModelAction): Promise<void> {
    const guard = this.guards.get(model.ownerType);
    if (!guard) throw ServiceException.forbidden();
    await guard(user, model, action);
  }

  private get models() {
    return this.dataSource.getRepository(XModel);
  }
  private get fields() {
    return this.dataSource.getRepository(XModelField);
  }
  private get data() {
    return this.dataSource.getRepository(XModelData);
  }

  // ---------------------------------------------------------------- models

  /** Models, paged (filters: owner type and id, part of name or code). */
  async listModels(query: XModelQueryDto, owner?: Partial<XModelOwner>): Promise<PageResult<XModel>> {
    const qb = this.models.createQueryBuilder('m');
    const ownerType = owner?.ownerType ?? query.ownerType;
    const ownerId = owner?.ownerId ?? query.ownerId;
    if (ownerType) qb.andWhere('m.owner_type = :ownerType', { ownerType });
    if (ownerId !== undefined) qb.andWhere('m.owner_id = :ownerId', { ownerId });
    if (query.query) qb.andWhere('(m.name ILIKE :q OR m.code ILIKE :q)', { q: `%${escapeLike(query.query)}%` });
    return paginate(qb, query, {
      sortable: { name: 'm.name', code: 'm.code', createTime: 'm.create_time' },
      defaultOrder: { 'm.model_id': 'DESC' },
    });
  }

  /** Every model of an owner, oldest first. */
  async modelsOf(owner: XModelOwner): Promise<XModel[]> {
    return this.models.find({ where: { ownerType: owner.ownerType, ownerId: owner.ownerId }, order: { modelId: 'ASC' } });
  }

  /** A model (404 when missing; also when it is not the owner's, if one is named). */
  async getModel(modelId: string, owner?: XModelOwner): Promise<XModel> {
    const model = await this.models.findOneBy({ modelId });
    if (!model || (owner && (model.ownerType !== owner.ownerType || model.ownerId !== owner.ownerId))) {
      throw ServiceException.notFound('xmodel.notFound');
    }
    return model;
  }

  async createModel(userName: string, owner: XModelOwner, dto: XModelFieldsDto, manager?: EntityManager): Promise<XModel> {
    const repo = (manager ?? this.dataSource.manager).getRepository(XModel);
    const row = repo.create({
      ownerType: owner.ownerType,
      ownerId: owner.ownerId,
      name: dto.name,
      code: dto.code,
      tableName: XMODEL_DATA_TABLE,
      remark: dto.remark ?? '',
      createBy: userName,
      updateBy: userName,
    });
    return this.saveModel(repo, row);
  }

  /** Changes a model's name, code, remark (owner fixed). */
  async updateModel(userName: string, modelId: string, dto: XModelFieldsDto, owner?: XModelOwner): Promise<XModel> {
    const row = await this.getModel(modelId, owner);
    Object.assign(row, { name: dto.name, code: dto.code, remark: dto.remark ?? row.remark, updateBy: userName });
    return this.saveModel(this.models, row);
  }

  /** Deletes models with their fields and stored values (all or nothing; 404 when one is missing or not the owner's). */
  async removeModels(modelIds: string[], owner?: XModelOwner, manager?: EntityManager): Promise<XModel[]> {
    const repo = (manager ?? this.dataSource.manager).getRepository(XModel);
    const rows = await repo.findBy({ modelId: In(modelIds) });
    if (rows.length !== new Set(modelIds).size) throw ServiceException.notFound('xmodel.notFound');
    if (owner && rows.some((r) => r.ownerType !== owner.ownerType || r.ownerId !== owner.ownerId)) throw ServiceException.notFound('xmodel.notFound');
    await repo.delete({ modelId: In(modelIds) });
    return rows;
  }

  /** Refuses a change through `/xmodel` to a model another feature owns. */
  assertPlainModel(model: XModel): void {
    if (model.ownerType !== 'xmodel') {
      throw new ServiceException('xmodel.ownedElsewhere', { name: model.name, owner: t(`xmodel.owner.${model.ownerType}`) });
    }
  }

  private async saveModel(repo: ReturnType<DataSource['getRepository']>, row: XModel): Promise<XModel> {
    try {
      return (await repo.save(row)) as XModel;
    } catch (e) {
      if (uniqueViolationOf(e) === 'uq_x_model_code') throw new ServiceException('xmodel.codeTaken', { code: row.code });
      throw e;
    }
  }

  // ---------------------------------------------------------------- fields

  /** A model's fields in order (sort, then id). */
  async fieldsOf(modelId: string): Promise<XModelField[]> {
    return this.fields.find({ where: { modelId }, order: { sortFlag: 'ASC', fieldId: 'ASC' } });
  }

  /** A model's fields in order, each with its options resolved (`optionItems`, [] when it has none). */
  async fieldsWithItems(modelId: string): Promise<XModelFieldWithItems[]> {
    const fields = await this.fieldsOf(modelId);
    return Promise.all(fields.map(async (f) => Object.assign(f, { optionItems: (await this.optionsOf(f)) ?? [] })));
  }

  /** Fields of several models at once, by model id. */
  async fieldsOfMany(modelIds: string[]): Promise<Map<string, XModelField[]>> {
    const out = new Map<string, XModelField[]>(modelIds.map((id) => [id, []]));
    if (!modelIds.length) return out;
    const rows = await this.fields.find({ where: { modelId: In(modelIds) }, order: { sortFlag: 'ASC', fieldId: 'ASC' } });
    for (const row of rows) out.get(String(row.modelId))?.push(row);
    return out;
  }

  /** A model's fields, paged (filter: part of name or code). */
  async listFields(query: XModelFieldQueryDto): Promise<PageResult<XModelField>> {
    const qb = this.fields.createQueryBuilder('f').where('f.model_id = :modelId', { modelId: query.modelId });
    if (query.query) qb.andWhere('(f.name ILIKE :q OR f.code ILIKE :q)', { q: `%${escapeLike(query.query)}%` });
    return paginate(qb, query, {
      sortable: { name: 'f.name', code: 'f.code', sortFlag: 'f.sort_flag', createTime: 'f.create_time' },
      defaultOrder: { 'f.sort_flag': 'ASC', 'f.field_id': 'ASC' },
    });
  }

  async getField(fieldId: string, modelId?: string): Promise<XModelField> {
    const row = await this.fields.findOneBy({ fieldId });
    if (!row || (modelId && String(row.modelId) !== String(modelId))) throw ServiceException.notFound('xmodel.field.notFound');
    return row;
  }

  async createField(userName: string, dto: CreateXModelFieldDto, owner?: XModelOwner): Promise<XModelField> {
    await this.getModel(dto.modelId, owner);
    const row = this.fields.create({ modelId: dto.modelId, createBy: userName });
    await this.assignField(row, dto, userName);
    if (dto.sortFlag === undefined) {
      const max = await this.fields
        .createQueryBuilder('f')
        .select('COALESCE(MAX(f.sort_flag), 0)', 'max')
        .where('f.model_id = :m', { m: dto.modelId })
        .getRawOne<{ max: number }>();
      row.sortFlag = Number(max?.max ?? 0) + 1;
    }
    return this.saveField(row);
  }

  async updateField(userName: string, dto: UpdateXModelFieldDto, owner?: XModelOwner): Promise<XModelField> {
    await this.getModel(dto.modelId, owner);
    const row = await this.getField(dto.fieldId);
    if (String(row.modelId) !== String(dto.modelId)) throw new ServiceException('xmodel.field.otherModel', { modelId: dto.modelId });
    await this.assignField(row, dto, userName);
    return this.saveField(row);
  }

  /** Deletes fields (all of one model when `modelId` is given; stored values of the field stay until next save). */
  async removeFields(fieldIds: string[], modelId?: string, owner?: XModelOwner): Promise<XModelField[]> {
    const rows = await this.fields.findBy({ fieldId: In(fieldIds) });
    if (rows.length !== new Set(fieldIds).size) throw ServiceException.notFound('xmodel.field.notFound');
    if (modelId && rows.some((r) => String(r.modelId) !== String(modelId))) throw ServiceException.notFound('xmodel.field.notFound');
    for (const id of new Set(rows.map((r) => String(r.modelId)))) await this.getModel(id, owner);
    await this.fields.delete({ fieldId: In(fieldIds) });
    return rows;
  }

  /** The control kinds with their localized names. */
  controlTypes(): { value: string; label: string }[] {
    return XMODEL_CONTROL_TYPES.map((value) => ({ value, label: t(`xmodel.control.${value}`) }));
  }

  /** The validation kinds with their localized names. */
  validationTypes(): { value: string; label: string }[] {
    return XMODEL_VALIDATION_TYPES.map((value) => ({ value, label: t(`xmodel.validation.${value}`) }));
  }

  private async assignField(row: XModelField, dto: CreateXModelFieldDto, userName: string): Promise<void> {
    const options = dto.options ?? row.options ?? { type: 'none' };
    const clean: XModelField['options'] =
      options.type === 'dict'
        ? { type: 'dict', dictType: (options.dictType ?? '').trim() }
        : options.type === 'text'
          ? { type: 'text', items: (options.items ?? []).map((i) => ({ value: i.value.trim(), label: (i.label ?? '').trim() || i.value.trim() })) }
          : { type: 'none' };
    if (clean.type === 'dict' && !(clean.dictType && (await this.dictTypes.exists(clean.dictType)))) {
      throw new ServiceException('xmodel.optionDictMissing', { dictType: clean.dictType ?? '' });
    }
    if (clean.type === 'text') {
      const values = clean.items!.map((i) => i.value);
      if (values.some((v) => !v) || new Set(values).size !== values.length) throw new ServiceException('xmodel.optionInvalid');
    }
    if (XMODEL_OPTION_CONTROLS.includes(dto.controlType) && (clean.type === 'none' || (clean.type === 'text' && !clean.items!.length))) {
      throw new ServiceException('xmodel.optionsRequired');
    }
    const validations = (dto.validations ?? row.validations ?? []).map((r) => {
      const rule: XModelField['validations'][number] = { type: r.type };
      if (r.type === 'regex') {
        const pattern = r.regex ?? '';
        if (!pattern || pattern.length > XMODEL_REGEX_MAX || !regexCompiles(pattern)) throw new ServiceException('xmodel.regexInvalid');
        rule.regex = pattern;
      }
      if (r.message?.trim()) rule.message = r.message.trim();
      return rule;
    });
    Object.assign(row, {
      name: dto.name,
      code: dto.code,
      controlType: dto.controlType,
      defaultValue: dto.defaultValue ?? row.defaultValue ?? '',
      options: clean,
      validations,
      required: dto.required ?? row.required ?? false,
      sortFlag: dto.sortFlag ?? row.sortFlag ?? 0,
      remark: dto.remark ?? row.remark ?? '',
      updateBy: userName,
    });
    // A default must itself be a valid value (an empty default of a required field is fine: the editor must fill it).
    if (row.defaultValue) {
      const { errors } = await checkValues(
        [{ ...row, required: false, validations: validations.filter((v) => v.type !== 'notEmpty') } as XModelField],
        {},
        (f) => this.optionValues(f),
      );
      if (errors.length) throw new ServiceException('xmodel.defaultInvalid', { message: errors[0].message });
    }
  }

  private async saveField(row: XModelField): Promise<XModelField> {
    try {
      return await this.fields.save(row);
    } catch (e) {
      if (uniqueViolationOf(e) === 'uq_x_model_field_code') throw new ServiceException('xmodel.field.codeTaken', { code: row.code });
      throw e;
    }
  }

  /** The values a radio/select/checkbox field may take (undefined: any, when it has no options). */
  async optionValues(field: XModelField): Promise<Set<string> | undefined> {
    const options = await this.optionsOf(field);
    return options ? new Set(options.map((o) => o.value)) : undefined;
  }

  /** A field's options as value/label pairs (a dictionary's items in the request's language), or undefined. */
  async optionsOf(field: Pick<XModelField, 'options'>): Promise<{ value: string; label: string }[] | undefined> {
    const o = field.options;
    if (o?.type === 'text') return o.items ?? [];
    if (o?.type === 'dict' && o.dictType) return (await this.dictData.byType(o.dictType)).map((d) => ({ value: d.dictValue, label: d.dictLabel }));
    return undefined;
  }

  // ---------------------------------------------------------------- values

  /**
   * Checks a record's values against the model's fields and answers them normalized (unknown keys dropped, defaults
   * for missing keys, numbers for number/integer rules, dates as `YYYY-MM-DD`, times `HH:mm:ss`, date-times
   * `YYYY-MM-DD HH:mm:ss`). Throws a 400 ServiceException whose message is the first field's and whose
   * `data.errors` lists each failing field (`field` = the field code).
   */
  async validate(modelId: string, values: unknown, fields?: XModelField[]): Promise<XModelValues> {
    const input = values && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, unknown>) : {};
    const defs = fields ?? (await this.fieldsOf(modelId));
    const { values: out, errors } = await checkValues(defs, input, (f) => this.optionValues(f));
    if (errors.length) throw new ServiceException(errors[0].message, undefined, ResultCode.ERROR, 400, { errors });
    return out;
  }

  /** A record's stored values ({} when none). */
  async readData(modelId: string, dataType: string, dataId: string): Promise<XModelValues> {
    const row = await this.data.findOneBy({ modelId, dataType, dataId: String(dataId) });
    return (row?.data ?? {}) as XModelValues;
  }

  /** Records' stored values by data id, whatever their model (one query; for lists and templates). */
  async readMany(dataType: string, dataIds: string[], modelId?: string): Promise<Map<string, XModelValues>> {
    const out = new Map<string, XModelValues>();
    if (!dataIds.length) return out;
    const where = { dataType, dataId: In(dataIds.map(String)), ...(modelId ? { modelId } : {}) };
    for (const row of await this.data.find({ where, order: { updateTime: 'ASC' } })) {
      out.set(row.dataId, { ...(out.get(row.dataId) ?? {}), ...(row.data as XModelValues) });
    }
    return out;
  }

  /** Stores a record's values (replacing what it had); pass the caller's transaction to keep it atomic with its save. */
  async writeData(modelId: string, dataType: string, dataId: string, values: XModelValues, manager?: EntityManager): Promise<void> {
    const m = manager ?? this.dataSource.manager;
    await m.query(
      `INSERT INTO x_model_data (model_id, data_type, data_id, data) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (model_id, data_type, data_id) DO UPDATE SET data = EXCLUDED.data, update_time = now()`,
      [modelId, dataType, String(dataId), JSON.stringify(values)],
    );
  }

  /** Checks and stores in one step; answers the stored values. */
  async validateAndWrite(modelId: string, dataType: string, dataId: string, values: unknown, manager?: EntityManager): Promise<XModelValues> {
    const clean = await this.validate(modelId, values);
    await this.writeData(modelId, dataType, dataId, clean, manager);
    return clean;
  }

  /** Deletes records' values (of every model, or of one). */
  async deleteData(dataType: string, dataIds: string[], modelId?: string, manager?: EntityManager): Promise<void> {
    if (!dataIds.length) return;
    const repo = (manager ?? this.dataSource.manager).getRepository(XModelData);
    await repo.delete({ dataType, dataId: In(dataIds.map(String)), ...(modelId ? { modelId } : {}) });
  }

  /** A model's records of one type, paged, newest first (each row: dataId, data, createTime, updateTime). */
  async listData(modelId: string, dataType: string, query: PageQueryDto, dataIds?: string[]): Promise<PageResult<XModelData>> {
    const qb = this.data.createQueryBuilder('d').where('d.model_id = :modelId AND d.data_type = :dataType', { modelId, dataType });
    if (dataIds) qb.andWhere('d.data_id IN (:...ids)', { ids: dataIds.length ? dataIds.map(String) : [''] });
    return paginate(qb, query, {
      sortable: { createTime: 'd.create_time', updateTime: 'd.update_time' },
      defaultOrder: { 'd.update_time': 'DESC', 'd.data_id': 'DESC' },
    });
  }
}
