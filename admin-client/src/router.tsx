import { createBrowserRouter, type DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { App } from './App';

/** Where the server serves this app; paths below it use history mode (the server falls back to index.html). */
export const ADMIN_BASENAME = '/admin';

/**
 * Our own history-mode router, made once per page. react-admin 5.15's built-in one lets react-router 7.18 apply
 * navigations as React transitions (its opt-out flag is no longer read), and with requireAuth the redirect
 * to /login then never committed: the URL changed but the page stayed on the loading screen.
 */
export function createAppRouter(): DataRouter {
  return createBrowserRouter([{ path: '*', element: <App /> }], { basename: ADMIN_BASENAME });
}

export function AppRouterProvider({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} useTransitions={false} />;
}
