import { getMetadataStorage, type ValidationError } from 'class-validator';
import type { FieldError } from '@zhiwen/shared';
import { hasMessage, t } from '../i18n/i18n';

type Metadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

/** Constraint name of a validation metadata, as class-validator reports it in `error.constraints`. */
function constraintName(meta: Metadata): string {
  if (meta.type !== 'customValidation') return meta.type;
  const [constraint] = getMetadataStorage().getTargetValidatorConstraints(meta.constraintCls);
  return constraint?.name ?? meta.type;
}

function fieldLabel(property: string): string {
  const key = `field.${property}`;
  return hasMessage(key) ? t(key) : property;
}

function metadataOf(error: ValidationError, type: string): Metadata | undefined {
  const target = error.target as object | undefined;
  return target
    ? getMetadataStorage()
        .getTargetValidationMetadatas(target.constructor, '', true, false)
        .find((m) => m.propertyName === error.property && constraintName(m) === type)
    : undefined;
}

function messageFor(error: ValidationError, type: string, fallback: string, path: string): string {
  const field = fieldLabel(error.property);
  const meta = metadataOf(error, type);
  const constraints = (meta?.constraints ?? []) as unknown[];
  const value = (error.target as Record<string, unknown> | undefined)?.[error.property];
  // The value as the id pipes show it ("编号不正确：abc"), short and without control characters: messages such as
  // error.badId name it.
  const shown = typeof value === 'string' ? value : (JSON.stringify(value ?? null) ?? '');
  // eslint-disable-next-line no-control-regex
  const args: Record<string, string> = { field: field || path, value: shown.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 40) };
  constraints.forEach((c, i) => {
    args[String(i)] = Array.isArray(c) ? c.join(', ') : typeof c === 'object' ? '' : String(c);
  });
  if (type === 'isIn' && Array.isArray(constraints[0])) args.values = (constraints[0] as unknown[]).join(', ');
  if (type === 'isEnum' && constraints[0] && typeof constraints[0] === 'object') {
    args.values = Object.values(constraints[0] as object).join(', ');
  }
  // A DTO may name its own message key; otherwise the constraint's generic message is used.
  if (typeof meta?.message === 'string' && hasMessage(meta.message)) return t(meta.message, args);
  if (hasMessage(`validation.${type}`)) return t(`validation.${type}`, args);
  return fallback || t('validation.unknown', args);
}

const REQUIRED = new Set(['isDefined', 'isNotEmpty', 'arrayNotEmpty']);
/**
 * Constraints on the kind of value; one of them failing makes any range or length message beside the point (a repeated
 * query parameter, `?userName=a&userName=b`, arrives as an array: "must be a string", not "too long").
 */
const TYPES = new Set([
  'isString',
  'isInt',
  'isNumber',
  'isNumberString',
  'isBoolean',
  'isDate',
  'isDateString',
  'isISO8601',
  'isEnum',
  'isIn',
  'isArray',
  'isObject',
]);

/** Order in which a field's failed rules are told: missing, then of the wrong kind, then the rest. */
function rank(type: string): number {
  if (REQUIRED.has(type)) return 0;
  return TYPES.has(type) ? 1 : 2;
}

/** Turns class-validator errors into localized field messages (nested properties as `a.b`). */
export function localizeValidationErrors(errors: ValidationError[], parentPath = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    // A missing value breaks every rule of the field; "required" is the one worth saying first, then the kind of value
    // ("must be an integer" rather than "must not exceed 500" for `pageSize=abc`).
    const constraints = Object.entries(error.constraints ?? {}).sort(([a], [b]) => rank(a) - rank(b));
    for (const [type, fallback] of constraints) {
      out.push({ field: path, message: messageFor(error, type, fallback, path) });
    }
    if (error.children?.length) out.push(...localizeValidationErrors(error.children, path));
  }
  return out;
}
