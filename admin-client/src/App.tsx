import { LAYOUT } from '@zhiwen/shared';
import { Admin, CustomRoutes, defaultTheme, Resource, type RaThemeOptions } from 'react-admin';
import { Route } from 'react-router';
import { i18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { Dashboard } from './pages/Dashboard';
import { LoginPage } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { UnderConstruction } from './pages/UnderConstruction';
import { authProvider, hasPermissionString } from './providers/authProvider';
import type { StaffPermissions } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { screensOf } from './routing/route-tree';
import { DETAIL_PAGES, screenByComponent } from './screens/registry';

const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: LAYOUT.defaultThemeColor, contrastText: '#fff' } },
};

/**
 * The back office. Its screens are the caller's route tree (`GET /getRouters`): each route whose component is
 * built becomes a resource, the others a "being built" page; a screen the caller lacks does not exist at all.
 */
export function App() {
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
      requireAuth
      disableTelemetry
    >
      {(permissions: StaffPermissions | undefined) => {
        const screens = screensOf(permissions?.routes ?? []).filter((s) => !s.link);
        return [
          ...screens.flatMap((s) => {
            const def = screenByComponent(s.component);
            return def ? [<Resource key={s.path} name={s.path} list={def.list} create={def.create} edit={def.edit} options={{ label: s.title }} />] : [];
          }),
          <CustomRoutes key="custom">
            <Route path="/user/profile" element={<ProfilePage />} />
            {DETAIL_PAGES.filter((p) => hasPermissionString(permissions?.permissions, p.permission)).map(({ path, page: Page }) => (
              <Route key={path} path={`/${path}`} element={<Page />} />
            ))}
            {screens
              .filter((s) => !screenByComponent(s.component))
              .map((s) => (
                <Route key={s.path} path={`/${s.path}`} element={<UnderConstruction title={s.title} />} />
              ))}
          </CustomRoutes>,
        ];
      }}
    </Admin>
  );
}
