import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

/** Placeholder home after sign-in; the real dashboard (welcome, last login, site counts) comes later. */
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
        <Typography color="text.secondary">{translate('app.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
}
