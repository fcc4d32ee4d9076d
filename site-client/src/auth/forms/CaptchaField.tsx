import { t } from '../../app/messages';
import { Field } from '../../components/Field';
import type { CaptchaInfo } from '../api';

interface CaptchaFieldProps {
  info: CaptchaInfo | null;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onRefresh: () => void;
}

/** The captcha answer with its image; a click on the image loads a new one. Hidden while the captcha is off. */
export function CaptchaField({ info, value, error, onChange, onRefresh }: CaptchaFieldProps) {
  if (info && !info.captchaEnabled) return null;
  return (
    <Field
      label={t('form.captcha')}
      name="code"
      autoComplete="off"
      inputMode="text"
      maxLength={10}
      placeholder={t('form.captchaPlaceholder')}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
      addon={
        <button type="button" className="captcha-image" title={t('form.captchaRefresh')} aria-label={t('form.captchaNext')} onClick={onRefresh}>
          {info?.img ? <img src={info.img} alt="" width={120} height={40} /> : <span>{t('form.captchaLoading')}</span>}
        </button>
      }
    />
  );
}
