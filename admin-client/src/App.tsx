import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { i18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { buildAppTheme } from './layout/settings/appTheme';
import { useComponentSize, useLayoutSettings } from './layout/settings/layoutSettings';
import { Dashboard } from './pages/Dashboard';
import { NotFoundPage, UnauthorizedPage } from './pages/ErrorPages';
import { IframePage } from './pages/IframePage';
import { LoginPage } from './pages/LoginPage';
import { AccountCenter } from './pages/account/AccountCenter';
import { PreferencePage } from './pages/account/PreferencePage';
import { RedirectPage } from './pages/RedirectPage';
import { UnderConstruction } from './pages/UnderConstruction';
import { authProvider, hasPermissionString } from './providers/authProvider';
import type { StaffPermissions } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { screensOf } from './routing/route-tree';
import { DETAIL_PAGES, screenByComponent } from './screens/registry';

/**
 * The back office. Its screens are the caller's route tree (`GET /getRouters`): each route whose component is
 * built becomes a resource, the others a "being built" page; a screen the caller lacks does not exist at all.
 */
export function App() {
  const settings = useLayoutSettings();
  const size = useComponentSize();
  const theme = useMemo(() => buildAppTheme(settings, size), [settings, size]);
  return (
    <Admin
      title={i18nProvider.translate('app.title')}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      layout={AppLayout}
      theme={theme}
      catchAll={NotFoundPage}
      requireAuth
      disableTelemetry
    >
      {(permissions: StaffPermissions | undefined) => {
        const screens = screensOf(permissions?.routes ?? []).filter((s) => !/^https?:\/\//i.test(s.path)); // external links open in a new tab
        return [
          ...screens.flatMap((s) => {
            const def = screenByComponent(s.component);
            return def
              ? [<Resource key={s.path} name={s.path} list={def.list} create={def.create} edit={def.edit} options={{ label: s.title }} />]
              : [];
          }),
          <CustomRoutes key="custom">
            <Route path="/redirect/*" element={<RedirectPage />} />
            <Route path="/401" element={<UnauthorizedPage />} />
            <Route path="/user/profile" element={<AccountCenter />} />
            <Route path="/user/preference" element={<PreferencePage />} />
            {DETAIL_PAGES.filter((p) => hasPermissionString(permissions?.permissions, p.permission)).map(({ path, page: Page }) => (
              <Route key={path} path={`/${path}`} element={<Page />} />
            ))}
            {screens
              .filter((s) => !screenByComponent(s.component))
              .map((s) => (
                <Route
                  key={s.path}
                  path={`/${s.path}`}
                  element={
                    s.component === 'InnerLink' && s.link ? <IframePage src={s.link} title={s.title} /> : <UnderConstruction title={s.title} />
                  }
                />
              ))}
          </CustomRoutes>,
        ];
      }}
    </Admin>
  );
}
