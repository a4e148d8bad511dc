// /intelligentdispatch/board: the dispatch board of the day — the waybills loading today by
// state, the loss reviews and exceptions waiting, and the day's cargo sources and fleet orders
// (where those areas are installed) — refreshed every 30 seconds. Each viewer sees their own
// scope's counts (a fleet its waybills, the platform all).
import { useEffect } from 'react';
import { Link, useLoaderData, useRevalidator } from '@remix-run/react';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { page } from '@core/server';
import { formatDateTime, todayIso } from '@core/shared';
import { pageLoader } from '@core/client';
import { K, MENU, WAYBILL_PERMISSIONS, WAYBILL_STATES } from '../waybill';
import { boardCounts } from '../waybill.server';

const REFRESH_MS = 30_000;

export const loader = page({ menu: MENU.board, permission: WAYBILL_PERMISSIONS.list }, async ({ knex, user }) => ({
  counts: await boardCounts(knex, user, todayIso()),
  at: new Date().toISOString(),
}));

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();

function Tile({ label, value, href, tone, testId }: { label: string; value: number | string; href?: string; tone?: 'warning.main' | 'error.main'; testId: string }) {
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" sx={{ color: tone && Number(value) > 0 ? tone : undefined }} data-testid={testId}>
        {value}
      </Typography>
    </CardContent>
  );
  return <Card variant="outlined" sx={{ minWidth: 140, flex: '1 1 140px' }}>{href ? <CardActionArea component={Link} to={href}>{body}</CardActionArea> : body}</Card>;
}

const total = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);

export default function Board() {
  const { t } = useTranslation();
  const { counts, at } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  const list = '/intelligentdispatch/fleetwaybill';
  return (
    <Box data-testid="dispatch-board">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}>
        <Typography variant="h6">{t(`${K}.board.title`, { day: counts.day })}</Typography>
        <Typography variant="caption" color="text.secondary" data-testid="board-refreshed">
          {t(`${K}.board.refreshed`, { time: formatDateTime(at).slice(11) })}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 3 }}>
        {counts.sources && <Tile label={t(`${K}.board.sources`)} value={total(counts.sources)} testId="board-sources" />}
        {counts.fleetOrders && <Tile label={t(`${K}.board.fleetOrders`)} value={total(counts.fleetOrders)} testId="board-fleet-orders" />}
        <Tile label={t(`${K}.board.waybillsToday`)} value={total(counts.waybills)} testId="board-waybills" />
        <Tile label={t(`${K}.board.pendingReview`)} value={counts.pendingReview} tone="warning.main" href={`${list}?lossReview=pending`} testId="board-pending-review" />
        <Tile label={t(`${K}.board.exceptions`)} value={counts.exceptions} tone="error.main" href={`${list}?status=exception`} testId="board-exceptions" />
      </Stack>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t(`${K}.board.byState`)}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        {WAYBILL_STATES.map((s) => (
          <Tile key={s} label={t(`${K}.state.${s}`)} value={counts.waybills[s] ?? 0} testId={`board-state-${s}`} />
        ))}
      </Stack>
    </Box>
  );
}
