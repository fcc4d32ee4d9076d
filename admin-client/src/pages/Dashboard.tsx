import { Alert, Box, Button, Card, CardContent, CircularProgress, Grid, Paper, Skeleton, Typography } from '@mui/material';
import { formatDateTime } from '@zhiwen/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import { formatYuan, sectionsOf, type DashboardData, type DashboardSection, type StatCard } from './dashboard/dashboardData';

// The charts library is large: its own chunk, loaded once the figures are there.
const DashboardChart = lazy(() => import('./dashboard/DashboardChart'));

/** Home after sign-in: welcome back, then the figures of the last 30 days the caller may see (`GET /dashboard`). */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.dashboard.title')} />
      <Card>
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
      <DashboardFigures />
    </Box>
  );
}

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; data: DashboardData };

function DashboardFigures() {
  const translate = useTranslate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    httpClient
      .get<DashboardData>('/dashboard')
      .then((res) => live && setLoad({ state: 'done', data: res.data as DashboardData }))
      .catch((err: Error) => live && setLoad({ state: 'error', message: err.message }));
    return () => {
      live = false;
    };
  }, [attempt]);

  if (load.state === 'loading') {
    return (
      <Box data-testid="dashboard-loading" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 3 }}>
        <CircularProgress size={20} />
        <Typography color="text.secondary">{translate('app.dashboard.loading')}</Typography>
      </Box>
    );
  }
  if (load.state === 'error') {
    return (
      <Alert
        severity="error"
        data-testid="dashboard-error"
        sx={{ mt: 3 }}
        action={
          <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
            {translate('app.dashboard.retry')}
          </Button>
        }
      >
        {translate('app.dashboard.error', { message: load.message })}
      </Alert>
    );
  }
  const sections = sectionsOf(load.data);
  if (!sections.length) {
    return (
      <Typography color="text.secondary" sx={{ mt: 3 }} data-testid="dashboard-empty">
        {translate('app.dashboard.no_figures')}
      </Typography>
    );
  }
  return (
    <>
      {sections.map((section) => (
        <Section key={section.key} section={section} days={load.data.days} />
      ))}
    </>
  );
}

function Section({ section, days }: { section: DashboardSection; days: string[] }) {
  const translate = useTranslate();
  return (
    <Box component="section" data-testid={`dashboard-section-${section.key}`} aria-label={translate(section.title)} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {translate(section.title)}
      </Typography>
      <Grid container spacing={2}>
        {section.cards.map((card) => (
          <Grid key={card.key} size={{ xs: 12, sm: 6, md: 3 }}>
            <FigureCard card={card} />
          </Grid>
        ))}
        {section.charts.map((chart) => (
          <Grid key={chart.key} size={{ xs: 12, lg: section.charts.length === 1 ? 12 : 6 }}>
            <Paper variant="outlined" sx={{ p: 2 }} data-testid={`dashboard-chart-${chart.key}`}>
              <Typography variant="subtitle2" component="h4" gutterBottom>
                {translate(chart.title)}
              </Typography>
              <Suspense fallback={<Skeleton variant="rectangular" height={260} aria-label={translate('app.dashboard.chart_loading')} />}>
                <DashboardChart spec={chart} days={days} />
              </Suspense>
            </Paper>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

function FigureCard({ card }: { card: StatCard }) {
  const translate = useTranslate();
  const show = (v: number) => (card.money ? translate('app.dashboard.currency', { amount: formatYuan(v) }) : v.toLocaleString('en-US'));
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={`dashboard-card-${card.key}`}>
      <Typography color="text.secondary" variant="body2">
        {translate(card.label)}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mt: 0.5 }}>
        <Typography variant="h4" component="p" data-testid={`dashboard-card-${card.key}-today`}>
          {show(card.today)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.dashboard.today')}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid={`dashboard-card-${card.key}-total`}>
        {translate('app.dashboard.last30')}: {show(card.total)}
      </Typography>
    </Paper>
  );
}
