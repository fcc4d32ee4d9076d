import { handleUnauthorized } from '../../auth/unauthorized';
import { tokenStore } from '../../auth/token';
import { siteLanguage, t } from '../messages';
import { showToast } from '../toast/toastStore';
import { createHttpClient } from './client';

export { ApiError } from './client';

/** The site's client: member token from its cookie, failures as toasts, a 401 opens the login modal. */
export const http = createHttpClient({
  getToken: tokenStore.get,
  language: siteLanguage,
  translate: t,
  notify: showToast,
  onUnauthorized: () => handleUnauthorized(),
});
