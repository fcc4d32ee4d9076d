import { LAYOUT } from '@zhiwen/shared';
import { Admin, CustomRoutes, defaultTheme, type RaThemeOptions } from 'react-admin';
import { Route } from 'react-router';
import { i18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { Dashboard } from './pages/Dashboard';
import { LoginPage } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';

const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: LAYOUT.defaultThemeColor, contrastText: '#fff' } },
};

/** The back office. Screens arrive with the server's menus; for now a dashboard and the account page. */
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
      <CustomRoutes>
        <Route path="/user/profile" element={<ProfilePage />} />
      </CustomRoutes>
    </Admin>
  );
}
