import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { Datagrid, FunctionField, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { ScreenList } from '../../../components/ScreenList';
import { useApiData } from '../../../components/useApiData';
import { StatRangePicker, useStatRange } from './StatRange';
import { CLIENT_TYPES, sourceLabel, viewsPerVisitor, type StatRow, type Trend } from './siteStat';

// The charts library loads with this screen only.
const TrendChart = lazy(() => import('./SiteStatCharts').then((m) => ({ default: m.TrendChart })));
const ClientChart = lazy(() => import('./SiteStatCharts').then((m) => ({ default: m.ClientChart })));
const SourceChart = lazy(() => import('./SiteStatCharts').then((m) => ({ default: m.SourceChart })));

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardHeader title={translate(title)} slotProps={{ title: { variant: 'subtitle1' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Suspense fallback={<CircularProgress size={24} />}>{children}</Suspense>
      </CardContent>
    </Card>
  );
}

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

/** A ranking as a small table: key (or title), views, visitors. */
function RankTable({ rows, keyLabel, render }: { rows: StatRow[]; keyLabel: string; render: (row: StatRow) => ReactNode }) {
  const translate = useTranslate();
  if (!rows.length) return <Typography color="text.secondary">{translate('app.site_stat.no_data')}</Typography>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate(keyLabel)}</TableCell>
          <TableCell align="right">{translate('app.site_stat.pv')}</TableCell>
          <TableCell align="right">{translate('app.site_stat.uv')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell sx={{ wordBreak: 'break-all' }}>{render(r)}</TableCell>
            <TableCell align="right">{r.pv}</TableCell>
            <TableCell align="right">{r.uv}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const logFilters = [
  <TextInput key="path" source="path" label="app.site_stat.path" alwaysOn />,
  <SelectInput
    key="clientType"
    source="clientType"
    label="app.site_stat.client"
    choices={CLIENT_TYPES.map((id) => ({ id, name: `app.site_stat.client_${id}` }))}
    alwaysOn
  />,
  <TextInput key="referrerHost" source="referrerHost" label="app.site_stat.source" />,
];

/** 统计 > 网站统计: figures, charts and rankings of the current site for a date range, and its visit log. */
export function SiteStatScreen() {
  const translate = useTranslate();
  const stat = useStatRange();
  const { range } = stat;
  const trend = useApiData<Trend>('/cms/stat/site/trend', range);
  const top = useApiData<StatRow[]>('/cms/stat/site/top-content', { ...range, limit: 10 });
  const sources = useApiData<StatRow[]>('/cms/stat/site/sources', { ...range, limit: 10 });
  const clients = useApiData<StatRow[]>('/cms/stat/site/clients', range);
  const entries = useApiData<StatRow[]>('/cms/stat/site/entries', { ...range, limit: 10 });
  const error = trend.error ?? top.error ?? sources.error ?? clients.error ?? entries.error;
  const total = trend.data?.total;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <StatRangePicker {...stat} />
      </Box>
      {error ? <Alert severity="error">{error.message}</Alert> : null}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Figure label="app.site_stat.pv" value={total?.pv ?? '-'} testId="stat-pv" />
        <Figure label="app.site_stat.uv" value={total?.uv ?? '-'} testId="stat-uv" />
        <Figure label="app.site_stat.visits" value={total?.visits ?? '-'} testId="stat-visits" />
        <Figure label="app.site_stat.per_visitor" value={total ? viewsPerVisitor(total.pv, total.uv) : '-'} testId="stat-per-visitor" />
      </Box>

      <Panel title="app.site_stat.trend" testId="stat-trend">
        {trend.data ? <TrendChart trend={trend.data} /> : <CircularProgress size={24} />}
      </Panel>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Panel title="app.site_stat.sources" testId="stat-sources">
          {sources.data ? <SourceChart rows={sources.data} /> : null}
        </Panel>
        <Panel title="app.site_stat.clients" testId="stat-clients">
          {clients.data ? <ClientChart rows={clients.data} /> : null}
        </Panel>
        <Panel title="app.site_stat.top_content" testId="stat-top-content">
          <RankTable rows={top.data ?? []} keyLabel="app.site_stat.content_title" render={(r) => r.title || r.key} />
        </Panel>
        <Panel title="app.site_stat.entries" testId="stat-entries">
          <RankTable rows={entries.data ?? []} keyLabel="app.site_stat.entry_page" render={(r) => r.key} />
        </Panel>
      </Box>

      <Typography variant="subtitle1">{translate('app.site_stat.log')}</Typography>
      <ScreenList
        filters={logFilters}
        filter={range}
        sort={{ field: 'visitTime', order: 'DESC' }}
        creatable={false}
        exportable={false}
        disableSyncWithLocation
        title={translate('app.site_stat.title')}
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <DateTimeField source="visitTime" label="app.site_stat.visit_time" />
          <TextField source="path" label="app.site_stat.path" />
          <FunctionField
            label="app.site_stat.source"
            render={(r: { referrerHost?: string }) => sourceLabel(r.referrerHost ?? '', translate('app.site_stat.direct'))}
          />
          <FunctionField label="app.site_stat.client" render={(r: { clientType?: string }) => translate(`app.site_stat.client_${r.clientType}`)} />
          <FunctionField label="app.site_stat.entry" render={(r: { entry?: boolean }) => (r.entry ? '✓' : '')} />
          <TextField source="visitorId" label="app.site_stat.visitor" sortable={false} />
        </Datagrid>
      </ScreenList>
    </Box>
  );
}
