import { CAPTCHA_TIMEOUT_MS } from '@zhiwen/shared';
import { ApiError, http } from '../app/http';
import type { MemberProfile } from './session';

/** `GET /captchaImage`: the image (data URL) and its id, and whether the captcha and registration are on. */
export interface CaptchaInfo {
  captchaEnabled: boolean;
  registerEnabled: boolean;
  img?: string;
  uuid?: string;
}

// Calls made before sign-in carry no token and treat a 401 as a plain refusal (no login modal).
const PUBLIC = { withToken: false, requiresAuth: false } as const;

/** `required`: a captcha even while it is switched off (the last sign-in answered `captchaRequired`). */
export async function fetchCaptcha(required = false): Promise<CaptchaInfo> {
  const params = required ? { required: 'true' } : undefined;
  const { data } = await http.get<CaptchaInfo>('/captchaImage', params, { ...PUBLIC, timeoutMs: CAPTCHA_TIMEOUT_MS });
  return { captchaEnabled: data?.captchaEnabled !== false, registerEnabled: data?.registerEnabled === true, img: data?.img, uuid: data?.uuid };
}

export interface LoginPayload {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
}

/** Whether a refused sign-in said the next attempt needs a captcha (after failures, even while it is switched off). */
export function captchaRequiredBy(error: unknown): boolean {
  return error instanceof ApiError && (error.data as { captchaRequired?: unknown } | undefined)?.captchaRequired === true;
}

/** The token, and the server's success message. */
export async function loginMember(payload: LoginPayload): Promise<{ token: string; msg: string }> {
  // The button is disabled while this runs; a quick retry with a new captcha must not be refused as a repeat.
  const result = await http.post<string>('/member/login', payload, { ...PUBLIC, repeatSubmitGuard: false });
  return { token: result.data ?? '', msg: result.msg };
}

export interface RegisterPayload {
  username: string;
  password: string;
  authCode?: string;
  uuid?: string;
  randomCode?: string;
}

export async function registerMember(payload: RegisterPayload): Promise<{ token: string; msg: string }> {
  const result = await http.post<string>('/register', payload, { ...PUBLIC, repeatSubmitGuard: false });
  return { token: result.data ?? '', msg: result.msg };
}

export async function fetchMemberInfo(): Promise<MemberProfile> {
  const { data } = await http.get<{ user: MemberProfile }>('/member/info');
  if (!data?.user) throw new Error('member info without user');
  return data.user;
}

export async function logoutMember(): Promise<void> {
  await http.post('/member/logout', undefined, { requiresAuth: false, repeatSubmitGuard: false });
}

export interface ProfilePayload {
  nickName: string;
  phonenumber?: string;
  email?: string;
  birthday?: string;
  sex?: string;
}

export async function updateProfile(payload: ProfilePayload): Promise<void> {
  await http.put('/member/profile', payload);
}

export async function updatePassword(payload: { oldPassword?: string; newPassword: string }): Promise<void> {
  await http.put('/member/password', payload);
}

export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('avatarfile', file);
  const { data } = await http.post<{ imgUrl: string }>('/member/avatar', form);
  return data?.imgUrl ?? '';
}
