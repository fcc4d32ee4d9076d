import { TextField as MuiTextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { lastDaysRange, type RangePreset } from './siteStat';

/** The date range of a statistics screen: the last 7 or 30 days, or two chosen dates (both ends included). */
export function useStatRange() {
  const [preset, setPreset] = useState<RangePreset>('7');
  const [custom, setCustom] = useState(() => lastDaysRange(7));
  const range = useMemo(() => (preset === 'custom' ? custom : lastDaysRange(Number(preset))), [preset, custom]);
  return { preset, setPreset, custom, setCustom, range };
}

/** The two dates of a custom range, with their labels. */
const DATE_FIELDS = [
  ['beginDate', 'app.site_stat.begin_date'],
  ['endDate', 'app.site_stat.end_date'],
] as const;

/** The range switch of the statistics screens (网站统计, 广告统计) and, for a custom range, its two dates. */
export function StatRangePicker({ preset, setPreset, custom, setCustom, range }: ReturnType<typeof useStatRange>) {
  const translate = useTranslate();
  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={preset}
        onChange={(_, value: RangePreset | null) => value && setPreset(value)}
        aria-label={translate('app.site_stat.range')}
      >
        <ToggleButton value="7">{translate('app.site_stat.last_7')}</ToggleButton>
        <ToggleButton value="30">{translate('app.site_stat.last_30')}</ToggleButton>
        <ToggleButton value="custom">{translate('app.site_stat.custom')}</ToggleButton>
      </ToggleButtonGroup>
      {preset === 'custom' ? (
        <>
          {DATE_FIELDS.map(([field, label]) => (
            <MuiTextField
              key={field}
              size="small"
              type="date"
              label={translate(label)}
              value={custom[field]}
              onChange={(e) => e.target.value && setCustom((c) => ({ ...c, [field]: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {range.beginDate} ~ {range.endDate}
        </Typography>
      )}
    </>
  );
}
