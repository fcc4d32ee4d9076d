import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { browserStore } from '../app/browser/storage';
import { http } from '../app/http';
import { t } from '../app/messages';
import { LoginForm } from '../auth/forms/LoginForm';
import { useSession } from '../auth/session';
import { AuthCard } from '../components/AuthCard';
import { storeRedirect } from '../navigation/redirectTarget';

/** Hosts whose published pages the member allowed without asking again (this browser only). */
const ALLOWED_KEY = 'zhiwen.connect.allowed';

interface PageToken {
  token: string;
  expiresAt: number;
  nickName: string;
}

function allowedHosts(): string[] {
  try {
    const list: unknown = JSON.parse(browserStore('local').getItem(ALLOWED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

/** The page to go back to, when it is an absolute http(s) URL (the server decides whether it is one of ours). */
function returnPage(raw: string | null): URL | null {
  try {
    const url = raw ? new URL(raw) : null;
    return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : null;
  } catch {
    return null;
  }
}

/**
 * /connect?return=<page>: a widget of a published CMS page (comments, votes; cms/template/page-member-script.ts on the
 * server) sends the member here. The member signs in if needed and agrees; the server gives a page token (comment,
 * like, vote only) for that page only if it is one of our published pages, and the member goes back with it in the
 * page's URL fragment.
 */
export function ConnectPage() {
  const [search] = useSearchParams();
  const { signedIn, member } = useSession();
  const page = returnPage(search.get('return'));
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const auto = useRef(false);

  async function allow(rememberHost: boolean) {
    if (!page) return;
    setBusy(true);
    setError('');
    try {
      const data = (await http.post<PageToken>('/api/member/page-token', { pageUrl: page.href })).data as PageToken;
      if (rememberHost) browserStore('local').setItem(ALLOWED_KEY, JSON.stringify([...new Set([...allowedHosts(), page.host])]));
      const back = new URL(page.href);
      back.hash = new URLSearchParams({ zw_token: data.token, zw_exp: String(data.expiresAt), zw_nick: data.nickName }).toString();
      window.location.replace(back.href);
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  // Back where the member came from; never to the `return` address itself, which the server has not vouched for.
  const leave = () => (window.history.length > 1 ? window.history.back() : window.location.assign('/'));

  useEffect(() => {
    document.title = t('connect.title');
  }, []);
  // A sign-in here (the form, or a WeChat scan that leaves and comes back) returns to this page.
  useEffect(() => {
    if (!signedIn && page) storeRedirect(window.location.pathname + window.location.search);
  }, [signedIn, page]);
  // Allowed before for this host: straight back, connected.
  useEffect(() => {
    if (!signedIn || !page || auto.current || !allowedHosts().includes(page.host)) return;
    auto.current = true;
    void allow(false);
  });

  if (!page) {
    return (
      <AuthCard title={t('connect.title')}>
        <p role="alert">{t('connect.noPage')}</p>
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
  return (
    <AuthCard title={t('connect.title')}>
      <p>{t('connect.question', { host: page.host, name: member?.nickName || member?.userName || '' })}</p>
      <p style={{ color: 'var(--muted)' }}>{t('connect.scope')}</p>
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        {t('connect.remember')}
      </label>
      {error ? <p role="alert">{error}</p> : null}
      <div className="button-row">
        <button type="button" className="button" disabled={busy} onClick={() => void allow(remember)}>
          {t('connect.allow')}
        </button>
        <button type="button" className="button button-outline" onClick={leave}>
          {t('connect.cancel')}
        </button>
      </div>
    </AuthCard>
  );
}
