import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslate } from 'react-admin';
import type { AdChart } from './adStat';

const HEIGHT = 280;
const margin = { left: 8, right: 24, top: 16, bottom: 8 };

/** Views and clicks per day (a line each, left axis) and the click rate (right axis, percent). */
export function AdTrendChart({ chart }: { chart: AdChart }) {
  const translate = useTranslate();
  const empty = chart.views.every((v) => !v) && chart.clicks.every((v) => !v);
  const marks = chart.days.length <= 31;
  return (
    <ChartsLocalizationProvider localeText={{ noData: translate('app.site_stat.no_data'), loading: translate('app.site_stat.loading') }}>
      <LineChart
        height={HEIGHT}
        margin={margin}
        xAxis={[{ scaleType: 'point', data: chart.days.map((d) => d.slice(5)) }]}
        yAxis={[
          { id: 'count', min: 0, ...(empty && { max: 1 }), tickMinStep: 1, width: 56 },
          { id: 'rate', min: 0, position: 'right', width: 56, valueFormatter: (v: number) => `${Math.round(v * 100)}%` },
        ]}
        series={[
          { id: 'views', yAxisId: 'count', label: translate('app.ad_stat.views'), data: chart.views, showMark: marks, curve: 'linear' },
          { id: 'clicks', yAxisId: 'count', label: translate('app.ad_stat.clicks'), data: chart.clicks, showMark: marks, curve: 'linear' },
          {
            id: 'ctr',
            yAxisId: 'rate',
            label: translate('app.ad_stat.ctr'),
            data: chart.ctr,
            showMark: marks,
            curve: 'linear',
            valueFormatter: (v: number | null) => `${((v ?? 0) * 100).toFixed(2)}%`,
          },
        ]}
        grid={{ horizontal: true }}
      />
    </ChartsLocalizationProvider>
  );
}
