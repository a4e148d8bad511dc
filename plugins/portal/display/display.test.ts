// The display series through the REST API on a fresh seeded database: the demo year, each
// validation rule, the unique keys, an XLSX import, the chart's points under a filter, the public
// series API (ranges, classes, ETag/304), the big screen's data, and who may do what.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi, sessionUser, type ApiAnswer } from '../../../tests/support/resource';
import { envelope, req, respond } from '../../../tests/support/http';
import { createScheduler, setScheduler, type JobScheduler } from '../../../core/jobs/scheduler.server';
import { chartPoints } from '../../../core/resource/chart.server';
import { listQuery } from '../../../core/resource/api.server';
import { todayIso } from '../../../core/i18n/dates';
import system from '../../system';
import { displayOnlyPortal } from './testing';
import { lastDays, lastMonths } from './demo';
import { seriesRange } from './publicSeries';
import { bdiBduResource, throughputResource, weatherResource } from './series.server';
import { ratioChange } from './ui/rates';
import { loader as seriesLoader } from './routes/api.series';
import { loader as screenLoader } from './routes/screen';

const db = setUpTestDb({ plugins: [system, displayOnlyPortal], registry: true, dataDir: true, logins: ['operator', 'trader', 'admin'] });
const { cookies } = db;
const api = (resource: string, who = 'operator') => resourceApi('portal', resource, { cookie: cookies[who] });

const ok = <T>(a: ApiAnswer<T>) => {
  expect(a.body.code, a.msg).toBe(200);
  return a.data;
};
const today = todayIso();

describe('the demo series', () => {
  it('holds a year of daily values up to today, two years of months and the real lines', async () => {
    const count = async (table: string, where: Record<string, unknown> = {}) => Number((await db.knex(table).where(where).count({ n: '*' }).first())!.n);
    expect(await count('ptl_bdi_bdu', { index_kind: 'BDI' })).toBe(365);
    expect(await count('ptl_rate', { pair: 'CNY/MMK' })).toBe(365);
    expect(await count('ptl_weather', { port: 'ruili' })).toBe(365);
    expect(await count('ptl_throughput')).toBe(24 * 7);
    const lines = (await db.knex('ptl_class').pluck('line_name')) as string[];
    expect(lines).toEqual(expect.arrayContaining(['瑞丽—曼德勒国际客运班线', '昆明—瑞丽 D 字头动车', '皎漂—仰光沿海货运班轮']));
    const latest = ok(await api('bdiBdu').list({ pageSize: 10 })).rows[0];
    expect(latest.date).toBe(today);
  });

  it('is the same every time for the same day (seeded)', () => {
    expect(lastDays('2026-03-01', 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(lastMonths('2026-02-15', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });
});

describe('validation', () => {
  const weather = (over: Record<string, unknown> = {}) => ({ date: '2020-01-01', port: 'ruili', condition: 'sunny', minTemp: '-2.5', maxTemp: '18', wind: 'NE 3', visibility: '10', ...over });

  it('keeps a day of weather with a sub-zero low, exactly', async () => {
    const row = ok(await api('weather').create(weather()));
    expect(row).toMatchObject({ date: '2020-01-01', port: 'ruili', minTemp: '-2.5', maxTemp: '18', visibility: '10' });
  });

  it.each([
    ['an unknown port', { port: 'shanghai', date: '2020-01-02' }, 'port', '港口格式不正确'],
    ['a temperature out of range', { maxTemp: '75', date: '2020-01-03' }, 'maxTemp', '最高气温(°C)应在 -50 到 60 之间'],
    ['a low above the high', { minTemp: '20', maxTemp: '18', date: '2020-01-04' }, 'maxTemp', '最高气温不能低于最低气温'],
    ['two decimals of temperature', { minTemp: '1.25', date: '2020-01-05' }, 'minTemp', '最低气温(°C)最多保留1位小数'],
    ['a day of weather already kept', {}, 'port', '该港口当天的天气已存在'],
  ])('refuses %s', async (_name, over, field, message) => {
    const a = await api('weather').create(weather(over));
    expect(a.code).not.toBe(200);
    expect(a.fieldErrors[field]).toBe(message);
  });

  it('keeps a BDI value and refuses a second one for the same day, a zero and a third decimal', async () => {
    ok(await api('bdiBdu').create({ date: '2020-01-01', index: 'BDU', value: '1234.56' }));
    expect((await api('bdiBdu').create({ date: '2020-01-01', index: 'BDU', value: '1300' })).fieldErrors.index).toBe('该指数当天的数值已存在');
    expect((await api('bdiBdu').create({ date: '2020-01-02', index: 'BDU', value: '0' })).fieldErrors.value).toBeTruthy();
    expect((await api('bdiBdu').create({ date: '2020-01-02', index: 'BDU', value: '1.234' })).fieldErrors.value).toBeTruthy();
  });

  it('keeps throughput by YYYY-MM and refuses another month format and a repeated cargo type', async () => {
    ok(await api('throughput').create({ month: '2019-07', cargoType: 'rubber', tonnes: '15000.5', teu: '' }));
    expect((await api('throughput').create({ month: '2019-13', cargoType: 'rubber', tonnes: '1' })).fieldErrors.month).toBe('月份格式应为 YYYY-MM');
    expect((await api('throughput').create({ month: '2019-07', cargoType: 'rubber', tonnes: '1' })).fieldErrors.cargoType).toBe('该月份该货类的吞吐量已存在');
  });

  it('keeps a rate to six decimals and refuses a seventh', async () => {
    expect(ok(await api('rate').create({ date: '2020-01-01', pair: 'CNY/USD', rate: '0.140512' })).rate).toBe('0.140512');
    expect((await api('rate').create({ date: '2020-01-02', pair: 'CNY/USD', rate: '0.1405123' })).fieldErrors.rate).toBeTruthy();
  });

  it('keeps inventories, steel and ore prices and refuses their repeated keys', async () => {
    ok(await api('goodsInventory').create({ date: '2020-01-01', goods: '天然橡胶', warehouse: '瑞丽保税仓库', quantity: '3200.125' }));
    expect((await api('goodsInventory').create({ date: '2020-01-01', goods: '天然橡胶', warehouse: '瑞丽保税仓库', quantity: '1' })).fieldErrors.warehouse).toBe('该仓库当天该货物的库存已存在');
    ok(await api('steel').create({ date: '2020-01-01', product: 'rebar', market: '昆明', price: '3520.00' }));
    expect((await api('steel').create({ date: '2020-01-01', product: 'rebar', market: '昆明', price: '3600' })).fieldErrors.market).toBe('当天该品种的价格已存在');
    expect((await api('steel').create({ date: '2020-01-02', product: 'gold', market: '昆明', price: '3600' })).fieldErrors.product).toBeTruthy();
    ok(await api('ore').create({ date: '2020-01-01', oreType: 'manganese', price: '212.40' }));
    expect((await api('ore').create({ date: '2020-01-02', oreType: 'manganese', price: '-1' })).fieldErrors.price).toBeTruthy();
  });

  it('keeps a class with its days of service and refuses a bad time and no days', async () => {
    const row = ok(
      await api('classes').create({
        mode: 'bus',
        lineName: '瑞丽—腊戍',
        origin: '瑞丽',
        destination: '腊戍',
        departureTime: '06:30',
        arrivalTime: '15:00',
        days: ['5', '1', '3'],
        operator: '德宏运输',
        status: 'active',
      })
    );
    expect(row.days).toEqual(['1', '3', '5']);
    expect((await db.knex('ptl_class').where({ id: row.id }).first()).days).toBe('1,3,5');
    const bad = await api('classes').create({
      mode: 'bus',
      lineName: '瑞丽—腊戍',
      origin: '瑞丽',
      destination: '腊戍',
      departureTime: '6:30',
      arrivalTime: '15:00',
      days: [],
      operator: '德宏运输',
      status: 'active',
    });
    expect(bad.fieldErrors).toMatchObject({ departureTime: '时间格式应为 HH:mm', days: '班期不能为空' });
  });
});

describe('XLSX import', () => {
  let scheduler: JobScheduler;
  beforeAll(() => {
    scheduler = createScheduler(db.registry, { knex: db.knex });
    setScheduler(scheduler);
    return async () => {
      await scheduler.close();
      setScheduler(undefined);
    };
  });

  async function importXlsx(resource: string, rows: unknown[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    for (const r of rows) ws.addRow(r);
    const data = new Uint8Array(await wb.xlsx.writeBuffer());
    const { action } = await import('../../../app/routes/api.$plugin.$resource.import');
    const { loader } = await import('../../../app/routes/api.core.imports.$id');
    const form = new FormData();
    form.append('file', new Blob([data]), `${resource}.xlsx`);
    const res = await respond(
      action,
      new Request(`http://localhost/api/portal/${resource}/import`, { method: 'POST', body: form, headers: { Cookie: cookies.operator, 'x-port-client-ip': '10.0.0.7', Origin: 'http://localhost' } }),
      { plugin: 'portal', resource }
    );
    const body = await envelope(res);
    expect(body.code, body.msg).toBe(200);
    const id = (body.data as { importId: number }).importId;
    for (let i = 0; i < 600; i++) {
      const s = (await envelope(await respond(loader, req(`/api/core/imports/${id}`, { cookie: cookies.operator }), { id: String(id) }))).data as {
        status: string;
        inserted: number;
        failed: number;
        message: string;
      };
      if (s.status === 'done' || s.status === 'failed') return s;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('import did not finish');
  }

  it('imports exchange rates by column titles and pair labels, exact to six decimals', async () => {
    const s = await importXlsx('rate', [
      ['日期', '货币对', '汇率'],
      ['2019-05-01', '人民币/美元（1 元兑美元）', '0.148321'],
      [new Date(Date.UTC(2019, 4, 1)), 'USD/MMK', 2100.5],
    ]);
    expect(s, s.message).toMatchObject({ status: 'done', inserted: 2, failed: 0 });
    const rows = await db.knex('ptl_rate').where('date', '2019-05-01').orderBy('pair');
    expect(rows.map((r) => [r.pair, String(Number(r.rate))])).toEqual([
      ['CNY/USD', '0.148321'],
      ['USD/MMK', '2100.5'],
    ]);
  });

  it('refuses a file that repeats a kept day and pair, storing nothing of it', async () => {
    const s = await importXlsx('rate', [
      ['日期', '货币对', '汇率'],
      ['2019-05-02', 'CNY/MMK', '296.1'],
      ['2019-05-01', 'CNY/USD', '0.15'],
    ]);
    expect(s, s.message).toMatchObject({ status: 'done', inserted: 0, failed: 1 });
    expect(await db.knex('ptl_rate').where('date', '2019-05-02').first()).toBeUndefined();
  });
});

describe('the chart above the grid', () => {
  it('has the points of the filtered rows: one BDI line over the asked days', async () => {
    const user = await sessionUser(db.knex, 'operator');
    const from = lastDays(today, 10)[0];
    const q = listQuery(bdiBduResource, new URLSearchParams({ index: 'BDI', dateFrom: from, dateTo: today }), null);
    const chart = (await chartPoints(bdiBduResource, user, q, db.knex))!;
    expect(chart.truncated).toBe(false);
    expect(chart.xs).toEqual(lastDays(today, 10));
    expect(chart.series.map((s) => s.key)).toEqual(['BDI']);
    const stored = await db.knex('ptl_bdi_bdu').where({ index_kind: 'BDI' }).where('date', '>=', from).orderBy('date');
    expect(chart.series[0].values).toEqual(stored.map((r) => Number(r.value)));
  });

  it('sums throughput by month and cargo type, the latest months only', async () => {
    const user = await sessionUser(db.knex, 'operator');
    const chart = (await chartPoints(throughputResource, user, listQuery(throughputResource, new URLSearchParams(), null), db.knex))!;
    expect(chart.xs.length).toBeLessThanOrEqual(36);
    expect(chart.xs.at(-1)).toBe(today.slice(0, 7));
    expect(chart.series).toHaveLength(7);
    const last = chart.series.map((s) => s.values.at(-1)!);
    const stored = await db.knex('ptl_throughput').where({ month: today.slice(0, 7) }).select('tonnes');
    expect(last.reduce((a, b) => a + b, 0)).toBeCloseTo(stored.reduce((a, r) => a + Number(r.tonnes), 0), 2);
  });

  it('comes with the list page (the screen loader)', async () => {
    const { resourcePageData } = await import('../../../core/resource/page.server');
    const data = await resourcePageData(weatherResource, req(`/dataBase/displayInformation/weather?port=muse&dateFrom=${lastDays(today, 5)[0]}`, { cookie: cookies.operator }));
    expect(data.chart!.xs).toEqual(lastDays(today, 5));
    expect(data.chart!.series.map((s) => s.key)).toEqual(['muse']);
  });
});

describe('the public series API', () => {
  const call = async (path: string, headers: Record<string, string> = {}) => respond(seriesLoader, req(path, { headers }), { kind: path.split('/')[5].split('?')[0] });

  it('answers the points of a daily kind between two days, unauthenticated and in the asked language', async () => {
    const days = lastDays(today, 3);
    const res = await call(`/api/portal/public/series/rate?from=${days[0]}&to=${days[2]}&lang=en`);
    const body = await envelope(res);
    expect(body.code).toBe(200);
    const data = body.data as { kind: string; points: { date: string; series: string; seriesLabel: string; value: number }[] };
    expect(data.kind).toBe('rate');
    expect(data.points).toHaveLength(9);
    expect(data.points.find((p) => p.series === 'CNY/USD')!.seriesLabel).toBe('CNY/USD (USD per 1 CNY)');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('answers 304 to a client holding the same ETag', async () => {
    const first = await call('/api/portal/public/series/bdiBdu');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^".+"$/);
    const again = await call('/api/portal/public/series/bdiBdu', { 'if-none-match': tag });
    expect(again.status).toBe(304);
  });

  it('answers weather with its condition and months of throughput', async () => {
    const w = (await envelope(await call(`/api/portal/public/series/weather?from=${today}&to=${today}`))).data as { unit: string; points: { series: string; condition: string; minTemp: number }[] };
    expect(w.unit).toBe('摄氏度');
    expect(w.points.map((p) => p.series).sort()).toEqual(['kyaukphyu', 'muse', 'ruili', 'yangon']);
    expect(w.points[0].condition).toMatch(/sunny|cloudy|rain|storm|fog/);
    const tp = (await envelope(await call('/api/portal/public/series/throughput'))).data as { points: { date: string }[] };
    expect(new Set(tp.points.map((p) => p.date)).size).toBe(12);
  });

  it('answers the classes in service as rows', async () => {
    const data = (await envelope(await call('/api/portal/public/series/classes?lang=my'))).data as { rows: { lineName: string; modeLabel: string; days: string[] }[] };
    expect(data.rows.length).toBeGreaterThanOrEqual(7);
    expect(data.rows.find((r) => r.lineName === '昆明—瑞丽 D 字头动车')!.modeLabel).toBe('ရထား');
  });

  it('refuses an unknown kind, a bad date and too long a range with a clear message', async () => {
    const unknown = await call('/api/portal/public/series/gold');
    expect(unknown.status).toBe(404);
    expect((await envelope(await call('/api/portal/public/series/rate?from=2026-02-30'))).msg).toBe('日期格式应为 YYYY-MM-DD');
    expect((await envelope(await call('/api/portal/public/series/rate?from=2024-01-01&to=2026-01-01&lang=en'))).msg).toBe('At most 366 days per request');
    expect(seriesRange('rate', '2026-05-02', '2026-05-01', today)).toEqual({ error: 'fromAfterTo' });
    expect(seriesRange('throughput', '2026-01', '2026-03', today)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });
});

describe('the big screen', () => {
  it('shows this year by month, BDI, the rates with their change, the weather and no news without the news area', async () => {
    const data = (await screenLoader({ request: req('/dataBase/displayInformation/screen', { cookie: cookies.operator }), params: {}, context: {} })) as Awaited<ReturnType<typeof screenLoader>>;
    expect(new Set(data.throughput.map((r) => r.month.slice(0, 4)))).toEqual(new Set([today.slice(0, 4)]));
    expect(data.indexes.length).toBe(180);
    expect(data.rates.map((r) => r.pair)).toEqual(['CNY/USD', 'CNY/MMK', 'USD/MMK']);
    expect(data.weather).toHaveLength(4);
    expect(data.news).toBeNull();
    expect(ratioChange('101', '100')).toBe('+1.00%');
    expect(ratioChange('99.5', '100')).toBe('-0.50%');
  });
});

describe('permissions', () => {
  it('refuses a trader the staff API (403) and the big screen', async () => {
    const a = await api('weather', 'trader').list();
    expect(a.status).toBe(403);
    const created = await api('rate', 'trader').create({ date: '2020-02-01', pair: 'CNY/USD', rate: '0.14' });
    expect(created.status).toBe(403);
    await expect(screenLoader({ request: req('/dataBase/displayInformation/screen', { cookie: cookies.trader }), params: {}, context: {} })).rejects.toBeDefined();
  });

  it('grants the platform operation role every series screen with import, and the big screen', async () => {
    const role = await db.knex('sys_role').where({ code: 'PTGL' }).first();
    const menus = await db.knex('sys_role_menu').where({ role_id: role.id }).pluck('menu_key');
    expect(menus).toEqual(expect.arrayContaining(['dataBase.displayInformation.weather', 'dataBase.displayInformation.classes', 'dataBase.displayInformation.screen']));
    const perms = await db.knex('sys_role_permission').where({ role_id: role.id }).pluck('permission_code');
    expect(perms).toEqual(expect.arrayContaining(['portal:throughput:add', 'portal:rate:remove', 'portal:classes:edit']));
  });
});
