// The big screen (SPEC §2 /dataBase/displayInformation/screen): a dark wall display of this
// year's throughput, BDI/BDU, exchange rates, the ports' weather, today's departures and the
// latest news, reloaded every 60 seconds, with a full-screen button. Ships in port would come
// from a plugin's service; no installed plugin provides one, so that panel is not drawn.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLoaderData, useRevalidator } from '@remix-run/react';
import { Box, Button, CssBaseline, Stack, ThemeProvider, Typography } from '@mui/material';
import { THEME_ID, createTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { page } from '@core/server';
import { formatDateTime, todayIso } from '@core/shared';
import { pageLoader } from '@core/client';
import { SCREEN_MENU } from '../series';
import { bigScreenData, type BigScreenData } from '../bigScreen.server';
import { ratioChange } from '../ui/rates';

const K = 'portal:display';
export const REFRESH_MS = 60_000;

export const loader = page({ menu: SCREEN_MENU }, async ({ knex, services, lang, t }) => bigScreenData(knex, services, lang, todayIso(), t));

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();

const Charts = lazy(() => import('../ui/BigScreenCharts'));

// Scoped to Material like the app's own theme (core/ui/theme.ts), or the app's would win.
const dark = {
  [THEME_ID]: createTheme({
    palette: { mode: 'dark', background: { default: '#07131f', paper: '#0d2236' }, primary: { main: '#4fc3f7' }, text: { primary: '#e3f2fd', secondary: '#90a4ae' } },
    typography: { fontFamily: '"Noto Sans Myanmar", "Noto Sans SC", "Noto Sans CJK SC", system-ui, sans-serif' },
  }),
};

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{ bgcolor: 'background.paper', border: '1px solid rgba(79,195,247,0.25)', borderRadius: 2, p: 1.5, display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0, overflow: 'hidden' }}
    >
      <Typography variant="subtitle1" sx={{ color: 'primary.main', fontWeight: 700, mb: 1, letterSpacing: 1 }}>
        {title}
      </Typography>
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>{children}</Box>
    </Box>
  );
}

const CELL = { py: 0.5, pr: 1, borderBottom: '1px solid rgba(255,255,255,0.08)', fontSize: 14, whiteSpace: 'nowrap' as const };
const NUMBERS = { fontVariantNumeric: 'tabular-nums' };

/** A panel's table: a row per item, its cells as the columns render them (暂无数据 when there are none). */
function PanelTable<R>({ rows, rowKey, columns }: { rows: R[]; rowKey: (r: R) => string; columns: { sx?: Record<string, unknown>; render: (r: R) => ReactNode }[] }) {
  if (!rows.length) return <Empty />;
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse' }}>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)}>
            {columns.map((c, i) => (
              <Box component="td" key={i} sx={{ ...CELL, ...c.sx }}>
                {c.render(r)}
              </Box>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

function Empty() {
  const { t } = useTranslation();
  return <Typography sx={{ color: 'text.secondary' }}>{t('core:resource.empty')}</Typography>;
}

export default function BigScreen() {
  const data = useLoaderData<typeof loader>() as BigScreenData;
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [hydrated, setHydrated] = useState(false);
  const [clock, setClock] = useState('');
  useEffect(() => {
    setHydrated(true);
    // The platform's clock (TZ), as every date-time on screen: YYYY-MM-DD HH:mm.
    const tick = () => setClock(formatDateTime(new Date()).slice(0, 16));
    tick();
    const refresh = setInterval(() => revalidator.revalidate(), REFRESH_MS);
    const clockTimer = setInterval(tick, 10_000);
    return () => {
      clearInterval(refresh);
      clearInterval(clockTimer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const fullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.();
  };

  return (
    <ThemeProvider theme={dark}>
      <CssBaseline />
      <Box data-testid="big-screen" sx={{ minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary', p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
          <Typography variant="h5" sx={{ fontWeight: 700, flex: 1 }}>
            {t(`${K}.screen.title`)}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
            {clock || data.today}
          </Typography>
          <Button variant="outlined" size="small" onClick={fullScreen} data-testid="big-screen-fullscreen">
            {t(`${K}.screen.fullScreen`)}
          </Button>
        </Stack>
        <Box sx={{ flex: 1, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' }, gridAutoRows: { xs: 'minmax(280px, auto)', lg: 'minmax(300px, 1fr)' } }}>
          <Panel title={t(`${K}.screen.throughput`, { year: data.year })} testId="panel-throughput">
            {hydrated && data.throughput.length ? (
              <Suspense fallback={null}>
                <Charts kind="throughput" data={data} />
              </Suspense>
            ) : (
              !data.throughput.length && <Empty />
            )}
          </Panel>
          <Panel title={t(`${K}.screen.indexes`)} testId="panel-indexes">
            {hydrated && data.indexes.length ? (
              <Suspense fallback={null}>
                <Charts kind="indexes" data={data} />
              </Suspense>
            ) : (
              !data.indexes.length && <Empty />
            )}
          </Panel>
          <Panel title={t(`${K}.screen.rates`)} testId="panel-rates">
            {data.rates.length ? (
              <Stack sx={{ gap: 1.5 }}>
                {data.rates.map((r) => {
                  const change = ratioChange(r.rate, r.previous);
                  return (
                    <Stack key={r.pair} direction="row" sx={{ alignItems: 'baseline', gap: 1 }}>
                      <Typography sx={{ flex: 1, fontSize: 15 }}>{t(`${K}.pair.${r.pair}`)}</Typography>
                      <Typography sx={{ fontSize: 24, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{r.rate}</Typography>
                      {change && <Typography sx={{ minWidth: 70, textAlign: 'right', color: change.startsWith('-') ? '#ef5350' : '#66bb6a', fontVariantNumeric: 'tabular-nums' }}>{change}</Typography>}
                    </Stack>
                  );
                })}
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t(`${K}.screen.asOf`, { date: data.rates[0].date })}
                </Typography>
              </Stack>
            ) : (
              <Empty />
            )}
          </Panel>
          <Panel title={t(`${K}.screen.weather`)} testId="panel-weather">
            <PanelTable
              rows={data.weather}
              rowKey={(w) => w.port}
              columns={[
                { render: (w) => t(`${K}.port.${w.port}`) },
                { render: (w) => t(`${K}.condition.${w.condition}`) },
                { sx: NUMBERS, render: (w) => `${Number(w.minTemp)}–${Number(w.maxTemp)} °C` },
                { sx: { color: 'text.secondary' }, render: (w) => w.wind ?? '' },
              ]}
            />
          </Panel>
          <Panel title={t(`${K}.screen.departures`)} testId="panel-departures">
            <PanelTable
              rows={data.departures}
              rowKey={(c) => `${c.mode}-${c.lineName}-${c.departureTime}`}
              columns={[
                { sx: { ...NUMBERS, color: 'primary.main' }, render: (c) => c.departureTime },
                { render: (c) => t(`${K}.mode.${c.mode}`) },
                { sx: { whiteSpace: 'normal' }, render: (c) => `${c.origin} → ${c.destination}` },
                { sx: { ...NUMBERS, color: 'text.secondary' }, render: (c) => c.arrivalTime },
              ]}
            />
          </Panel>
          {data.news && (
            <Panel title={t(`${K}.screen.news`)} testId="panel-news">
              {data.news.length ? (
                <Stack sx={{ gap: 1 }}>
                  {data.news.map((n) => (
                    <Stack key={n.id} direction="row" sx={{ gap: 1, alignItems: 'baseline' }}>
                      <Typography sx={{ flex: 1, fontSize: 15, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{n.title}</Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                        {n.publishedAt.slice(0, 10)}
                      </Typography>
                    </Stack>
                  ))}
                </Stack>
              ) : (
                <Empty />
              )}
            </Panel>
          )}
        </Box>
      </Box>
    </ThemeProvider>
  );
}
