import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import type { PageResult } from '@zhiwen/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { EmptyTableRow } from '../../../components/EmptyTableRow';
import { useApiData } from '../../../components/useApiData';
import { StatRangePicker, useStatRange } from '../site/StatRange';
import { useAdSpaceChoices } from '../../cms/ad/useAdSpaces';
import { percent, type AdChart, type AdEvent, type AdStatRow } from './adStat';
import { formatDateTime } from '@zhiwen/shared';

// The charts library loads with this screen only.
const AdTrendChart = lazy(() => import('./AdStatCharts').then((m) => ({ default: m.AdTrendChart })));

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ flex: '1 1 160px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {translate(label)}
        </Typography>
        <Typography variant="h5" data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * 统计 > 广告统计: views (one per visitor, advert and day), clicks and click rate per day for a date range — of every
 * advert of the current site, of one ad space or of one advert — and the figures per advert.
 */
export function AdStatScreen() {
  const translate = useTranslate();
  const stat = useStatRange();
  const [adSpaceId, setAdSpaceId] = useState('');
  const [advertisementId, setAdvertisementId] = useState('');
  const { range } = stat;
  const spaces = useAdSpaceChoices();
  const scope = { ...range, ...(adSpaceId ? { adSpaceId } : {}) };
  const sums = useApiData<PageResult<AdStatRow>>('/cms/ad/stat', scope);
  const chart = useApiData<AdChart>('/cms/ad/stat/chart', { ...scope, ...(advertisementId ? { advertisementId } : {}) });
  const clicks = useApiData<PageResult<AdEvent>>(advertisementId ? '/cms/ad/stat/click' : undefined, { advertisementId, ...range, pageSize: 20 });
  const error = sums.error ?? chart.error ?? clicks.error;
  const rows = sums.data?.rows ?? [];
  const total = chart.data?.total;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <StatRangePicker {...stat} />
        <MuiTextField
          select
          size="small"
          sx={{ width: 240 }}
          label={translate('app.ad_stat.space')}
          value={adSpaceId}
          onChange={(e) => {
            setAdSpaceId(e.target.value);
            setAdvertisementId('');
          }}
        >
          <MenuItem value="">{translate('app.ad_stat.all_spaces')}</MenuItem>
          {spaces.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </MuiTextField>
        <MuiTextField
          select
          size="small"
          sx={{ width: 240 }}
          label={translate('app.ad_stat.advert')}
          value={advertisementId}
          onChange={(e) => setAdvertisementId(e.target.value)}
        >
          <MenuItem value="">{translate('app.ad_stat.all_adverts')}</MenuItem>
          {rows.map((r) => (
            <MenuItem key={r.advertisementId} value={r.advertisementId}>
              {r.name}
            </MenuItem>
          ))}
        </MuiTextField>
      </Box>
      {error ? <Alert severity="error">{error.message}</Alert> : null}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Figure label="app.ad_stat.views" value={total?.views ?? '-'} testId="adstat-views" />
        <Figure label="app.ad_stat.clicks" value={total?.clicks ?? '-'} testId="adstat-clicks" />
        <Figure label="app.ad_stat.ctr" value={total ? percent(total.ctr) : '-'} testId="adstat-ctr" />
      </Box>

      <Card variant="outlined" data-testid="adstat-trend">
        <CardHeader title={translate('app.ad_stat.trend')} slotProps={{ title: { variant: 'subtitle1' } }} />
        <CardContent sx={{ pt: 0 }}>
          <Suspense fallback={<CircularProgress size={24} />}>
            {chart.data ? <AdTrendChart chart={chart.data} /> : <CircularProgress size={24} />}
          </Suspense>
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardHeader title={translate('app.ad_stat.by_advert')} slotProps={{ title: { variant: 'subtitle1' } }} />
        <CardContent sx={{ pt: 0 }}>
          <Table size="small" data-testid="adstat-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.ad_stat.advert')}</TableCell>
                <TableCell>{translate('app.ad_stat.space')}</TableCell>
                <TableCell align="right">{translate('app.ad_stat.views')}</TableCell>
                <TableCell align="right">{translate('app.ad_stat.clicks')}</TableCell>
                <TableCell align="right">{translate('app.ad_stat.ctr')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow
                  key={r.advertisementId}
                  hover
                  selected={r.advertisementId === advertisementId}
                  onClick={() => setAdvertisementId(r.advertisementId)}
                >
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{r.adSpaceName}</TableCell>
                  <TableCell align="right">{r.views}</TableCell>
                  <TableCell align="right">{r.clicks}</TableCell>
                  <TableCell align="right">{percent(r.ctr)}</TableCell>
                </TableRow>
              ))}
              {sums.data && !rows.length ? <EmptyTableRow colSpan={5} /> : null}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      {advertisementId ? (
        <Card variant="outlined">
          <CardHeader title={translate('app.ad_stat.recent_clicks')} slotProps={{ title: { variant: 'subtitle1' } }} />
          <CardContent sx={{ pt: 0 }}>
            <Table size="small" data-testid="adstat-clicks-log">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.ad_stat.time')}</TableCell>
                  <TableCell>{translate('app.ad_stat.page')}</TableCell>
                  <TableCell>{translate('app.site_stat.client')}</TableCell>
                  <TableCell>{translate('app.site_stat.visitor')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(clicks.data?.rows ?? []).map((e) => (
                  <TableRow key={e.visitId}>
                    <TableCell>{formatDateTime(e.visitTime)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{e.path}</TableCell>
                    <TableCell>{translate(`app.site_stat.client_${e.clientType}`)}</TableCell>
                    <TableCell>{e.visitorId}</TableCell>
                  </TableRow>
                ))}
                {clicks.data && !clicks.data.rows.length ? <EmptyTableRow colSpan={4} /> : null}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
