// What the big screen shows (SPEC §2 /dataBase/displayInformation/screen): this year's throughput
// by month and cargo type, BDI/BDU over the last 90 days, the latest exchange rates with their
// change, the latest weather of each port, today's departures and the latest published news
// (from the news area's service `portal.latestNews`, when it is there).
import type { TFunction } from 'i18next';
import type { Knex } from 'knex';
import type { Lang } from '@core/shared';
import type { Services } from '@core/server';
import { PAIRS, PORTS } from './series';
import { activeClasses, dayOf, latestX, seriesPoints } from './series.server';

/** The contract of the service the news area registers: the newest published news in a language. */
export const LATEST_NEWS = 'portal.latestNews';
export type LatestNews = (knex: Knex, opts: { lang: Lang; limit: number }) => Promise<{ id: number; title: string; publishedAt: string }[]>;

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function bigScreenData(knex: Knex, services: Services, lang: Lang, today: string, t: TFunction) {
  const year = today.slice(0, 4);
  const throughputRows: { month: string; cargo_type: string; tonnes: unknown }[] = await knex('ptl_throughput')
    .where('month', 'like', `${year}-%`)
    .orderBy(['month', 'cargo_type'])
    .select('month', 'cargo_type', 'tonnes');
  const indexTo = (await latestX(knex, 'bdiBdu')) ?? today;
  const indexes = await seriesPoints(knex, 'bdiBdu', shiftDay(indexTo, -89), indexTo, t);

  // Each pair's latest two days: the rate and its change.
  const rates = [];
  for (const pair of PAIRS) {
    const [last, prev] = await knex('ptl_rate').where({ pair }).where('date', '<=', today).orderBy('date', 'desc').limit(2).select('date', 'rate');
    if (last) rates.push({ pair, date: dayOf(last.date), rate: String(last.rate), previous: prev ? String(prev.rate) : null });
  }
  const weather = [];
  for (const port of PORTS) {
    const w = await knex('ptl_weather').where({ port }).where('date', '<=', today).orderBy('date', 'desc').first();
    if (w)
      weather.push({
        port,
        date: dayOf(w.date),
        condition: String(w.condition),
        minTemp: String(w.min_temp),
        maxTemp: String(w.max_temp),
        wind: w.wind ? String(w.wind) : null,
        visibility: w.visibility === null ? null : String(w.visibility),
      });
  }
  const weekday = String(((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1);
  const departures = (await activeClasses(knex, t)).filter((c) => c.days.includes(weekday)).sort((a, b) => a.departureTime.localeCompare(b.departureTime));
  const news = services.hasService(LATEST_NEWS) ? await services.service<LatestNews>(LATEST_NEWS)(knex, { lang, limit: 8 }) : null;
  return {
    today,
    year,
    throughput: throughputRows.map((r) => ({ month: r.month, cargoType: r.cargo_type, tonnes: Number(r.tonnes) })),
    indexes: indexes.map((p) => ({ date: p.date, index: p.series, value: p.value })),
    rates,
    weather,
    departures: departures.map(({ mode, lineName, origin, destination, departureTime, arrivalTime }) => ({ mode, lineName, origin, destination, departureTime, arrivalTime })),
    news,
  };
}

export type BigScreenData = Awaited<ReturnType<typeof bigScreenData>>;
