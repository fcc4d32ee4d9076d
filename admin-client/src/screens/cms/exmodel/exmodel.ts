import type { XModelFieldView, XModelValue } from '@zhiwen/shared';

/** Screens (menu paths under 扩展) and their APIs. */
export const EXMODEL_RESOURCE = 'cms/ext/exmodel';
export const EXMODEL_FIELD_RESOURCE = 'cms/ext/exmodel-field';
export const XMODEL_RESOURCE = 'cms/ext/xmodel';
export const XMODEL_FIELD_RESOURCE = 'cms/ext/xmodel-field';

/** A letter, then letters, digits, underscore (the server's XMODEL_CODE). */
export const XMODEL_CODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

export interface ModelRow {
  modelId: string;
  name: string;
  code: string;
  ownerType: string;
  remark: string;
  createTime: string;
}

export type FieldRow = XModelFieldView & { optionItems?: { value: string; label: string }[] };

/** One screen's flavour: extension models of the current site, or metadata models. */
export interface ModelKind {
  /** Models API (list, POST, PUT, DELETE). */
  api: string;
  /** Fields API (list, all, POST, PUT, DELETE). */
  fieldApi: string;
  /** The field screen's path. */
  fieldRoute: string;
  /** The models screen's path. */
  modelRoute: string;
  /** Permission prefixes: `cms:exmodel`, `cms:exmodelfield`. */
  perm: 'cms:exmodel' | 'cms:xmodel';
  fieldPerm: 'cms:exmodelfield' | 'cms:xmodelfield';
  /** i18n key of the screen title. */
  title: string;
  /** Filters every list request carries (the metadata screen lists plain metadata models only). */
  listParams?: Record<string, string>;
}

export const EXMODEL_KIND: ModelKind = {
  api: '/cms/exmodel',
  fieldApi: '/cms/exmodel/field',
  fieldRoute: `/${EXMODEL_FIELD_RESOURCE}`,
  modelRoute: `/${EXMODEL_RESOURCE}`,
  perm: 'cms:exmodel',
  fieldPerm: 'cms:exmodelfield',
  title: 'app.exmodel.title',
};

export const XMODEL_KIND: ModelKind = {
  api: '/xmodel',
  fieldApi: '/xmodel/field',
  fieldRoute: `/${XMODEL_FIELD_RESOURCE}`,
  modelRoute: `/${XMODEL_RESOURCE}`,
  perm: 'cms:xmodel',
  fieldPerm: 'cms:xmodelfield',
  title: 'app.exmodel.meta_title',
  // Extension models and custom forms are managed on their own screens.
  listParams: { ownerType: 'xmodel' },
};

/** The editors' view of a record's extension (GET /cms/exmodel/data). */
export interface ExtendRecord {
  modelId: string | null;
  modelName: string;
  fields: FieldRow[];
  values: Record<string, XModelValue>;
}
