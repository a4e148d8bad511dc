// GET /api/portal/public/series/{kind}?from&to&lang: a display series for the public portal,
// unauthenticated and read-only: the points of a daily kind between two days (throughput: its
// months), or the classes in service. Cacheable (ETag, 5 minutes).
import { ApiError, CODE, cacheableJson, publicApi } from '@core/server';
import { todayIso } from '@core/shared';
import { SERIES } from '../series';
import { activeClasses, seriesPoints } from '../series.server';
import { seriesRange } from '../publicSeries';

export const MAX_AGE = 300;

export const loader = publicApi(async ({ request, params, knex, t }) => {
  const kind = params.kind ?? '';
  if (kind === 'classes') return cacheableJson(request, { kind, unit: null, rows: await activeClasses(knex, t) }, MAX_AGE);
  const def = SERIES[kind];
  if (!def) throw new ApiError(t('portal:display.msg.unknownKind', { kind }), CODE.NOT_FOUND, 404);
  const search = new URL(request.url).searchParams;
  const range = seriesRange(kind, search.get('from'), search.get('to'), todayIso());
  if ('error' in range) throw new ApiError(t(`portal:display.msg.${range.error}`, range.vars), CODE.ERROR, 400);
  const unit = def.chart!.unitKey ? t(def.chart!.unitKey) : null;
  return cacheableJson(request, { kind, unit, from: range.from, to: range.to, points: await seriesPoints(knex, kind, range.from, range.to, t) }, MAX_AGE);
});
