import { useEffect, useState } from 'react';
import { t } from '../app/messages';
import { http } from '../app/http';
import { browserStore } from '../app/browser/storage';
import { useSession } from '../auth/session';
import { LoginForm } from '../auth/forms/LoginForm';
import { AuthCard } from '../components/AuthCard';

/** The path of this page; page script opens it with `?redirect=/connect`, so a sign-in here comes back here. */
export const CONNECT_PATH = '/connect';

/** Where the popup keeps the page that opened it: a sign-in by WeChat QR leaves and comes back without a referrer. */
const OPENER_KEY = 'zhiwen.connect.page';

interface PageToken {
  token: string;
  expiresAt: number;
  nickName: string;
}

/** The page that opened this popup (its origin, under the published pages' referrer policy), remembered for the tab. */
function openerPage(): string {
  const store = browserStore('session');
  if (document.referrer && new URL(document.referrer).pathname !== CONNECT_PATH) store.setItem(OPENER_KEY, document.referrer);
  return store.getItem(OPENER_KEY) ?? '';
}

/**
 * /connect: opened as a popup by a widget of a published CMS page (comments, votes; cms/template/page-member-script.ts
 * on the server). The member signs in if needed and agrees; the page then asks for a page token (comment, like, vote
 * only) and posts it to the opener. Published pages run in an opaque origin, hence the `*` target: the server hands
 * tokens only to pages whose origin is one of ours (the referrer, which the opener cannot forge).
 */
export function ConnectPage() {
  const { signedIn, member } = useSession();
  const [page] = useState(openerPage);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const opener = typeof window !== 'undefined' ? window.opener : null;
  const host = page ? new URL(page).host : '';

  useEffect(() => {
    document.title = t('connect.title');
  }, []);

  if (!opener || !page) {
    return (
      <AuthCard title={t('connect.title')}>
        <p role="alert">{t('connect.noOpener')}</p>
      </AuthCard>
    );
  }
  if (!signedIn) {
    return (
      <AuthCard title={t('connect.title')}>
        <p>{t('connect.signInFirst')}</p>
        <LoginForm />
      </AuthCard>
    );
  }

  async function allow() {
    setBusy(true);
    setError('');
    try {
      const { data } = await http.post<PageToken>('/api/member/page-token', { pageUrl: page });
      (opener as Window).postMessage({ type: 'zhiwen:page-token', ...data }, '*');
      window.close();
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  return (
    <AuthCard title={t('connect.title')}>
      <p>{t('connect.question', { host, name: member?.nickName || member?.userName || '' })}</p>
      <p style={{ color: 'var(--muted)' }}>{t('connect.scope')}</p>
      {error ? <p role="alert">{error}</p> : null}
      <div className="button-row">
        <button type="button" className="button" disabled={busy} onClick={() => void allow()}>
          {t('connect.allow')}
        </button>
        <button type="button" className="button button-outline" onClick={() => window.close()}>
          {t('connect.cancel')}
        </button>
      </div>
    </AuthCard>
  );
}
