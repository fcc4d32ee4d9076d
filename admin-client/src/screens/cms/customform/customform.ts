import type { XModelFieldView } from '@zhiwen/shared';

/** The custom form screen's resource (menu path `cms/interact/customform`), its API and its list (`GET /cms/customform`). */
export const CUSTOM_FORM_RESOURCE = 'cms/interact/customform';
export const CUSTOM_FORM_API = 'cms/customform';

/** A letter, then letters, digits, underscore (the server's CUSTOM_FORM_CODE). */
export const CUSTOM_FORM_CODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

export const CUSTOM_FORM_STATUS = ['0', '1', '2'].map((id) => ({ id, name: `app.customform.status_${id}` }));
export const CUSTOM_FORM_RULES = ['unlimited', 'ip', 'member', 'browser'].map((id) => ({ id, name: `app.customform.rule_${id}` }));
export const CUSTOM_FORM_PERIODS = ['day', 'total'].map((id) => ({ id, name: `app.customform.period_${id}` }));

/** Control kinds whose value is chosen among the field's options. */
export const OPTION_CONTROLS = ['radio', 'checkbox', 'select'];

export interface CustomForm {
  formId: string;
  modelId: string | null;
  name: string;
  code: string;
  status: string;
}

export type FormField = XModelFieldView & { optionItems?: { value: string; label: string }[] };

export interface FormDataRow {
  dataId: string;
  formId: string;
  values: Record<string, unknown>;
  ip: string;
  memberId: string | null;
  createBy: string;
  createTime: string;
}

/** Fields the form screens send. */
export function customFormBody(values: Record<string, unknown>): Record<string, unknown> {
  return {
    ...(values.formId ? { formId: String(values.formId) } : {}),
    name: String(values.name ?? '').trim(),
    code: String(values.code ?? '').trim(),
    needCaptcha: values.needCaptcha !== false,
    ruleLimit: String(values.ruleLimit ?? 'unlimited'),
    limitPeriod: String(values.limitPeriod ?? 'day'),
    limitCount: Number(values.limitCount ?? 1),
    successMessage: String(values.successMessage ?? '').trim(),
    remark: String(values.remark ?? ''),
  };
}

/** A stored value as text: option values as their labels, lists joined. */
export function showValue(field: FormField | undefined, value: unknown): string {
  const label = (v: unknown) => field?.optionItems?.find((o) => o.value === String(v))?.label ?? String(v);
  if (Array.isArray(value)) return value.map(label).join('、');
  if (value === undefined || value === null) return '';
  return label(value);
}

/** Moves the entry at `from` to `to`. */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry);
  return next;
}
