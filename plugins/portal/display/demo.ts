// Demo display series: a year of plausible daily values up to the day the database is made
// (weather of four ports, BDI/BDU, exchange rates, steel and ore prices), weekly inventories, two
// years of monthly throughput, and the regular services of a few real lines. Deterministic (a
// seeded generator): the same day gives the same numbers. Written in batches as the operator
// rather than row by row through the API: thousands of rows would slow every fresh start.
import type { Knex } from 'knex';
import { demoDataSeed } from '@core/server';
import { todayIso } from '@core/shared';

/** mulberry32: a small seeded generator, so that the demo is the same on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
/** The `n` days up to and including `today`, oldest first. */
export function lastDays(today: string, n: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * DAY).toISOString().slice(0, 10));
}
/** The `n` months up to and including today's, oldest first (YYYY-MM). */
export function lastMonths(today: string, n: number): string[] {
  const [y, m] = today.split('-').map(Number);
  return Array.from({ length: n }, (_, i) => {
    const k = y * 12 + (m - 1) - (n - 1 - i);
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

/** A random walk around `base`, pulled back towards it, with `dp` decimals. */
function walk(rnd: () => number, n: number, base: number, step: number, dp: number): string[] {
  let v = base;
  return Array.from({ length: n }, () => {
    v += (rnd() - 0.5) * 2 * step + (base - v) * 0.05;
    return v.toFixed(dp);
  });
}

const dayOfYear = (d: string) => Math.floor((Date.parse(`${d}T00:00:00Z`) - Date.parse(`${d.slice(0, 4)}-01-01T00:00:00Z`)) / DAY);

/** Ports with their coolest-season lows and hottest-season highs (°C) and whether they are on the coast. */
const PORT_CLIMATE: Record<string, { low: [number, number]; high: [number, number]; coast: boolean }> = {
  ruili: { low: [8, 22], high: [24, 32], coast: false },
  muse: { low: [9, 22], high: [25, 33], coast: false },
  kyaukphyu: { low: [17, 25], high: [28, 33], coast: true },
  yangon: { low: [18, 25], high: [30, 36], coast: true },
};

export function demoRows(today: string) {
  const rnd = generator(20261128);
  const days = lastDays(today, 365);
  const weather = Object.entries(PORT_CLIMATE).flatMap(([port, c]) =>
    days.map((date) => {
      // Coolest mid-January, hottest in April–May; the monsoon (June–October) brings rain.
      const season = (1 - Math.cos(((dayOfYear(date) - 15) / 365) * 2 * Math.PI)) / 2;
      const monsoon = dayOfYear(date) >= 150 && dayOfYear(date) <= 290;
      const max = c.high[0] + (c.high[1] - c.high[0]) * season + (rnd() - 0.5) * 3;
      const min = Math.min(max - 4, c.low[0] + (c.low[1] - c.low[0]) * season + (rnd() - 0.5) * 3);
      const r = rnd();
      const condition = monsoon ? (r < 0.45 ? 'rain' : r < 0.6 ? 'storm' : r < 0.85 ? 'cloudy' : 'sunny') : r < 0.55 ? 'sunny' : r < 0.8 ? 'cloudy' : r < 0.9 ? 'fog' : 'rain';
      const force = Math.floor(2 + rnd() * (condition === 'storm' ? 5 : 3));
      const dir = (c.coast ? ['SW', 'W', 'S', 'NE'] : ['NE', 'E', 'SW', 'N'])[Math.floor(rnd() * 4)];
      const visibility = condition === 'fog' ? 0.5 + rnd() * 2 : condition === 'rain' || condition === 'storm' ? 3 + rnd() * 5 : 8 + rnd() * 12;
      return { date, port, condition, min_temp: min.toFixed(1), max_temp: max.toFixed(1), wind: `${dir} ${force}`, visibility: visibility.toFixed(1) };
    })
  );
  const indexes = [
    ...walk(rnd, days.length, 1650, 40, 2).map((value, i) => ({ date: days[i], index_kind: 'BDI', value })),
    ...walk(rnd, days.length, 1180, 25, 2).map((value, i) => ({ date: days[i], index_kind: 'BDU', value })),
  ];
  const rates = [
    ...walk(rnd, days.length, 0.1405, 0.0004, 6).map((rate, i) => ({ date: days[i], pair: 'CNY/USD', rate })),
    ...walk(rnd, days.length, 295.6, 0.8, 4).map((rate, i) => ({ date: days[i], pair: 'CNY/MMK', rate })),
    ...walk(rnd, days.length, 2100, 3, 4).map((rate, i) => ({ date: days[i], pair: 'USD/MMK', rate })),
  ];
  const steel = (
    [
      ['rebar', 3520],
      ['wireRod', 3730],
      ['hotRolledCoil', 3640],
    ] as const
  ).flatMap(([product, base]) => walk(rnd, days.length, base, 25, 2).map((price, i) => ({ date: days[i], product, market: '昆明', price })));
  const ore = (
    [
      ['ironOre62', 104],
      ['ironOre58', 89],
      ['manganese', 212],
    ] as const
  ).flatMap(([oreType, base]) => walk(rnd, days.length, base, 1.5, 2).map((price, i) => ({ date: days[i], ore_type: oreType, price })));
  const weeks = days.filter((_, i) => (days.length - 1 - i) % 7 === 0);
  const inventory = (
    [
      ['天然橡胶', '瑞丽保税仓库', 3200],
      ['大米', '姐告边贸货场', 5400],
      ['铁矿石', '皎漂港堆场', 48000],
      ['锰矿', '皎漂港堆场', 12600],
    ] as const
  ).flatMap(([goods, warehouse, base]) => walk(rnd, weeks.length, base, base * 0.04, 3).map((quantity, i) => ({ date: weeks[i], goods, warehouse, quantity })));
  const months = lastMonths(today, 24);
  const CARGO: [string, number, number | null][] = [
    ['container', 38000, 2600],
    ['bulk', 52000, null],
    ['rubber', 16000, null],
    ['ore', 61000, null],
    ['steel', 14000, null],
    ['agricultural', 23000, null],
    ['other', 6000, null],
  ];
  const throughput = months.flatMap((month, i) =>
    CARGO.map(([cargoType, base, teu]) => {
      const growth = 1 + i * 0.006;
      const season = 1 + 0.12 * Math.sin(((Number(month.slice(5)) - 3) / 12) * 2 * Math.PI);
      const tonnes = base * growth * season * (0.9 + rnd() * 0.2);
      return { month, cargo_type: cargoType, tonnes: tonnes.toFixed(2), teu: teu ? Math.round(teu * growth * season * (0.9 + rnd() * 0.2)) : null };
    })
  );
  const classes = [
    {
      mode: 'bus',
      line_name: '瑞丽—曼德勒国际客运班线',
      origin: '瑞丽',
      destination: '曼德勒',
      departure_time: '07:30',
      arrival_time: '19:30',
      days: '1,2,3,4,5,6,7',
      operator: '德宏州国际道路运输有限公司',
    },
    {
      mode: 'bus',
      line_name: '瑞丽—曼德勒国际客运班线',
      origin: '曼德勒',
      destination: '瑞丽',
      departure_time: '08:00',
      arrival_time: '20:00',
      days: '1,2,3,4,5,6,7',
      operator: 'Shwe Mandalar Express',
    },
    { mode: 'bus', line_name: '木姐—腊戍客运班线', origin: '木姐', destination: '腊戍', departure_time: '09:00', arrival_time: '14:30', days: '1,3,5', operator: 'Muse Lashio Travels' },
    { mode: 'rail', line_name: '昆明—瑞丽 D 字头动车', origin: '昆明', destination: '瑞丽', departure_time: '08:15', arrival_time: '13:40', days: '1,2,3,4,5,6,7', operator: '中国铁路昆明局集团' },
    { mode: 'rail', line_name: '昆明—瑞丽 D 字头动车', origin: '瑞丽', destination: '昆明', departure_time: '14:30', arrival_time: '19:55', days: '1,2,3,4,5,6,7', operator: '中国铁路昆明局集团' },
    { mode: 'ship', line_name: '皎漂—仰光沿海货运班轮', origin: '皎漂', destination: '仰光', departure_time: '18:00', arrival_time: '06:00', days: '2,5', operator: 'Myanma Five Star Line' },
    { mode: 'ship', line_name: '皎漂—吉大港支线', origin: '皎漂', destination: '吉大港', departure_time: '10:00', arrival_time: '16:00', days: '4', operator: 'Kyaukphyu Feeder Services' },
  ].map((c) => ({ ...c, status: 'active' }));
  return { weather, indexes, rates, steel, ore, inventory, throughput, classes };
}

export const displayDemo = demoDataSeed('display-demo', async (trx: Knex.Transaction) => {
  const operator = await trx('sys_user').where({ username: 'operator' }).first('id');
  const now = new Date();
  const stamp = { created_at: now, created_by: operator?.id ?? null, updated_at: now, updated_by: operator?.id ?? null, version: 1 };
  const d = demoRows(todayIso());
  const put = async (table: string, rows: Record<string, unknown>[]) => {
    if (!(await trx(table).first('id')))
      await trx.batchInsert(
        table,
        rows.map((r) => ({ ...r, ...stamp })),
        200
      );
  };
  await put('ptl_weather', d.weather);
  await put('ptl_bdi_bdu', d.indexes);
  await put('ptl_rate', d.rates);
  await put('ptl_steel', d.steel);
  await put('ptl_ore', d.ore);
  await put('ptl_goods_inventory', d.inventory);
  await put('ptl_throughput', d.throughput);
  await put('ptl_class', d.classes);
});
