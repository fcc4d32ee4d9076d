import {
  API_BASE,
  DOWNLOAD_FILENAME_HEADER,
  REPEAT_SUBMIT_WINDOW_MS,
  REQUEST_TIMEOUT_MS,
  ResultCode,
  type ApiResult,
  type Language,
} from '@zhiwen/shared';
import type { MessageKey } from '../messages';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Query values; empty ones are left out. */
  params?: Record<string, string | number | boolean | undefined | null>;
  /** JSON body, or FormData sent as is. */
  data?: unknown;
  timeoutMs?: number;
  /** false for calls that must not carry the token (sign-in, registration, captcha). */
  withToken?: boolean;
  /** false when a 401 is an expected answer, not a lost session (no login modal). Spec 8: true by default. */
  requiresAuth?: boolean;
  /** false lets a POST/PUT repeat at once (sign-in: the button is disabled while it runs). */
  repeatSubmitGuard?: boolean;
  /** Cancels the call (a Stop button); the failure is then of kind 'aborted' and shown to nobody. */
  signal?: AbortSignal;
  /** The server's msg wins over spec 8's code table (403/404 of AI generation name the tool or level). */
  preferServerMessage?: boolean;
}

export type FailureKind = 'api' | 'network' | 'timeout' | 'http' | 'repeat' | 'aborted';

/** A refused or failed call; `message` is what the visitor was shown. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly kind: FailureKind,
    /** `data` of a refused call's envelope (a sign-in's `captchaRequired`). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface HttpClientOptions {
  baseUrl?: string;
  getToken: () => string | undefined;
  language: Language;
  translate: (key: MessageKey, params?: Record<string, string | number>) => string;
  /** Shows a failure to the visitor (the client shows every failure once, callers need not). */
  notify: (kind: 'error' | 'warning', text: string) => void;
  /** A 401 to a call that needs a session: open the login modal, remember where the visitor was. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface HttpClient {
  request<T = unknown>(url: string, options?: RequestOptions): Promise<ApiResult<T>>;
  get<T = unknown>(url: string, params?: RequestOptions['params'], options?: RequestOptions): Promise<ApiResult<T>>;
  post<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  put<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  delete<T = unknown>(url: string, options?: RequestOptions): Promise<ApiResult<T>>;
  /**
   * A call answered with Server-Sent Events: the open response (its body is the stream) once the server started
   * streaming; a refusal before that (a JSON envelope) fails exactly like `request`.
   */
  stream(url: string, options?: RequestOptions): Promise<Response>;
  /**
   * A file answer (a report): its bytes and the name the server gave it. A JSON envelope instead of the file is a
   * refusal and fails exactly like `request`.
   */
  download(url: string, options?: RequestOptions): Promise<Download>;
}

export interface Download {
  blob: Blob;
  /** From `download-filename` or Content-Disposition; undefined when the server named none. */
  fileName?: string;
  contentType: string;
}

/** The file name a download answer carries: `download-filename` (URI-encoded), else Content-Disposition. */
export function fileNameOf(headers: Headers): string | undefined {
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value; // not URI-encoded after all
    }
  };
  const named = headers.get(DOWNLOAD_FILENAME_HEADER);
  if (named) return decode(named);
  const disposition = headers.get('Content-Disposition') ?? '';
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) return decode(extended[1].trim());
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : undefined;
}

/** Spec 8's code table; it wins over the server's msg for these codes. */
const CODE_MESSAGES: Partial<Record<number, MessageKey>> = {
  [ResultCode.UNAUTHORIZED]: 'http.401',
  [ResultCode.FORBIDDEN]: 'http.403',
  [ResultCode.NOT_FOUND]: 'http.404',
};

function queryString(params: RequestOptions['params'] = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The site's one HTTP client: the envelope `{code,msg,data}`, spec 8's messages, the repeat-submit guard, timeouts. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { baseUrl = API_BASE, getToken, language, translate: t, notify, onUnauthorized, now = Date.now } = options;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const recentSubmits = new Map<string, { body: string; time: number }>();

  function fail(message: string, code: number, kind: FailureKind, level: 'error' | 'warning' = 'error', data?: unknown): never {
    notify(level, message);
    throw new ApiError(message, code, kind, data);
  }

  /** Spec 5: the same POST/PUT (url and body) within 1000 ms of the previous one is refused. */
  function checkRepeatSubmit(key: string, body: string): void {
    const time = now();
    const last = recentSubmits.get(key);
    if (last && last.body === body && time - last.time < REPEAT_SUBMIT_WINDOW_MS) {
      fail(t('http.repeatSubmit'), 0, 'repeat', 'warning');
    }
    for (const [k, v] of recentSubmits) if (time - v.time >= REPEAT_SUBMIT_WINDOW_MS) recentSubmits.delete(k);
    recentSubmits.set(key, { body, time });
  }

  /** A call sent: the response (body unread), the token it carried, and its timer's release and state. */
  interface Sent {
    response: Response;
    token?: string;
    done: () => void;
    timedOut: () => boolean;
  }

  /** Sends one call; answers the response (body unread) and the token it carried. */
  async function send(url: string, opts: RequestOptions, accept: string): Promise<Sent> {
    const method = opts.method ?? 'GET';
    const fullUrl = `${baseUrl}${url}${queryString(opts.params)}`;
    const headers: Record<string, string> = { Accept: accept, 'Accept-Language': language };
    const token = opts.withToken === false ? undefined : getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let body: string | FormData | undefined;
    if (opts.data instanceof FormData) {
      body = opts.data; // the browser writes the multipart boundary
    } else if (opts.data !== undefined) {
      body = JSON.stringify(opts.data);
      headers['Content-Type'] = 'application/json;charset=utf-8';
    }
    if ((method === 'POST' || method === 'PUT') && opts.repeatSubmitGuard !== false && typeof body !== 'object') {
      checkRepeatSubmit(`${method} ${fullUrl}`, body ?? '');
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const onCallerAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onCallerAbort);
    const done = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    };
    try {
      const response = await doFetch(fullUrl, { method, headers, body, signal: controller.signal, credentials: 'same-origin' });
      return { response, token, done, timedOut: () => timedOut };
    } catch {
      done();
      transportFailure(timedOut, opts);
    }
  }

  function transportFailure(timedOut: boolean, opts: RequestOptions): never {
    if (opts.signal?.aborted) throw new ApiError('aborted', 0, 'aborted'); // the visitor's own Stop: nothing to show
    if (timedOut) fail(t('http.timeout'), 0, 'timeout');
    fail(t('http.networkError'), 0, 'network');
  }

  /** Reads the envelope of an answer: its data, or the failure shown by spec 8's rules. */
  function envelopeOf<T>(text: string, response: Response, token: string | undefined, opts: RequestOptions): ApiResult<T> {
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined; // not JSON: judged by the HTTP status below
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      if (!response.ok) fail(t('http.statusError', { status: response.status }), response.status, 'http');
      return { code: ResultCode.SUCCESS, msg: '', data: parsed as T };
    }

    const envelope = parsed as Partial<ApiResult<T>>;
    const code = typeof envelope.code === 'number' ? envelope.code : ResultCode.SUCCESS; // spec 8: absent = 200
    if (code === ResultCode.SUCCESS) return { code, msg: envelope.msg ?? '', data: envelope.data };
    const tableKey = CODE_MESSAGES[code];
    const serverFirst = opts.preferServerMessage && code !== ResultCode.UNAUTHORIZED && envelope.msg;
    const message = serverFirst ? envelope.msg! : tableKey ? t(tableKey) : envelope.msg || t('http.default');
    if (code === ResultCode.UNAUTHORIZED) {
      notify('error', message);
      // An answer to a token replaced meanwhile (signed in again) is old news.
      if (opts.requiresAuth !== false && token === (opts.withToken === false ? undefined : getToken())) onUnauthorized();
      throw new ApiError(t('http.sessionInvalid'), code, 'api');
    }
    if (code === ResultCode.WARN) fail(message, code, 'api', 'warning', envelope.data);
    fail(message, code, 'api', 'error', envelope.data);
  }

  /** Reads the body of a sent call with `read`, then releases its timer; a body cut off is a transport failure. */
  async function readBody<R>(sent: Sent, opts: RequestOptions, read: (response: Response) => Promise<R>): Promise<R> {
    try {
      return await read(sent.response);
    } catch {
      transportFailure(sent.timedOut(), opts);
    } finally {
      sent.done();
    }
  }

  /**
   * An answer that is not what the call asked for (a stream, a file): shows the failure its envelope carries;
   * a successful envelope is not what was asked for either.
   */
  async function rejectAnswer(sent: Sent, opts: RequestOptions): Promise<never> {
    const text = await readBody(sent, opts, (response) => response.text());
    envelopeOf(text, sent.response, sent.token, opts);
    fail(t('http.statusError', { status: sent.response.status }), sent.response.status, 'http');
  }

  async function request<T>(url: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const sent = await send(url, opts, 'application/json');
    const text = await readBody(sent, opts, (response) => response.text());
    return envelopeOf<T>(text, sent.response, sent.token, opts);
  }

  async function stream(url: string, opts: RequestOptions = {}): Promise<Response> {
    // The whole stream stays bounded by the request timeout; a Stop aborts it (and the server its upstream call).
    const sent = await send(url, { ...opts, method: opts.method ?? 'POST' }, 'text/event-stream, application/json');
    const { response, done, timedOut } = sent;
    if (response.ok && (response.headers.get('Content-Type') ?? '').includes('text/event-stream') && response.body) {
      // Timer and abort listener stay until the body ends: wrap the body so they are released then.
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(ctrl) {
          try {
            const { value, done: end } = await reader.read();
            if (end) {
              done();
              ctrl.close();
            } else ctrl.enqueue(value);
          } catch (error) {
            done();
            ctrl.error(
              opts.signal?.aborted ? new ApiError('aborted', 0, 'aborted') : timedOut() ? new ApiError(t('http.timeout'), 0, 'timeout') : error,
            );
          }
        },
        cancel(reason) {
          done();
          return reader.cancel(reason);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    }
    // Not a stream: an error envelope, or a 200 JSON answer, which is not what the protocol promises.
    return rejectAnswer(sent, opts);
  }

  async function download(url: string, opts: RequestOptions = {}): Promise<Download> {
    const sent = await send(url, opts, '*/*');
    const contentType = sent.response.headers.get('Content-Type') ?? '';
    // An envelope instead of the file: its failure, or (successful) not the file that was asked for.
    if (!sent.response.ok || contentType.includes('application/json')) return rejectAnswer(sent, opts);
    const blob = await readBody(sent, opts, (response) => response.blob());
    return { blob, fileName: fileNameOf(sent.response.headers), contentType };
  }

  return {
    request,
    get: (url, params, opts) => request(url, { ...opts, method: 'GET', params }),
    post: (url, data, opts) => request(url, { ...opts, method: 'POST', data }),
    put: (url, data, opts) => request(url, { ...opts, method: 'PUT', data }),
    delete: (url, opts) => request(url, { ...opts, method: 'DELETE' }),
    stream,
    download,
  };
}
