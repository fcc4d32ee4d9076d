import { useId, useState, type FormEvent } from 'react';
import { t } from '../../app/messages';
import { AUTHOR_MAX, PAPER_EXTENSIONS, TITLE_MAX, checkOrderFields, checkPaperFile, type FieldProblem, type OrderFields } from '../rules';

export interface CheckFormValues {
  title: string;
  author: string;
  file: File | null;
}

interface CheckFormProps {
  values: CheckFormValues;
  onChange: (values: CheckFormValues) => void;
  /** Called with checked values only. */
  onSubmit: (values: CheckFormValues & { file: File }) => void;
  /** Runs before the check; false ends the submit (a visitor is asked to sign in first). */
  gate: () => boolean;
  submitLabel: string;
  disabled: boolean;
}

const ACCEPT = PAPER_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const say = (problem?: FieldProblem) => (problem ? t(problem.key, problem.params) : undefined);

/** Title, author and the paper file, checked here before the upload (the server checks again). */
export function CheckForm({ values, onChange, onSubmit, gate, submitLabel, disabled }: CheckFormProps) {
  const id = useId();
  const [errors, setErrors] = useState<Partial<Record<keyof OrderFields, string>>>({});

  const set = (field: keyof CheckFormValues, value: string | File | null) => {
    onChange({ ...values, [field]: value });
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const pickFile = (file: File | null) => {
    set('file', file);
    // A wrong file is named at once, not only on submit.
    const problem = file ? checkPaperFile(file) : undefined;
    if (problem) setErrors((current) => ({ ...current, file: say(problem) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!gate()) return;
    const found = checkOrderFields(values);
    setErrors({ title: say(found.title), author: say(found.author), file: say(found.file) });
    if (!found.title && !found.author && !found.file && values.file) onSubmit({ ...values, file: values.file });
  };

  const described = (field: keyof OrderFields, hint?: string) => {
    const ids = [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': ids || undefined };
  };
  const errorOf = (field: keyof OrderFields) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="field-error" role="alert">
        {errors[field]}
      </p>
    );

  return (
    <form className="ai-form check-form" onSubmit={submit} noValidate aria-label={t('check.formTitle')}>
      <div className={errors.title ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${id}-title`}>
          {t('check.title')}
          <span className="required-mark" aria-label={t('ai.required')}>
            *
          </span>
        </label>
        <input
          id={`${id}-title`}
          name="title"
          type="text"
          required
          maxLength={TITLE_MAX}
          value={values.title}
          placeholder={t('check.titlePlaceholder')}
          data-testid="check-title"
          onChange={(e) => set('title', e.target.value)}
          {...described('title')}
        />
        {errorOf('title')}
      </div>
      <div className={errors.author ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${id}-author`}>{t('check.author')}</label>
        <input
          id={`${id}-author`}
          name="author"
          type="text"
          maxLength={AUTHOR_MAX}
          value={values.author}
          placeholder={t('check.authorPlaceholder')}
          data-testid="check-author"
          onChange={(e) => set('author', e.target.value)}
          {...described('author')}
        />
        {errorOf('author')}
      </div>
      <div className={errors.file ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${id}-file`}>
          {t('check.file')}
          <span className="required-mark" aria-label={t('ai.required')}>
            *
          </span>
        </label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept={ACCEPT}
          required
          data-testid="check-file"
          onChange={(e) => pickFile(e.target.files?.[0] ?? null)}
          {...described('file', `${id}-file-hint`)}
        />
        <span id={`${id}-file-hint`} className="field-counter check-file-hint">
          {t('check.fileHint')}
        </span>
        {errorOf('file')}
      </div>
      <button type="submit" className="button button-block" data-testid="check-submit" disabled={disabled}>
        {submitLabel}
      </button>
    </form>
  );
}
