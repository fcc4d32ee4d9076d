import { formatDateTime } from '@zhiwen/shared';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { t, type MessageKey } from '../app/messages';
import { WritingHistory } from '../ai/WritingHistory';
import { loadMember } from '../auth/actions';
import { openAuthDialog } from '../auth/authDialog';
import { useSession, type MemberProfile } from '../auth/session';
import { OrderList } from '../check/components/OrderList';
import { useUnreadCount } from '../check/useUnreadCount';
import { storeRedirect } from '../navigation/redirectTarget';
import { Avatar } from './Avatar';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import './member.css';

const TABS = [
  { key: 'profile', label: 'member.tabProfile' },
  { key: 'orders', label: 'member.tabOrders' },
  { key: 'reports', label: 'member.tabReports' },
  { key: 'writing', label: 'member.tabWriting' },
] as const satisfies readonly { key: string; label: MessageKey }[];
type Tab = (typeof TABS)[number]['key'];

/** /memberIndex: welcome, profile, the member's check orders and reports (with the unread badge) and writing history. */
export function MemberIndexPage() {
  const session = useSession();
  const location = useLocation();

  useEffect(() => {
    if (session.signedIn && !session.member) void loadMember();
  }, [session.signedIn, session.member]);

  if (!session.signedIn) {
    // The page is open to visitors (spec 2.1): it asks them to sign in and brings them back here.
    const ask = (dialog: 'login' | 'register') => {
      storeRedirect(`${location.pathname}${location.search}`);
      openAuthDialog(dialog);
    };
    return (
      <section className="auth-page">
        <div className="auth-card">
          <h1>{t('member.signedOutTitle')}</h1>
          <p className="auth-note">{t('member.signedOutText')}</p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => ask('login')}>
              {t('nav.login')}
            </button>
            <button type="button" className="button button-outline" onClick={() => ask('register')}>
              {t('nav.register')}
            </button>
          </div>
        </div>
      </section>
    );
  }
  if (!session.member) return <p className="page-loading">{t('member.loading')}</p>;
  return <MemberHome member={session.member} />;
}

function MemberHome({ member }: { member: MemberProfile }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.some((item) => item.key === requested) ? (requested as Tab) : 'profile';
  const name = member.nickName || member.userName;
  // Read again on each tab switch: opening an order (its page) marks it read.
  const unread = useUnreadCount(true, tab);

  return (
    <section className="member-home">
      <div className="container">
        <header className="member-card">
          <Avatar member={member} />
          <div className="member-summary">
            <h1>{t('member.welcome', { name })}</h1>
            <p>
              {member.loginDate
                ? t('member.lastLogin', { time: formatDateTime(member.loginDate), ip: member.loginIp || '—' })
                : t('member.firstLogin')}
            </p>
            <p className="member-tags">
              <span>{t('member.level', { level: member.levelName || member.level })}</span>
              <span>
                {member.nextLevelExp !== null
                  ? t('member.expNext', { exp: member.exp, next: member.nextLevelExp })
                  : t('member.exp', { exp: member.exp })}
              </span>
              <span>{t('member.inviteCode', { code: member.inviteCode })}</span>
              <span>{member.wechatBound ? t('member.wechatBound') : <Link to="/bind">{t('member.bindWechat')}</Link>}</span>
            </p>
          </div>
        </header>

        <nav className="tabs" aria-label={t('nav.memberCenter')}>
          {TABS.map((item) => (
            <button
              key={item.key}
              type="button"
              className={item.key === tab ? 'tab active' : 'tab'}
              aria-pressed={item.key === tab}
              onClick={() => setParams(item.key === 'profile' ? {} : { tab: item.key })}
            >
              {t(item.label)}
              {item.key === 'orders' && unread > 0 && (
                <span className="tab-badge" data-testid="check-unread" aria-label={t('check.unreadBadge', { count: unread })}>
                  {unread > 99 ? '99+' : unread}
                </span>
              )}
            </button>
          ))}
        </nav>

        <div className="tab-panel">
          {tab === 'profile' && (
            <div className="profile-grid">
              <div className="panel">
                <Avatar member={member} editable />
                <ProfileForm key={member.memberId} member={member} />
              </div>
              <div className="panel">
                <PasswordForm hasPassword={member.hasPassword} />
              </div>
            </div>
          )}
          {tab === 'orders' && <OrderList key="orders" empty={t('member.emptyOrders')} />}
          {tab === 'reports' && <OrderList key="reports" status="done" empty={t('member.emptyReports')} />}
          {tab === 'writing' && <WritingHistory />}
        </div>
      </div>
    </section>
  );
}
