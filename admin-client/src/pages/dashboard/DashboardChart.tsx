import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslate } from 'react-admin';
import { dayLabel, type ChartSpec } from './dashboardData';

const HEIGHT = 260;

/**
 * One 30-day chart of the dashboard (@mui/x-charts). Its own module, loaded lazily: the charts library stays out
 * of the first load of the back office.
 */
export default function DashboardChart({ spec, days }: { spec: ChartSpec; days: string[] }) {
  const translate = useTranslate();
  const labels = days.map(dayLabel);
  const series = spec.series.map((s) => ({
    id: s.key,
    label: translate(s.label),
    data: s.data,
    valueFormatter: (v: number | null) => (v == null ? '' : spec.money ? v.toFixed(2) : String(v)),
  }));
  const margin = { left: 8, right: 24, top: 16, bottom: 8 };
  // A chart of zeros still gets a readable axis (0 to 1) instead of a collapsed one.
  const empty = spec.series.every((s) => s.data.every((v) => !v));
  const yAxis = [{ min: 0, ...(empty && { max: 1 }), tickMinStep: spec.money ? undefined : 1, width: 56 }];
  return (
    <ChartsLocalizationProvider localeText={{ noData: translate('app.dashboard.no_data'), loading: translate('app.dashboard.chart_loading') }}>
      {spec.kind === 'bar' ? (
        <BarChart
          height={HEIGHT}
          margin={margin}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={yAxis}
          series={series}
          hideLegend={series.length < 2}
          grid={{ horizontal: true }}
        />
      ) : (
        <LineChart
          height={HEIGHT}
          margin={margin}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={yAxis}
          series={series.map((s) => ({ ...s, area: true, showMark: false }))}
          hideLegend={series.length < 2}
          grid={{ horizontal: true }}
        />
      )}
    </ChartsLocalizationProvider>
  );
}
