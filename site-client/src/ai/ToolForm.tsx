import { aiFieldBounds, type AiToolField } from '@zhiwen/shared';
import { useId, useState, type FormEvent } from 'react';
import { t } from '../app/messages';
import { checkFields } from './fieldErrors';

interface ToolFormProps {
  fields: AiToolField[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  /** Called with valid values only. */
  onSubmit: (values: Record<string, string>) => void;
  submitLabel: string;
  disabled: boolean;
  /** Runs before the check; false ends the submit (a visitor is asked to sign in first). */
  gate?: () => boolean;
}

/** A tool's fields with their limits; checked with the shared rules before anything is sent. */
export function ToolForm({ fields, values, onChange, onSubmit, submitLabel, disabled, gate }: ToolFormProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (gate && !gate()) return;
    const found = checkFields(fields, values);
    setErrors(found);
    if (!Object.keys(found).length) onSubmit(values);
  };

  return (
    <form className="ai-form" onSubmit={submit} noValidate>
      {fields.map((field) => {
        const id = `${formId}-${field.name}`;
        const error = errors[field.name];
        const { max } = aiFieldBounds(field);
        const value = values[field.name] ?? '';
        const set = (next: string) => {
          onChange({ ...values, [field.name]: next });
          if (error) setErrors(({ [field.name]: _gone, ...rest }) => rest);
        };
        const common = {
          id,
          name: field.name,
          value,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        };
        return (
          <div key={field.name} className={error ? 'field field-invalid' : 'field'}>
            <label htmlFor={id}>
              {field.label}
              {field.required && (
                <span className="required-mark" aria-label={t('ai.required')}>
                  *
                </span>
              )}
            </label>
            {field.type === 'select' ? (
              <select {...common} onChange={(e) => set(e.target.value)}>
                {field.options?.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : field.type === 'textarea' ? (
              <textarea {...common} rows={4} maxLength={max} placeholder={field.placeholder} onChange={(e) => set(e.target.value)} />
            ) : (
              <input {...common} type="text" maxLength={max} placeholder={field.placeholder} onChange={(e) => set(e.target.value)} />
            )}
            {field.type !== 'select' && (
              <span className="field-counter" aria-hidden="true">
                {t('ai.counter', { count: [...value].length, max })}
              </span>
            )}
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="button button-block" disabled={disabled}>
        {submitLabel}
      </button>
    </form>
  );
}
