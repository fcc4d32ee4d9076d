import { useEffect, useState, type MouseEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { t } from '../app/messages';
import { showToast } from '../app/toast/toastStore';
import { loadMember, signOut } from '../auth/actions';
import { openAuthDialog } from '../auth/authDialog';
import { useSession } from '../auth/session';
import { NAV_LINKS } from '../catalog';

/** Brand, navigation and the account links; below 992px the links fold into a menu button. */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const session = useSession();
  const navigate = useNavigate();
  const close = () => setOpen(false);

  // A kept token names a member: load it (a dead session answers 401, which opens the login modal).
  useEffect(() => {
    if (session.signedIn && !session.member) void loadMember();
  }, [session.signedIn, session.member]);

  // The links work without script too; with it they open the dialogs in place.
  const openDialog = (dialog: 'login' | 'register') => (event: MouseEvent) => {
    event.preventDefault();
    close();
    openAuthDialog(dialog);
  };

  async function logout() {
    close();
    await signOut();
    showToast('success', t('member.logoutDone'));
    navigate('/');
  }

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand" onClick={close}>
          <span className="brand-mark" aria-hidden="true">
            智
          </span>
          {t('site.name')}
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-label={t('nav.menu')}
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((value) => !value)}
        >
          <span />
          <span />
          <span />
        </button>
        <nav id="site-nav" className={open ? 'site-nav open' : 'site-nav'} aria-label={t('nav.main')}>
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} onClick={close}>
              {t(link.label)}
            </NavLink>
          ))}
          {session.signedIn ? (
            <>
              <NavLink to="/memberIndex" className="nav-login nav-member" onClick={close}>
                {session.member?.nickName || session.member?.userName || t('nav.memberCenter')}
              </NavLink>
              <button type="button" className="button button-small button-outline" onClick={() => void logout()}>
                {t('nav.logout')}
              </button>
            </>
          ) : (
            <>
              <NavLink to="/login" className="nav-login" onClick={openDialog('login')}>
                {t('nav.login')}
              </NavLink>
              <NavLink to="/register" className="button button-small" onClick={openDialog('register')}>
                {t('nav.register')}
              </NavLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
