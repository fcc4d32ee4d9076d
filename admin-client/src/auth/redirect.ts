/** The login page's `?redirect=`: where to go after signing in (spec 2.1). */
export const REDIRECT_PARAM = 'redirect';

/**
 * A router path taken from `?redirect=`, or undefined when it could leave the app: only a path of this app
 * (`/system/post?x=1`) is followed, never another origin (`//evil.example`, `https://...`, `/\evil`).
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (value === '/login' || value.startsWith('/login?')) return undefined; // would come back here
  return value;
}

/** The login page that comes back to `path` (path plus query) after signing in. */
export function loginPathFor(path: string): string {
  return `/login?${REDIRECT_PARAM}=${encodeURIComponent(path)}`;
}
