import {
  API_BASE,
  CURRENT_SITE_HEADER,
  REPEAT_SUBMIT_WINDOW_MS,
  REQUEST_TIMEOUT_MS,
  ResultCode,
  type ApiResult,
  type FieldError,
  type Language,
} from '@zhiwen/shared';
import { HttpError } from 'ra-core';
import { sessionExpiry } from '../auth/sessionExpiry';
import { i18nProvider } from '../i18n/i18nProvider';
import { getStoredLanguage } from '../i18n/language';
import { SITE_COOKIE, cookieTokenStore, getCookie } from './cookies';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface RequestOptions {
  method?: Method;
  /** Query string values; nested objects become `key[sub]=` as the server's DTOs expect. */
  params?: Record<string, unknown>;
  /** JSON body (or FormData, sent as is). */
  data?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** false for calls made before sign-in (login, captcha). */
  withToken?: boolean;
  /** false to let a POST/PUT repeat at once (login: the button is disabled while it runs). */
  repeatSubmitGuard?: boolean;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  baseUrl?: string;
  getToken?: () => string | undefined;
  getLanguage?: () => Language;
  getSiteId?: () => string | undefined;
  translate: Translate;
  now?: () => number;
  /**
   * Called when a call sent with the current token is answered 401: the session ended (expired, forced out), and
   * the app opens its re-login dialog. Answers to a token replaced meanwhile (signed in again) are ignored.
   */
  onUnauthorized?: () => void;
}

export interface HttpClient {
  request<T = unknown>(url: string, options?: RequestOptions): Promise<ApiResult<T>>;
  get<T = unknown>(url: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<ApiResult<T>>;
  post<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  put<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  delete<T = unknown>(url: string, options?: RequestOptions): Promise<ApiResult<T>>;
  /** Fetches a file (POST of `data` by default, with extra headers such as `cc-export: 1`; GET with `data` as the query); a JSON answer is an error. */
  download(
    url: string,
    data?: Record<string, unknown>,
    headers?: Record<string, string>,
    method?: 'GET' | 'POST',
  ): Promise<{ blob: Blob; fileName: string }>;
  /**
   * Sends a multipart body by XMLHttpRequest, which reports upload progress (fetch does not): same headers and
   * envelope rules as `request`; `onProgress` gets the fraction sent (0..1).
   */
  upload<T = unknown>(url: string, data: FormData, options?: UploadOptions): Promise<ApiResult<T>>;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra headers (a picker working on another site than the current one sends its own CurrentSite). */
  headers?: Record<string, string>;
}

/** Default messages for an envelope code that came without a msg. */
const CODE_MESSAGE_KEYS: Record<number, string> = {
  [ResultCode.UNAUTHORIZED]: 'app.http.unauthorized',
  [ResultCode.FORBIDDEN]: 'app.http.forbidden',
  [ResultCode.NOT_FOUND]: 'app.http.not_found',
  [ResultCode.ERROR]: 'app.http.server_error',
  [ResultCode.WARN]: 'app.http.warning',
};

/** Serialises query params the way the server reads them; empty values are left out. */
export function toQueryString(params: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) {
      if (value.length) search.append(key, value.join(','));
    } else if (value instanceof Date) {
      search.append(key, value.toISOString());
    } else if (typeof value === 'object') {
      for (const [sub, subValue] of Object.entries(value)) add(`${key}[${sub}]`, subValue);
    } else {
      search.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return search.toString();
}

function isEnvelope(body: unknown): body is ApiResult {
  return typeof body === 'object' && body !== null && typeof (body as ApiResult).code === 'number';
}

/** react-admin shows `body.errors` next to form fields; the server lists them in `data.errors`. */
function errorBody(envelope: ApiResult): Record<string, unknown> {
  const list = (envelope.data as { errors?: FieldError[] } | undefined)?.errors;
  if (!Array.isArray(list) || !list.length) return { ...envelope };
  const errors: Record<string, unknown> = { root: { serverError: envelope.msg } };
  for (const { field, message } of list) errors[field] = message;
  return { ...envelope, errors };
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const {
    baseUrl = API_BASE,
    getToken = () => undefined,
    getLanguage,
    getSiteId = () => undefined,
    translate: t,
    now = Date.now,
    onUnauthorized,
  } = options;
  /** Reports a 401 to a call made with `sentToken`, unless that token was replaced since. */
  function checkUnauthorized(status: number, sentToken: string | undefined): void {
    if (status === ResultCode.UNAUTHORIZED && sentToken && sentToken === getToken()) onUnauthorized?.();
  }

  // Last body and time of each guarded url; mirrors the server's repeat-submit rule locally.
  const recentSubmits = new Map<string, { body: string; time: number }>();

  function checkRepeatSubmit(key: string, body: string): void {
    const time = now();
    const last = recentSubmits.get(key);
    if (last && last.body === body && time - last.time < REPEAT_SUBMIT_WINDOW_MS) {
      throw new HttpError(t('app.http.repeat_submit'), 0, null);
    }
    for (const [k, v] of recentSubmits) {
      if (time - v.time >= REPEAT_SUBMIT_WINDOW_MS) recentSubmits.delete(k);
    }
    recentSubmits.set(key, { body, time });
  }

  async function request<T>(url: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const method = opts.method ?? 'GET';
    const query = toQueryString(opts.params);
    const fullUrl = `${baseUrl}${url.startsWith('/') ? url : `/${url}`}${query ? `?${query}` : ''}`;

    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = opts.withToken === false ? undefined : getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (getLanguage) headers['Accept-Language'] = getLanguage();
    const siteId = getSiteId();
    if (siteId) headers[CURRENT_SITE_HEADER] = siteId;

    let body: string | FormData | undefined;
    if (opts.data instanceof FormData) {
      body = opts.data; // the browser sets the multipart boundary
    } else if (opts.data !== undefined) {
      body = JSON.stringify(opts.data);
      headers['Content-Type'] = 'application/json;charset=utf-8';
    }
    Object.assign(headers, opts.headers);

    if ((method === 'POST' || method === 'PUT') && opts.repeatSubmitGuard !== false && !(body instanceof FormData)) {
      checkRepeatSubmit(`${method} ${fullUrl}`, body ?? '');
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const onCallerAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) onCallerAbort();
    else opts.signal?.addEventListener('abort', onCallerAbort, { once: true });

    let response: Response;
    let text: string;
    try {
      response = await fetch(fullUrl, { method, headers, body, signal: controller.signal });
      text = await response.text();
    } catch (error) {
      if (timedOut) throw new HttpError(t('app.http.timeout'), 0, null);
      if (opts.signal?.aborted) throw error; // cancelled by the caller (react-query): not a failure
      throw new HttpError(t('app.http.network_error'), 0, null);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    }

    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: judged by the HTTP status below */
    }

    checkUnauthorized(isEnvelope(parsed) ? parsed.code : response.status, token);
    if (isEnvelope(parsed)) {
      const code = parsed.code;
      if (code === ResultCode.SUCCESS) return parsed as ApiResult<T>;
      const message = parsed.msg || t(CODE_MESSAGE_KEYS[code] ?? 'app.http.unknown');
      throw new HttpError(message, code, errorBody(parsed));
    }
    if (!response.ok) {
      throw new HttpError(t('app.http.status_error', { status: response.status }), response.status, parsed ?? null);
    }
    // An answer without an envelope (should not happen): hand it back as data.
    return { code: ResultCode.SUCCESS, msg: '', data: parsed as T };
  }

  async function download(url: string, data: Record<string, unknown> = {}, extra: Record<string, string> = {}, method: 'GET' | 'POST' = 'POST') {
    const headers: Record<string, string> = { ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}), ...extra };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (getLanguage) headers['Accept-Language'] = getLanguage();
    // Exports of the CMS lists (pipes, templates...) are of the current site, as their list calls are.
    const siteId = getSiteId();
    if (siteId) headers[CURRENT_SITE_HEADER] = siteId;
    let response: Response;
    try {
      const query = toQueryString(data);
      response =
        method === 'GET'
          ? await fetch(`${baseUrl}${url}${query ? `?${query}` : ''}`, { headers })
          : await fetch(`${baseUrl}${url}`, { method: 'POST', headers, body: query });
    } catch {
      throw new HttpError(t('app.http.download_failed'), 0, null);
    }
    const blob = await response.blob();
    // A refusal comes back as the JSON envelope instead of a file: show its message.
    if (blob.type.includes('application/json') || !response.ok) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await blob.text());
      } catch {
        parsed = undefined;
      }
      checkUnauthorized(isEnvelope(parsed) ? parsed.code : response.status, token);
      const message = isEnvelope(parsed) ? parsed.msg || t('app.http.download_failed') : t('app.http.download_failed');
      throw new HttpError(message, isEnvelope(parsed) ? parsed.code : response.status, parsed ?? null);
    }
    const fileName = decodeURIComponent(response.headers.get('download-filename') ?? 'export.xlsx');
    return { blob, fileName };
  }

  function upload<T>(url: string, data: FormData, opts: UploadOptions = {}): Promise<ApiResult<T>> {
    return new Promise<ApiResult<T>>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(opts.method ?? 'POST', `${baseUrl}${url.startsWith('/') ? url : `/${url}`}`);
      xhr.setRequestHeader('Accept', 'application/json');
      const token = getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      if (getLanguage) xhr.setRequestHeader('Accept-Language', getLanguage());
      const siteId = getSiteId();
      if (siteId && !opts.headers?.[CURRENT_SITE_HEADER]) xhr.setRequestHeader(CURRENT_SITE_HEADER, siteId);
      for (const [name, value] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(name, value);
      xhr.timeout = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(1, e.loaded / e.total));
      };
      xhr.ontimeout = () => reject(new HttpError(t('app.http.timeout'), 0, null));
      xhr.onerror = () => reject(new HttpError(t('app.http.network_error'), 0, null));
      xhr.onabort = () => reject(opts.signal?.reason ?? new DOMException('aborted', 'AbortError'));
      xhr.onload = () => {
        let parsed: unknown = undefined;
        try {
          parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
        } catch {
          /* not JSON: judged by the HTTP status below */
        }
        checkUnauthorized(isEnvelope(parsed) ? parsed.code : xhr.status, token);
        if (isEnvelope(parsed)) {
          if (parsed.code === ResultCode.SUCCESS) {
            opts.onProgress?.(1);
            return resolve(parsed as ApiResult<T>);
          }
          const message = parsed.msg || t(CODE_MESSAGE_KEYS[parsed.code] ?? 'app.http.unknown');
          return reject(new HttpError(message, parsed.code, errorBody(parsed)));
        }
        if (xhr.status < 200 || xhr.status >= 300) {
          return reject(new HttpError(t('app.http.status_error', { status: xhr.status }), xhr.status, parsed ?? null));
        }
        resolve({ code: ResultCode.SUCCESS, msg: '', data: parsed as T });
      };
      if (opts.signal?.aborted) {
        reject(opts.signal.reason ?? new DOMException('aborted', 'AbortError'));
        return;
      }
      opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(data);
    });
  }

  return {
    request,
    download,
    upload,
    get: (url, params, opts) => request(url, { ...opts, method: 'GET', params }),
    post: (url, data, opts) => request(url, { ...opts, method: 'POST', data }),
    put: (url, data, opts) => request(url, { ...opts, method: 'PUT', data }),
    delete: (url, opts) => request(url, { ...opts, method: 'DELETE' }),
  };
}

/**
 * The app's client: token from the Admin-Token cookie, language from localStorage, messages from i18n; a refused
 * session opens the re-login dialog.
 */
export const httpClient = createHttpClient({
  getToken: cookieTokenStore.get,
  getLanguage: getStoredLanguage,
  getSiteId: () => getCookie(SITE_COOKIE),
  translate: (key, options) => i18nProvider.translate(key, options),
  onUnauthorized: sessionExpiry.expire,
});
