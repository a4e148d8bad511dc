// The big screen's two charts (loaded after hydration, in their own chunk): this year's
// throughput by month stacked by cargo type, and BDI/BDU over the last 90 days.
import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BigScreenData } from '../bigScreen.server';
import { CARGO_TYPES, INDEXES } from '../series';

const K = 'portal:display';

export default function BigScreenCharts({ kind, data }: { kind: 'throughput' | 'indexes'; data: BigScreenData }) {
  const { t, i18n } = useTranslation();
  const compact = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { notation: 'compact', maximumFractionDigits: 1 });
  if (kind === 'throughput') {
    const months = [...new Set(data.throughput.map((r) => r.month))].sort();
    const series = CARGO_TYPES.filter((c) => data.throughput.some((r) => r.cargoType === c)).map((c) => ({
      id: c,
      label: t(`${K}.cargo.${c}`),
      stack: 'total',
      data: months.map((m) => data.throughput.find((r) => r.month === m && r.cargoType === c)?.tonnes ?? null),
    }));
    return (
      <Fill>
        <BarChart
          series={series}
          xAxis={[
            {
              scaleType: 'band',
              data: months.map((m) => m.slice(5)),
              height: 45,
            },
          ]}
          yAxis={[{ width: 56, valueFormatter: (v: number) => compact.format(v) }]}
        />
      </Fill>
    );
  }
  const dates = [...new Set(data.indexes.map((p) => p.date))].sort();
  const step = Math.max(1, Math.ceil(dates.length / 8));
  const series = INDEXES.filter((i) => data.indexes.some((p) => p.index === i)).map((i) => ({
    id: i,
    label: t(`${K}.index.${i}`),
    showMark: false,
    connectNulls: true,
    data: dates.map((d) => data.indexes.find((p) => p.date === d && p.index === i)?.value ?? null),
  }));
  return (
    <Fill>
      <LineChart
        series={series}
        xAxis={[
          {
            scaleType: 'point',
            data: dates.map((d) => d.slice(5)),
            height: 45,
            tickInterval: (_v: string, i: number) => i % step === 0,
          },
        ]}
        yAxis={[{ width: 56, valueFormatter: (v: number) => compact.format(v) }]}
      />
    </Fill>
  );
}

/** The chart takes the panel's height (a wall display's tall rows), at least 240 px. */
function Fill({ children }: { children: ReactNode }) {
  return <Box sx={{ height: '100%', minHeight: 240 }}>{children}</Box>;
}
