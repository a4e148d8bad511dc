// The declared chart above a series list (ResourceDef.chart), drawn after hydration from the
// points the loader aggregated under the current filters. The chart library loads only then, in
// its own chunk (ResourceChartView), so the list page's first load stays small.
import { lazy, Suspense } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '../../plugin';
import type { ResourceDef } from '../../resource/define';
import type { ResourcePageData } from './types';

const ChartView = lazy(() => import('./ResourceChartView'));

export const CHART_HEIGHT = 260;

export function ResourceChart({ def, data, lookups, hydrated }: { def: ResourceDef; data: NonNullable<ResourcePageData['chart']>; lookups: Record<string, LookupOption[]>; hydrated: boolean }) {
  const { t } = useTranslation();
  const box = { height: CHART_HEIGHT, mb: 1 };
  if (!data.xs.length) return null;
  return (
    <Box data-testid="resource-chart" sx={{ mb: 1 }}>
      {hydrated ? (
        <Suspense fallback={<Box sx={box} />}>
          <ChartView def={def} data={data} lookups={lookups} height={CHART_HEIGHT} />
        </Suspense>
      ) : (
        <Box sx={box} />
      )}
      {data.truncated && (
        <Typography variant="caption" color="text.secondary" data-testid="chart-truncated">
          {t('core:resource.chartTruncated')}
        </Typography>
      )}
    </Box>
  );
}
