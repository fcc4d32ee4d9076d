import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { NAV_LINKS } from '../catalog';

/** Brand and navigation; below 992px the links fold into a menu button. */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand" onClick={close}>
          <span className="brand-mark" aria-hidden="true">
            智
          </span>
          智文
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-label="菜单"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((value) => !value)}
        >
          <span />
          <span />
          <span />
        </button>
        <nav id="site-nav" className={open ? 'site-nav open' : 'site-nav'} aria-label="主导航">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} onClick={close}>
              {link.label}
            </NavLink>
          ))}
          <NavLink to="/login" className="nav-login" onClick={close}>
            登录
          </NavLink>
          <NavLink to="/register" className="button button-small" onClick={close}>
            注册
          </NavLink>
        </nav>
      </div>
    </header>
  );
}
