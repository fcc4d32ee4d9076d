import type { FieldError, XModelValidation, XModelValue } from '@zhiwen/shared';
import { XMODEL_OPTION_CONTROLS } from '@zhiwen/shared';
import { t } from '../common/i18n/i18n';
import type { XModelField } from './xmodel.entity';

/** Longest text value per control kind. */
export const XMODEL_TEXT_MAX: Record<string, number> = { input: 2000, textarea: 50000, image: 1000, file: 1000 };
/** Most choices of a checkbox value. */
export const XMODEL_CHOICES_MAX = 100;
/** Longest value a regex rule is tried on (a longer one fails the rule), and longest pattern. */
export const XMODEL_REGEX_INPUT_MAX = 2000;
export const XMODEL_REGEX_MAX = 200;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const INTEGER = /^[-+]?\d+$/;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** A mainland mobile number (optionally +86), or a landline with area code. */
const PHONE = /^(?:(?:\+?86)?1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;

function realDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A date text normalized, or undefined when it is not one. */
export function normalizeDate(text: string): string | undefined {
  return realDate(text) ? text : undefined;
}
export function normalizeTime(text: string): string | undefined {
  const m = TIME.exec(text);
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
}
export function normalizeDateTime(text: string): string | undefined {
  const m = DATETIME.exec(text);
  if (!m || !realDate(m[1])) return undefined;
  return `${m[1]} ${m[2]}:${m[3]}:${m[4] ?? '00'}`;
}

/** Whether a regex pattern compiles (checked when a field is saved). */
export function regexCompiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The allowed option values of a field (undefined: any value). */
export type OptionValues = (field: XModelField) => Promise<Set<string> | undefined>;

/**
 * Checks and normalizes the values of a record against its fields: unknown keys are dropped, a missing key takes the
 * field's default, each value must suit its control kind (text; checkbox a list; radio/select/checkbox among the
 * options; date/time/datetime well formed) and pass the field's rules. Answers the normalized values and every field's
 * first message (in the request's language).
 */
export async function checkValues(
  fields: XModelField[],
  input: Record<string, unknown>,
  optionValues: OptionValues,
): Promise<{ values: Record<string, XModelValue>; errors: FieldError[] }> {
  const values: Record<string, XModelValue> = {};
  const errors: FieldError[] = [];
  for (const field of fields) {
    const label = field.name;
    const fail = (key: string, rule?: XModelValidation, args: Record<string, unknown> = {}) => {
      errors.push({ field: field.code, message: rule?.message || t(key, { label, ...args }) });
    };
    let raw = Object.prototype.hasOwnProperty.call(input, field.code) ? input[field.code] : undefined;
    if (raw === undefined) raw = field.controlType === 'checkbox' ? splitChoices(field.defaultValue) : field.defaultValue;
    // Shape by control kind.
    let value: string | string[];
    if (field.controlType === 'checkbox') {
      const list = typeof raw === 'string' ? splitChoices(raw) : raw === null ? [] : raw;
      if (!Array.isArray(list) || list.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
        fail('xmodel.v.kind');
        continue;
      }
      value = [...new Set(list.map((v) => String(v).trim()).filter((v) => v !== ''))];
      if (value.length > XMODEL_CHOICES_MAX) {
        fail('xmodel.v.tooMany', undefined, { max: XMODEL_CHOICES_MAX });
        continue;
      }
    } else {
      if (raw === null) raw = '';
      if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
        fail('xmodel.v.kind');
        continue;
      }
      value = String(raw);
      if (field.controlType !== 'textarea') value = value.trim();
      const max = XMODEL_TEXT_MAX[field.controlType] ?? 2000;
      if (value.length > max) {
        fail('xmodel.v.tooLong', undefined, { max });
        continue;
      }
      if (value.includes('\u0000')) {
        fail('xmodel.v.kind');
        continue;
      }
    }
    const required = field.required || field.validations.some((r) => r.type === 'notEmpty');
    if (isEmpty(value)) {
      if (required)
        fail(
          'xmodel.v.notEmpty',
          field.validations.find((r) => r.type === 'notEmpty'),
        );
      else values[field.code] = value;
      continue;
    }
    // The kind's own format.
    if (typeof value === 'string') {
      const byKind =
        field.controlType === 'date'
          ? normalizeDate(value)
          : field.controlType === 'time'
            ? normalizeTime(value)
            : field.controlType === 'datetime'
              ? normalizeDateTime(value)
              : value;
      if (byKind === undefined) {
        fail(`xmodel.v.${field.controlType}`);
        continue;
      }
      value = byKind;
    }
    if (XMODEL_OPTION_CONTROLS.includes(field.controlType)) {
      const allowed = await optionValues(field);
      const chosen = Array.isArray(value) ? value : [value];
      if (allowed && chosen.some((v) => !allowed.has(v))) {
        fail('xmodel.v.option');
        continue;
      }
    }
    // The field's rules, on each value of a list.
    let result: XModelValue = value;
    let failed = false;
    for (const rule of field.validations) {
      if (rule.type === 'notEmpty') continue;
      const items = Array.isArray(value) ? value : [value];
      const normalized: (string | number)[] = [];
      for (const item of items) {
        const ok = applyRule(rule, item);
        if (ok === undefined) {
          fail(`xmodel.v.${rule.type}`, rule);
          failed = true;
          break;
        }
        normalized.push(ok);
      }
      if (failed) break;
      if (!Array.isArray(value)) result = normalized[0];
      else value = normalized.map(String);
    }
    if (failed) continue;
    values[field.code] = Array.isArray(value) ? value : result;
  }
  return { values, errors };
}

/** One rule on one value (a regex must match the whole value): the value normalized (numbers for number/integer), or undefined when it fails. */
function applyRule(rule: XModelValidation, value: string | number): string | number | undefined {
  const text = String(value);
  switch (rule.type) {
    case 'number':
      return NUMBER.test(text) && Number.isFinite(Number(text)) ? Number(text) : undefined;
    case 'integer':
      return INTEGER.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
    case 'date':
      return normalizeDate(text);
    case 'time':
      return normalizeTime(text);
    case 'datetime':
      return normalizeDateTime(text);
    case 'email':
      return text.length <= 254 && EMAIL.test(text) ? text : undefined;
    case 'phone':
      return PHONE.test(text.replace(/\s/g, '')) ? text : undefined;
    case 'regex': {
      if (!rule.regex || text.length > XMODEL_REGEX_INPUT_MAX) return undefined;
      try {
        return new RegExp(`^(?:${rule.regex})$`, 'u').test(text) ? value : undefined;
      } catch {
        return undefined;
      }
    }
    default:
      return value;
  }
}

function splitChoices(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
