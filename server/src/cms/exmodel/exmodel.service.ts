import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { hasPermission } from '../../auth/permission';
import { ServiceException } from '../../common/errors/service-exception';
import type { PageQueryDto } from '../../common/paging/page-query.dto';
import type { XModelQueryDto, XModelFieldsDto } from '../../xmodel/xmodel.dto';
import type { XModel, XModelData } from '../../xmodel/xmodel.service';
import { XModelService, type XModelFieldWithItems, type XModelOwner, type XModelValues } from '../../xmodel/xmodel.service';
import { CmsAccessService } from '../common/cms-access.service';

/** What an extension model extends. */
export const EXMODEL_DATA_TYPES = ['site', 'catalog', 'content'] as const;
export type ExModelDataType = (typeof EXMODEL_DATA_TYPES)[number];

/**
 * The settings that bind extension models (model ids; '' or missing = none): on the site (扩展设置) `siteExModel`
 * (the site's own fields), `catalogExModel` (every catalog of the site) and `contentExModel` (content of every
 * catalog); on a catalog (扩展属性) `contentExModel` overrides the site's for its own content.
 */
export const EXMODEL_SETTING = { site: 'siteExModel', catalog: 'catalogExModel', content: 'contentExModel' } as const;

/** The settings maps a binding is read from. */
export interface ExModelBindingProps {
  site: Record<string, unknown> | null | undefined;
  catalog?: Record<string, unknown> | null | undefined;
}

/** How the exmodel data route finds the object a record belongs to (registered by the site, catalog, content modules). */
export interface ExModelSources {
  site?: (siteId: string) => Promise<{ siteId: string; configProps: Record<string, unknown> }>;
  catalog?: (catalogId: string) => Promise<{ siteId: string; catalogId: string; configProps: Record<string, unknown> }>;
  content?: (contentId: string) => Promise<{ siteId: string; catalogId: string }>;
}

/** The editor's view of one record's extension: the bound model, its fields with options, and the values. */
export interface ExModelRecord {
  modelId: string | null;
  modelName: string;
  fields: XModelFieldWithItems[];
  values: XModelValues;
}

const ID = /^[1-9]\d{0,17}$/;
const OWNER = 'exmodel';

/**
 * Extension models (ChestnutCMS's EXModel): field sets of a site (owner `exmodel`, owner id = site id) bound to the
 * site, its catalogs and their content by settings. Their values are written by the site, catalog and content saves
 * through `saveFor` in those saves' transactions, read by editors through `record`, by templates through the
 * publish read model (`site.extend`, `catalog.extend`, `content.extend`).
 */
@Injectable()
export class ExModelService implements OnModuleInit {
  private readonly sources: ExModelSources = {};

  constructor(
    private readonly xmodel: XModelService,
    private readonly access: CmsAccessService,
  ) {}

  onModuleInit(): void {
    // The shared /xmodel/field routes serve extension models to holders of the extension field buttons with rights on the site.
    this.xmodel.registerOwnerGuard(OWNER, async (user, model, action) => {
      if (!hasPermission(user.permissions, `cms:exmodelfield:${action}`)) throw ServiceException.forbidden();
      await this.access.assert(user, 'Site', action === 'view' ? 'View' : 'Edit', model.ownerId);
    });
  }

  /** Called once by the site, catalog and content modules. */
  registerSource<K extends keyof ExModelSources>(kind: K, source: NonNullable<ExModelSources[K]>): void {
    this.sources[kind] = source;
  }

  private owner(siteId: string): XModelOwner {
    return { ownerType: OWNER, ownerId: String(siteId) };
  }

  // ---------------------------------------------------------------- models and fields of a site

  list(siteId: string, query: XModelQueryDto): Promise<PageResult<XModel>> {
    return this.xmodel.listModels(query, this.owner(siteId));
  }

  async options(siteId: string): Promise<{ modelId: string; name: string; code: string }[]> {
    return (await this.xmodel.modelsOf(this.owner(siteId))).map((m) => ({ modelId: String(m.modelId), name: m.name, code: m.code }));
  }

  get(siteId: string, modelId: string): Promise<XModel> {
    return this.xmodel.getModel(modelId, this.owner(siteId));
  }

  create(user: LoginUser, siteId: string, dto: XModelFieldsDto): Promise<XModel> {
    return this.xmodel.createModel(user.userName, this.owner(siteId), dto);
  }

  update(user: LoginUser, siteId: string, modelId: string, dto: XModelFieldsDto): Promise<XModel> {
    return this.xmodel.updateModel(user.userName, modelId, dto, this.owner(siteId));
  }

  async remove(siteId: string, modelIds: string[]): Promise<void> {
    await this.xmodel.removeModels(modelIds, this.owner(siteId));
  }

  /** The service of fields (the /cms/exmodel/field routes check the model is the site's first). */
  get fields(): XModelService {
    return this.xmodel;
  }

  // ---------------------------------------------------------------- bindings and values

  /** The model bound to a site's own record, its catalogs, or the content of a catalog (null: none). */
  modelIdFor(kind: ExModelDataType, props: ExModelBindingProps): string | null {
    const pick = (v: unknown) => (typeof v === 'string' && ID.test(v) ? v : typeof v === 'number' && v > 0 ? String(v) : null);
    if (kind === 'content') return pick(props.catalog?.[EXMODEL_SETTING.content]) ?? pick(props.site?.[EXMODEL_SETTING.content]);
    return pick(props.site?.[EXMODEL_SETTING[kind]]);
  }

  /** The bound model of a site, or null when the setting names none or a model that is gone or not the site's. */
  private async boundModel(kind: ExModelDataType, siteId: string, props: ExModelBindingProps): Promise<XModel | null> {
    const modelId = this.modelIdFor(kind, props);
    if (!modelId) return null;
    try {
      return await this.xmodel.getModel(modelId, this.owner(siteId));
    } catch {
      return null;
    }
  }

  /**
   * Checks and stores the extension values of a record being saved, in the save's transaction (`m`): the values sent
   * (`extend`, or none) over those stored, checked against the bound model's fields; a failing field refuses the whole
   * save with its message. Nothing happens when no model is bound.
   */
  async saveFor(
    m: EntityManager,
    kind: ExModelDataType,
    siteId: string,
    props: ExModelBindingProps,
    dataId: string,
    extend: unknown,
  ): Promise<XModelValues | null> {
    const model = await this.boundModel(kind, siteId, props);
    if (!model) return null;
    if (extend !== undefined && extend !== null && (typeof extend !== 'object' || Array.isArray(extend))) {
      throw new ServiceException('cms.exmodel.extendInvalid');
    }
    const stored = await this.xmodel.readData(model.modelId, kind, String(dataId));
    const values = await this.validateExtend(model.modelId, { ...stored, ...((extend as Record<string, unknown>) ?? {}) });
    await this.xmodel.writeData(model.modelId, kind, String(dataId), values, m);
    return values;
  }

  /** Checks values against the bound model without storing them (for a save whose record id is not known yet). */
  async checkFor(kind: ExModelDataType, siteId: string, props: ExModelBindingProps, extend: unknown): Promise<void> {
    const model = await this.boundModel(kind, siteId, props);
    if (!model) return;
    if (extend !== undefined && extend !== null && (typeof extend !== 'object' || Array.isArray(extend))) {
      throw new ServiceException('cms.exmodel.extendInvalid');
    }
    await this.validateExtend(model.modelId, extend ?? {});
  }

  /** The layer's check, its field errors named as the owner's body names them (`extend.<code>`). */
  private async validateExtend(modelId: string, values: unknown): Promise<XModelValues> {
    try {
      return await this.xmodel.validate(modelId, values);
    } catch (e) {
      if (!(e instanceof ServiceException) || !e.data?.errors) throw e;
      const errors = e.data.errors.map((x) => ({ field: `extend.${x.field}`, message: x.message }));
      throw new ServiceException(e.messageKey, e.args, e.code, e.httpStatus, { ...e.data, errors });
    }
  }

  /** Forgets records' values (deleted catalogs, content removed for good). */
  forget(kind: ExModelDataType, dataIds: string[], m?: EntityManager): Promise<void> {
    return this.xmodel.deleteData(kind, dataIds, undefined, m);
  }

  /**
   * The editor's view of a record (`dataId` '0' = a new one, then `parentId` names its site for a catalog, its
   * catalog for content): the model bound to it, its fields and the stored values (defaults for a new record).
   * Needs the right to view the record (Site:View, Catalog:View of the catalog or of the content's catalog).
   */
  async record(user: LoginUser, kind: ExModelDataType, dataId: string, parentId?: string): Promise<ExModelRecord> {
    const source = <K extends keyof ExModelSources>(k: K): NonNullable<ExModelSources[K]> => {
      const s = this.sources[k];
      if (!s) throw ServiceException.notFound();
      return s;
    };
    const isNew = dataId === '0';
    let siteId: string;
    let catalogProps: Record<string, unknown> | undefined;
    if (kind === 'site') {
      siteId = dataId;
      await this.access.assert(user, 'Site', 'View', siteId);
    } else if (kind === 'catalog') {
      if (isNew) {
        if (!parentId || !ID.test(parentId)) throw ServiceException.notFound('cms.site.notFound');
        siteId = parentId;
        await this.access.assert(user, 'Site', 'View', siteId);
      } else {
        const catalog = await source('catalog')(dataId);
        await this.access.assert(user, 'Catalog', 'View', catalog.catalogId);
        siteId = String(catalog.siteId);
      }
    } else {
      const catalogId = isNew ? parentId : (await source('content')(dataId)).catalogId;
      if (!catalogId || !ID.test(String(catalogId))) throw ServiceException.notFound('cms.catalog.notFound');
      const catalog = await source('catalog')(String(catalogId));
      await this.access.assert(user, 'Catalog', 'View', catalog.catalogId);
      siteId = String(catalog.siteId);
      catalogProps = catalog.configProps;
    }
    const site = await source('site')(siteId);
    const model = await this.boundModel(kind, siteId, { site: site.configProps, catalog: catalogProps });
    if (!model) return { modelId: null, modelName: '', fields: [], values: {} };
    const fields = await this.xmodel.fieldsWithItems(model.modelId);
    const stored = isNew ? {} : await this.xmodel.readData(model.modelId, kind, dataId);
    const values: XModelValues = {};
    for (const f of fields) {
      values[f.code] = stored[f.code] ?? (f.controlType === 'checkbox' ? f.defaultValue.split(',').filter((v) => v.trim()) : f.defaultValue);
    }
    return { modelId: String(model.modelId), modelName: model.name, fields, values };
  }

  /** A model's stored records of one kind, paged (the data list and its Excel export). */
  async data(siteId: string, modelId: string, kind: ExModelDataType, query: PageQueryDto): Promise<PageResult<XModelData>> {
    await this.get(siteId, modelId);
    return this.xmodel.listData(modelId, kind, query);
  }
}
