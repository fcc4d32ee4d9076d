import { Card, CardContent, Typography } from '@mui/material';
import { formatDateTime } from '@zhiwen/shared';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

/** Home after sign-in: welcome back with the sign-in time and address (site counts come with the CMS). */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.dashboard.title')} />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {name ? translate('app.dashboard.welcome', { name }) : translate('app.dashboard.welcome_anonymous')}
        </Typography>
        {identity?.loginDate ? (
          <Typography color="text.secondary" gutterBottom>
            {translate('app.dashboard.last_login', { time: formatDateTime(identity.loginDate as string), ip: identity.loginIp || '-' })}
          </Typography>
        ) : null}
        <Typography color="text.secondary">{translate('app.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
}
