import { useState, type FormEvent } from 'react';
import { t } from '../app/messages';
import { showToast } from '../app/toast/toastStore';
import { reloadMember } from '../auth/actions';
import { updateProfile } from '../auth/api';
import type { MemberProfile } from '../auth/session';
import { Field } from '../components/Field';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^1[3-9]\d{9}$/;

type Values = { nickName: string; phonenumber: string; email: string; birthday: string; sex: string };
type Errors = Partial<Record<keyof Values, string>>;

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (!values.nickName.trim()) errors.nickName = t('validation.nickNameRequired');
  if (values.phonenumber && !PHONE.test(values.phonenumber)) errors.phonenumber = t('validation.phone');
  if (values.email && !EMAIL.test(values.email)) errors.email = t('validation.email');
  return errors;
}

/** The member's own profile (PUT /member/profile); the user name is fixed at registration. */
export function ProfileForm({ member }: { member: MemberProfile }) {
  const [values, setValues] = useState<Values>({
    nickName: member.nickName,
    phonenumber: member.phonenumber,
    email: member.email,
    birthday: member.birthday ?? '',
    sex: member.sex || '2',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length || busy) return;
    setBusy(true);
    try {
      await updateProfile({ ...values, nickName: values.nickName.trim() });
      showToast('success', t('member.profileSaved'));
      await reloadMember();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel-form" onSubmit={submit} noValidate>
      <h3>{t('member.profileTitle')}</h3>
      <p className="panel-static">
        {t('member.userName')}：{member.userName || '—'}
      </p>
      <Field
        label={t('member.nickName')}
        value={values.nickName}
        maxLength={30}
        error={errors.nickName}
        onChange={(e) => set('nickName')(e.target.value)}
      />
      <Field
        label={t('member.phone')}
        value={values.phonenumber}
        inputMode="tel"
        error={errors.phonenumber}
        onChange={(e) => set('phonenumber')(e.target.value)}
      />
      <Field label={t('member.email')} value={values.email} type="email" error={errors.email} onChange={(e) => set('email')(e.target.value)} />
      <Field label={t('member.birthday')} value={values.birthday} type="date" onChange={(e) => set('birthday')(e.target.value)} />
      <fieldset className="radio-group">
        <legend>{t('member.sex')}</legend>
        {(
          [
            ['0', 'member.sexMale'],
            ['1', 'member.sexFemale'],
            ['2', 'member.sexUnknown'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input type="radio" name="sex" value={value} checked={values.sex === value} onChange={() => set('sex')(value)} />
            {t(label)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('form.saving') : t('form.save')}
      </button>
    </form>
  );
}
