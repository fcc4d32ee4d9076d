import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from '../app/toast/Toaster';
import { AuthDialogs } from '../auth/forms/AuthDialogs';
import { sessionStore } from '../auth/session';
import { rememberShownLocation } from '../navigation/runGuard';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

export function SiteLayout() {
  const location = useLocation();
  useEffect(() => {
    rememberShownLocation(`${location.pathname}${location.search}`);
    sessionStore.sync(); // another tab may have signed in or out
  }, [location.pathname, location.search]);

  return (
    <div className="site">
      <SiteHeader />
      <main className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
      <AuthDialogs />
      <Toaster />
      {/* The spec scrolls to the top on every navigation (back and forward restore the old position). */}
      <ScrollRestoration />
    </div>
  );
}
