import { CAPTCHA_TIMEOUT_MS } from '@zhiwen/shared';
import type { HttpClient } from '../providers/httpClient';

/** `data` of GET /captchaImage. */
export interface CaptchaData {
  captchaEnabled?: boolean;
  registerEnabled?: boolean;
  img?: string;
  uuid?: string;
}

export interface Captcha {
  src: string;
  uuid: string;
}

/** Base64 prefixes of the image types a captcha may come in (svg text, `<?xml`, jpeg, gif, png). */
const BASE64_TYPES: [string, string][] = [
  ['PHN2', 'image/svg+xml'],
  ['PD94', 'image/svg+xml'],
  ['/9j/', 'image/jpeg'],
  ['R0lG', 'image/gif'],
  ['iVBOR', 'image/png'],
];

/** Turns the server's `img` (data URL, raw svg or bare base64) into an <img> src. */
export function captchaSrc(img: string): string {
  const value = img.trim();
  if (value.startsWith('data:')) return value;
  if (value.startsWith('<')) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(value)}`;
  const type = BASE64_TYPES.find(([prefix]) => value.startsWith(prefix))?.[1] ?? 'image/png';
  return `data:${type};base64,${value}`;
}

/** What a login screen shows: the captcha (null when off or unreachable) and whether to offer registration. */
export interface LoginScreen {
  captcha: Captcha | null;
  registerEnabled: boolean;
}

/** Whether a failed sign-in said the next attempt needs a captcha (after failures, even while it is switched off). */
export function captchaRequiredBy(error: unknown): boolean {
  const body = (error as { body?: { data?: { captchaRequired?: unknown } } } | null)?.body;
  return body?.data?.captchaRequired === true;
}

/**
 * Loads a fresh captcha and the registration switch; on failure the form goes without both. `required`: a captcha
 * even while it is switched off (the last sign-in answered `captchaRequired`).
 */
export async function loadCaptcha(http: HttpClient, required = false): Promise<LoginScreen> {
  try {
    const { data } = await http.get<CaptchaData>('/captchaImage', required ? { required: 'true' } : undefined, {
      withToken: false,
      timeoutMs: CAPTCHA_TIMEOUT_MS,
    });
    const registerEnabled = data?.registerEnabled === true;
    if (data?.captchaEnabled !== true || !data.img) return { captcha: null, registerEnabled };
    return { captcha: { src: captchaSrc(data.img), uuid: data.uuid ?? '' }, registerEnabled };
  } catch {
    return { captcha: null, registerEnabled: false };
  }
}
