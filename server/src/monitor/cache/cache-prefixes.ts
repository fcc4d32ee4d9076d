/**
 * The key prefixes the product uses in the shared store (KV_STORE), found by the code that writes them. The cache
 * monitor lists, reads and clears only keys under these; other keys in the same Redis are never touched.
 */
export interface CachePrefix {
  /** Path-safe name of the group (`/monitor/cache/getKeys/{id}`). */
  id: string;
  /** Key prefix inside our namespace. */
  prefix: string;
  /** Message key of the group's name. */
  nameKey: string;
  /** How values are shown: `session` masks credentials inside the JSON, `secret` hides the whole value. */
  mask?: 'session' | 'secret';
  /** Only kept in Redis (the memory mode keeps it elsewhere). */
  redisOnly?: boolean;
}

export const CACHE_PREFIXES: readonly CachePrefix[] = [
  // auth/session.service.ts
  { id: 'session-staff', prefix: 'session:staff:', nameKey: 'cacheMonitor.name.sessionStaff', mask: 'session' },
  { id: 'session-member', prefix: 'session:member:', nameKey: 'cacheMonitor.name.sessionMember', mask: 'session' },
  // auth/captcha.service.ts: the answer of a live captcha
  { id: 'captcha', prefix: 'captcha:', nameKey: 'cacheMonitor.name.captcha', mask: 'secret' },
  // system/config/sys-config.service.ts
  { id: 'config', prefix: 'config:', nameKey: 'cacheMonitor.name.config' },
  // system/dict/dict-cache.ts
  { id: 'dict', prefix: 'dict:data:', nameKey: 'cacheMonitor.name.dict' },
  // common/security/repeat-submit.interceptor.ts
  { id: 'repeat-submit', prefix: 'repeat:', nameKey: 'cacheMonitor.name.repeatSubmit' },
  // auth/sign-in-counters.ts: failure counters, waits and locks
  { id: 'sign-in', prefix: 'signin:', nameKey: 'cacheMonitor.name.signIn' },
  // ai/limits/ai-limits.service.ts
  { id: 'ai-rate', prefix: 'ai:rate:', nameKey: 'cacheMonitor.name.aiRate' },
  // member/wechat/wechat-login.service.ts
  { id: 'wechat-state', prefix: 'wechat-state:', nameKey: 'cacheMonitor.name.wechatState' },
  // common/cache/redis-throttler-storage.ts (without Redis the rate limiter counts inside each process)
  { id: 'rate-limit', prefix: 'throttle:', nameKey: 'cacheMonitor.name.rateLimit', redisOnly: true },
];

export const prefixById = (id: string) => CACHE_PREFIXES.find((p) => p.id === id);
export const prefixOfKey = (key: string) => CACHE_PREFIXES.find((p) => key.startsWith(p.prefix));

const SENSITIVE = /token|secret|password|passwd|pwd|salt|openid|unionid|session_?key|credential|api_?key/i;
export const MASK = '******';

function maskFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskFields);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SENSITIVE.test(k) ? MASK : maskFields(v)]));
  }
  return value;
}

/** A value as the screen may show it: credentials masked, never a token or a secret. */
export function maskValue(prefix: CachePrefix | undefined, value: string): string {
  if (prefix?.mask === 'secret') return MASK;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object') return JSON.stringify(maskFields(parsed), null, 2);
  } catch {
    // not JSON: shown as it is, except in session groups
  }
  return prefix?.mask === 'session' ? MASK : value;
}
