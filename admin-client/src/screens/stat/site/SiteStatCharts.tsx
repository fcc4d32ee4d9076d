import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslate } from 'react-admin';
import { sourceLabel, type StatRow, type Trend } from './siteStat';

const HEIGHT = 280;
const margin = { left: 8, right: 24, top: 16, bottom: 8 };

function Localized({ children }: { children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <ChartsLocalizationProvider localeText={{ noData: translate('app.site_stat.no_data'), loading: translate('app.site_stat.loading') }}>
      {children}
    </ChartsLocalizationProvider>
  );
}

/** Views and visitors per day (a line each). */
export function TrendChart({ trend }: { trend: Trend }) {
  const translate = useTranslate();
  const empty = trend.pv.every((v) => !v);
  return (
    <Localized>
      <LineChart
        height={HEIGHT}
        margin={margin}
        xAxis={[{ scaleType: 'point', data: trend.days.map((d) => d.slice(5)) }]}
        yAxis={[{ min: 0, ...(empty && { max: 1 }), tickMinStep: 1, width: 56 }]}
        series={[
          { id: 'pv', label: translate('app.site_stat.pv'), data: trend.pv, showMark: trend.days.length <= 31 },
          { id: 'uv', label: translate('app.site_stat.uv'), data: trend.uv, showMark: trend.days.length <= 31 },
        ]}
        grid={{ horizontal: true }}
      />
    </Localized>
  );
}

/** Views by client type (pie). */
export function ClientChart({ rows }: { rows: StatRow[] }) {
  const translate = useTranslate();
  return (
    <Localized>
      <PieChart
        height={HEIGHT - 40}
        series={[
          {
            data: rows.map((r, i) => ({ id: i, value: r.pv, label: translate(`app.site_stat.client_${r.key}`, { _: r.key }) })),
            innerRadius: 40,
            paddingAngle: 1,
          },
        ]}
      />
    </Localized>
  );
}

/** Views by source (horizontal bars, most first). */
export function SourceChart({ rows }: { rows: StatRow[] }) {
  const translate = useTranslate();
  const labels = rows.map((r) => sourceLabel(r.key, translate('app.site_stat.direct')));
  return (
    <Localized>
      <BarChart
        height={Math.max(HEIGHT - 40, rows.length * 28 + 40)}
        margin={margin}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: labels, width: 140 }]}
        xAxis={[{ min: 0, tickMinStep: 1 }]}
        series={[{ id: 'pv', label: translate('app.site_stat.pv'), data: rows.map((r) => r.pv) }]}
        hideLegend
        grid={{ vertical: true }}
      />
    </Localized>
  );
}
