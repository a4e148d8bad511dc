// The chart itself (loaded lazily by ResourceChart): @mui/x-charts' line or bar chart of the
// aggregated points, one series per value of the declared series field, labelled in the user's
// language (enum options, lookup labels).
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '../../plugin';
import type { ResourceDef } from '../../resource/define';
import { displayValue } from './cells';
import type { ResourcePageData } from './types';

export default function ResourceChartView({ def, data, lookups, height }: { def: ResourceDef; data: NonNullable<ResourcePageData['chart']>; lookups: Record<string, LookupOption[]>; height: number }) {
  const { t, i18n } = useTranslation();
  const chart = def.chart!;
  const sf = chart.series ? def.fields.find((f) => f.name === chart.series) : undefined;
  const vf = def.fields.find((f) => f.name === chart.value)!;
  const { xs } = data;
  const found = data.series.map((s) => ({ key: s.key, data: s.values }));
  // Series in the order the field declares its options (legend and stacks), others after.
  const order = (key: string) => {
    const i = sf?.options?.findIndex((o) => o.value === key) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const series = [...found].sort((a, b) => order(a.key) - order(b.key) || a.key.localeCompare(b.key));
  // At most about a dozen x labels, and large values shortened on the axis (12万, 120K).
  const step = Math.max(1, Math.ceil(xs.length / (chart.split && series.length > 1 ? 4 : 12)));
  const compact = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { notation: 'compact', maximumFractionDigits: 2 });
  const unit = chart.unitKey ? t(chart.unitKey) : '';
  const label = (key: string) => (sf ? displayValue(sf, key, t, lookups) : t(vf.labelKey));
  const seriesProps = (s: { key: string; data: (number | null)[] }) => ({
    id: s.key || 'value',
    label: label(s.key),
    data: s.data,
    ...(chart.stacked ? { stack: 'total' } : {}),
    ...(chart.kind === 'line' ? { showMark: xs.length <= 40, connectNulls: true } : {}),
    valueFormatter: (v: number | null) => (v === null ? '' : `${v}${unit ? ` ${unit}` : ''}`),
  });
  const yAxis = (withLabel: boolean) => [{ ...(withLabel ? { label: t(vf.labelKey) } : {}), width: 72, valueFormatter: (v: number) => (Math.abs(v) >= 10000 ? compact.format(v) : String(v)) }];
  const tickInterval = (_v: string, i: number) => i % step === 0;
  const draw = (shown: typeof series, h: number, withLabel: boolean) =>
    chart.kind === 'bar' ? (
      <BarChart height={h} series={shown.map(seriesProps)} yAxis={yAxis(withLabel)} xAxis={[{ scaleType: 'band', data: xs, height: 45, tickInterval }]} />
    ) : (
      <LineChart height={h} series={shown.map(seriesProps)} yAxis={yAxis(withLabel)} xAxis={[{ scaleType: 'point', data: xs, height: 45, tickInterval }]} />
    );
  // Split: one chart per series, each scaled to its own values (0.14 and 2100 on one axis would flatten the first).
  if (chart.split && series.length > 1)
    return (
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: `repeat(${Math.min(series.length, 3)}, minmax(0, 1fr))` }}>
        {series.map((s) => (
          <Box key={s.key}>{draw([s], height, false)}</Box>
        ))}
      </Box>
    );
  return draw(series, height, true);
}
