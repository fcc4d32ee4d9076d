import { ACCOUNT } from '@zhiwen/shared';
import { t } from '../app/messages';

/** Spec 5: a member user name starts with a letter and uses only letters, digits and underscores. */
export const MEMBER_USER_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface LoginFields {
  username: string;
  password: string;
  code: string;
}

/** Login: user name (or phone, email), password, and the captcha while it is on. */
export function validateLogin(values: LoginFields, captchaEnabled: boolean): FieldErrors<keyof LoginFields> {
  const errors: FieldErrors<keyof LoginFields> = {};
  if (!values.username.trim()) errors.username = t('validation.usernameRequired');
  if (!values.password) errors.password = t('validation.passwordRequired');
  if (captchaEnabled && !values.code.trim()) errors.code = t('validation.captchaRequired');
  return errors;
}

export interface RegisterFields extends LoginFields {
  confirmPassword: string;
}

/** Registration (spec 5 and 9): user name 3-20 of the member pattern, password 6+, confirmation equal, captcha. */
export function validateRegister(values: RegisterFields, captchaEnabled: boolean): FieldErrors<keyof RegisterFields> {
  const errors: FieldErrors<keyof RegisterFields> = {};
  const username = values.username.trim();
  const { registerUsernameMin: min, registerUsernameMax: max, registerPasswordMin: pmin, registerPasswordMax: pmax } = ACCOUNT;
  if (!username) errors.username = t('validation.usernameRequired');
  else if (username.length < min || username.length > max) errors.username = t('validation.usernameLength', { min, max });
  else if (!MEMBER_USER_NAME.test(username)) errors.username = t('validation.usernamePattern');
  if (!values.password) errors.password = t('validation.passwordRequired');
  else if (values.password.length < pmin || values.password.length > pmax) errors.password = t('validation.passwordLength', { min: pmin, max: pmax });
  if (!values.confirmPassword) errors.confirmPassword = t('validation.confirmRequired');
  else if (values.confirmPassword !== values.password) errors.confirmPassword = t('validation.passwordMismatch');
  if (captchaEnabled && !values.code.trim()) errors.code = t('validation.captchaRequired');
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
