import { redirect, type RouteObject } from 'react-router';
import { SiteLayout } from './components/SiteLayout';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RegisterPage } from './pages/RegisterPage';

/** Route table, shared by the browser router (main.tsx) and the tests' memory router. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: '404', element: <NotFoundPage /> },
      // The spec sends unknown paths to the home page (tool routes land here until they exist).
      { path: '*', loader: () => redirect('/'), HydrateFallback: () => null },
    ],
  },
];
