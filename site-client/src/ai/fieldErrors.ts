import { validateAiToolInput, type AiFieldError, type AiToolField } from '@zhiwen/shared';
import { t } from '../app/messages';

/** The visitor's message for one failed field check (the shared rules the server runs too). */
export function fieldErrorMessage(error: AiFieldError, field?: AiToolField): string {
  const params = { label: error.label, limit: error.limit ?? '' };
  switch (error.rule) {
    case 'required':
      return t(field?.type === 'select' ? 'ai.err.requiredSelect' : 'ai.err.required', params);
    case 'minLength':
      return t('ai.err.minLength', params);
    case 'maxLength':
      return t('ai.err.maxLength', params);
    case 'isIn':
      return t('ai.err.isIn', params);
    default:
      return t('ai.err.invalid', params);
  }
}

/** Field name → message of its first failed check; empty when the values pass. */
export function checkFields(fields: AiToolField[], values: Record<string, string>): Record<string, string> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const out: Record<string, string> = {};
  for (const error of validateAiToolInput(fields, values)) out[error.field] ??= fieldErrorMessage(error, byName.get(error.field));
  return out;
}

/** Starting values: each field's default (selects), else empty. */
export const initialValues = (fields: AiToolField[]): Record<string, string> =>
  Object.fromEntries(fields.map((field) => [field.name, field.defaultValue ?? (field.type === 'select' ? (field.options?.[0]?.value ?? '') : '')]));
