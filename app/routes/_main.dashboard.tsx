// /dashboard (data statistics): cards and charts from the statistics providers plugins register.
// A trader (userType 4) lands on unified settlement instead (app/landing.server.ts).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLoaderData } from '@remix-run/react';
import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requireUser } from '@core/auth/guard.server';
import { getKnex } from '@core/db/knex.server';
import { filterMenuTree, loadMenuTreeCached } from '@core/rbac/access.server';
import { getRegistry } from '@core/registry.server';
import { statsFor } from '@core/stats/stats.server';
import { pageLoader } from '@core/ui/pageData';
import { landingFor } from '~/landing.server';

// Drawn in the browser only, so its code loads there, not in the server.
const BarChart = lazy(() => import('@mui/x-charts/BarChart').then((m) => ({ default: m.BarChart })));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const landing = landingFor(user, new URL(request.url).pathname, filterMenuTree(await loadMenuTreeCached(getKnex()), user));
  if (landing) throw redirect(landing);
  return { stats: await statsFor(getRegistry(), user) };
}

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();

/** A chart's plot; the legend's row comes on top of it. */
const CHART_HEIGHT = 260;
const LEGEND_ROW = 29;

function label(t: (k: string) => string, s: string) {
  return s.includes(':') ? t(s) : s;
}

export default function Dashboard() {
  const { t } = useTranslation();
  const { stats } = useLoaderData<typeof loader>();
  // Charts are drawn in the browser only: on the server a chart knows no width, so it drew an
  // empty plot, at the cost of a whole chart's rendering on every visit. Its place is kept.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const cards = stats.filter((s) => s.value?.kind === 'card');
  const charts = stats.filter((s) => s.value?.kind === 'chart');
  return (
    <Box data-testid="dashboard">
      <Typography variant="h6" sx={{ mb: 2 }}>
        {t('core:menu.dashboard')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {cards.map((s) => (
          <Grid key={s.key} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card data-testid={`stat-${s.key}`}>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {t(s.titleKey)}
                </Typography>
                <Typography variant="h4" sx={{ fontWeight: 700, mt: 1 }}>
                  {s.value?.kind === 'card' ? s.value.value.toLocaleString() : '—'}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        {charts.map((s) =>
          s.value?.kind === 'chart' ? (
            <Grid key={s.key} size={{ xs: 12, md: 6 }}>
              <Card data-testid={`stat-${s.key}`}>
                <CardContent>
                  <Typography variant="subtitle1" sx={{ mb: 1 }}>
                    {t(s.titleKey)}
                  </Typography>
                  {hydrated ? (
                    <Suspense fallback={<Box sx={{ height: LEGEND_ROW + CHART_HEIGHT }} />}>
                      <BarChart
                        height={CHART_HEIGHT}
                        xAxis={[{ scaleType: 'band', data: s.value.labels.map((l) => label(t, l)), height: 48 }]}
                        yAxis={[{ tickMinStep: 1, width: 40 }]}
                        series={s.value.series.map((x) => ({ data: x.data, label: t(x.labelKey) }))}
                      />
                    </Suspense>
                  ) : (
                    <Box sx={{ height: LEGEND_ROW + CHART_HEIGHT }} />
                  )}
                </CardContent>
              </Card>
            </Grid>
          ) : null,
        )}
      </Grid>
    </Box>
  );
}
