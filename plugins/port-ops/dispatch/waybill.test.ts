// Waybills through the REST API and the driver's page on a fresh seeded database: the dispatch
// (price from the contract in force, the number, the refusals for papers, licence, blacklist and
// double booking — racing dispatches of one vehicle included), the driver's steps one by one
// with an out-of-order step refused, the loss within and over the line's tolerance with the
// platform's review, who sees which waybill (fleet, driver, shipper) and the permissions; the
// weighings kept as the weighbridge's records, and the exception a driver reports.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi, sessionUser, signedInUser, type ApiAnswer } from '../../../tests/support/resource';
import { answerOf, req, run } from '../../../tests/support/http';
import { upload } from '../../../tests/support/files';
import system from '../../system';
import { loader as driverLoader } from './routes/driveroperation';
import { action as stepAction } from './routes/api.step';
import { loader as boardLoader } from './routes/board';
import { WAYBILL_PERMISSIONS } from './waybill';
import { dispatchWaybill, waybillStep, type DispatchInput } from './waybill.server';
import { translator } from '../fleet/testing';
import { dayFrom } from './testing';
import { formatDateTime } from '../../../core/i18n/dates';
import portOps from '..';

const db = setUpTestDb({ plugins: [system, portOps], registry: true, dataDir: true, logins: ['operator', 'fleet', 'driver', 'shipper', 'admin'] });
const { cookies } = db;
const waybills = (who: string) => resourceApi('portops', 'waybill', { cookie: cookies[who] });

type Envelope = { code: number; msg: string; data?: Record<string, unknown> & { fieldErrors?: Record<string, string> } };
const step = async (who: string, id: unknown, name: string, extra: Record<string, string> = {}) =>
  answerOf<Envelope>(stepAction, req('/api/portops/waybill/step', { cookie: cookies[who], json: { id, step: name, ...extra } }));

const idOf = async (table: string, where: Record<string, unknown>) => Number((await db.knex(table).where(where).first('id')).id);
const ok = <T>(a: ApiAnswer<T>) => {
  expect(a.body.code, a.msg).toBe(200);
  return a.data;
};

const ids: Record<string, number> = {};
beforeAll(async () => {
  ids.shunda = await idOf('ops_fleet', { name: '瑞丽顺达物流车队' });
  ids.wanding = await idOf('ops_fleet', { name: '畹町边贸运输车队' });
  ids.a1234 = await idOf('ops_vehicle', { plate_no: '云N·A1234' });
  ids.b5678 = await idOf('ops_vehicle', { plate_no: '云N·B5678' });
  ids.a3721 = await idOf('ops_vehicle', { plate_no: '云N·A3721' });
  ids.c2468 = await idOf('ops_vehicle', { plate_no: '云N·C2468' });
  ids.d1357 = await idOf('ops_vehicle', { plate_no: '云N·D1357' });
  ids.li = await idOf('ops_driver', { name: '李建国' });
  ids.zhang = await idOf('ops_driver', { name: '张卫东' });
  ids.yang = await idOf('ops_driver', { name: '杨志华' });
  ids.yunhai = await idOf('ops_customer', { name: '瑞丽云海橡胶进出口有限公司' });
  ids.rice = await idOf('ops_customer', { name: '德宏边贸大米贸易公司' });
  ids.museRubber = await idOf('ops_customer', { name: 'Muse Rubber Export Co.' });
  ids.museRuili = await idOf('ops_line', { name: '木姐 Muse 105 mile→瑞丽' });
  ids.wandingMangshi = await idOf('ops_line', { name: '畹町口岸→芒市物流园' });
});

// Each test books its own day (30+ days ahead, clear of the demo's trips) unless it means to clash.
let nextDay = 30;
const freshDay = () => dayFrom(nextDay++);

const payload = (over: Record<string, unknown> = {}) => {
  const day = freshDay();
  return {
    customerId: ids.yunhai,
    lineId: ids.museRuili,
    goods: '橡胶',
    fleetId: ids.shunda,
    vehicleId: ids.a1234,
    driverId: ids.li,
    plannedTonnes: '30',
    loadingFrom: `${day} 08:00`,
    loadingTo: `${day} 10:00`,
    loadingPoint: '',
    unloadingPoint: '',
    remark: null,
    ...over,
  };
};

async function dispatched(who = 'operator', over: Record<string, unknown> = {}) {
  return ok(await waybills(who).create(payload(over)));
}

async function receipt(who = 'driver') {
  const up = await upload(cookies[who], 'portops.waybill', '签收单.pdf');
  expect(up.body.code, up.body.msg).toBe(200);
  return String((up.body.data as { id: number }).id);
}

/** Drives a waybill of the demo driver to `until` (inclusive) through the driver's page. */
async function driveTo(id: unknown, until: string, weights = { loadGross: '45.200', loadTare: '15.200', unloadGross: '45.160', unloadTare: '15.200' }) {
  const steps: [string, Record<string, string>?][] = [
    ['accept'],
    ['arriveLoading'],
    ['load', { gross: weights.loadGross, tare: weights.loadTare }],
    ['depart'],
    ['arrive'],
    ['unload', { gross: weights.unloadGross, tare: weights.unloadTare, receiptFileId: '' }],
    ['complete'],
  ];
  for (const [name, extra] of steps) {
    const body = { ...(extra ?? {}) };
    if (name === 'unload') body.receiptFileId = await receipt();
    const res = await step('driver', id, name, body);
    expect(res.body.code, `${name}: ${res.body.msg}`).toBe(200);
    if (name === until) return res.body.data!;
  }
  throw new Error(`no step ${until}`);
}

const ok2 = (res: { body: Envelope }) => expect(res.body.code, res.body.msg).toBe(200);

/** From arrived-at-loading-and-loaded: depart, arrive and unload with these readings and a receipt. */
async function driveTo2(id: unknown, w: { gross: string; tare: string }) {
  ok2(await step('driver', id, 'depart'));
  ok2(await step('driver', id, 'arrive'));
  ok2(await step('driver', id, 'unload', { ...w, receiptFileId: await receipt() }));
}

describe('dispatching a waybill', () => {
  it('prices it from the contract in force on the loading day (the approved adjustment) and numbers it YD + date + seq', async () => {
    const w = await dispatched();
    expect(w.status).toBe('dispatched');
    expect(String(w.waybillNo)).toMatch(/^YD\d{8}\d{6}$/);
    // The contract line's 85.00 was adjusted to 88.00 ten days before the demo day.
    expect(w.price).toBe('88.00');
    expect(w.priceUnit).toBe('tonne');
    expect(w.adjustmentId).toBe(await idOf('ops_price_adjustment', { status: 'approved' }));
    expect(w.contractLineId).toBeGreaterThan(0);
    expect(w.lossTolerance).toBe('2');
    // Blank points come from the line.
    expect(w.loadingPoint).toBe('木姐 Muse 105码贸易区');
    expect(w.unloadingPoint).toBe('瑞丽姐告货场');
  });

  it("is dispatchWaybill in a caller's transaction, keeping the cargo source and fleet order it came from", async () => {
    const actor = { user: await sessionUser(db.knex, 'operator'), ip: null };
    const order = await db.knex('ops_fleet_order').where({ fleet_id: ids.shunda, status: 'accepted' }).first();
    const input = { ...payload({ customerId: Number(order.customer_id), lineId: Number(order.line_id), vehicleId: ids.b5678, plannedTonnes: '5' }), fleetOrderId: Number(order.id) } as unknown as DispatchInput;
    const w = await db.knex.transaction((trx) => dispatchWaybill(trx, { actor, t: translator(db.registry) }, input));
    expect(w).toMatchObject({ status: 'dispatched', sourceId: Number(order.source_id), fleetOrderId: Number(order.id), price: expect.any(String) });
  });

  it('refuses a loading window out of order or badly written', async () => {
    const day = freshDay();
    expect((await waybills('operator').create(payload({ loadingFrom: `${day} 10:00`, loadingTo: `${day} 08:00` }))).fieldErrors.loadingTo).toBe('装货时间止须晚于装货时间起');
    expect((await waybills('operator').create(payload({ loadingFrom: `${day} 25:00` }))).fieldErrors.loadingFrom).toBe('时间格式应为 YYYY-MM-DD HH:mm');
    // A datetime-local input's value is taken.
    expect(ok(await waybills('operator').create(payload({ loadingFrom: `${day}T08:00`, loadingTo: `${day}T09:30` }))).loadingTo).toBe(`${day} 09:30`);
  });

  it('refuses more than the vehicle is rated to carry', async () => {
    expect((await waybills('operator').create(payload({ plannedTonnes: '36' }))).fieldErrors.plannedTonnes).toBe('计划吨数超过车辆核定载质量 35 吨');
  });

  it('refuses a day without a contract price for the line', async () => {
    const res = await waybills('operator').create(payload({ customerId: ids.rice }));
    expect(res.fieldErrors.lineId).toMatch(/没有此线路的有效合同运价/);
  });
});

describe('double booking', () => {
  it('refuses the vehicle in an overlapping window and allows the adjacent one', async () => {
    const day = freshDay();
    const first = await dispatched('operator', { loadingFrom: `${day} 08:00`, loadingTo: `${day} 10:00` });
    const clash = await waybills('operator').create(payload({ loadingFrom: `${day} 09:00`, loadingTo: `${day} 11:00` }));
    expect(clash.fieldErrors.vehicleId).toBe(`车辆 云N·A1234 在该时段已有派车单 ${first.waybillNo}（${day} 08:00 至 ${day} 10:00）`);
    // Starting when the first one ends is not an overlap.
    ok(await waybills('operator').create(payload({ loadingFrom: `${day} 10:00`, loadingTo: `${day} 12:00` })));
  });

  it('refuses the driver in an overlapping window on another vehicle', async () => {
    const day = freshDay();
    const first = await dispatched('operator', { vehicleId: ids.b5678, plannedTonnes: '16', loadingFrom: `${day} 08:00`, loadingTo: `${day} 10:00` });
    // 李建国 (A2) drives both the box truck and the tractor; the tractor is free, he is not.
    const res = await waybills('operator').create(payload({ vehicleId: ids.a1234, loadingFrom: `${day} 07:00`, loadingTo: `${day} 08:30` }));
    expect(res.fieldErrors).toEqual({ driverId: `司机 李建国 在该时段已有派车单 ${first.waybillNo}（${day} 08:00 至 ${day} 10:00）` });
  });

  it('frees the vehicle when a waybill is cancelled', async () => {
    const day = freshDay();
    const first = await dispatched('operator', { loadingFrom: `${day} 08:00`, loadingTo: `${day} 10:00` });
    ok(await waybills('operator').transition('cancel', [Number(first.id)], '货主取消'));
    ok(await waybills('operator').create(payload({ loadingFrom: `${day} 08:00`, loadingTo: `${day} 10:00` })));
  });

  it('lets exactly one of two racing dispatches of one vehicle win', async () => {
    const day = freshDay();
    const body = payload({ loadingFrom: `${day} 08:00`, loadingTo: `${day} 10:00` });
    const results = await Promise.all([waybills('operator').create(body), waybills('fleet').create({ ...body, loadingFrom: `${day} 09:00`, loadingTo: `${day} 11:00` }), waybills('operator').create(body)]);
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.fieldErrors.vehicleId?.includes('在该时段已有派车单'))).toHaveLength(2);
    expect(await db.knex('ops_waybill').where({ vehicle_id: ids.a1234 }).where('loading_from', 'like', `${day}%`).count({ n: '*' }).first()).toEqual({ n: 1 });
  });
});

describe('papers, licence and blacklist', () => {
  it('refuses a vehicle whose insurance has run out', async () => {
    const res = await waybills('operator').create(payload({ vehicleId: ids.a3721, driverId: ids.zhang, plannedTonnes: '20' }));
    expect(res.body.code).not.toBe(200);
    expect(res.msg).toMatch(/云N·A3721.*保险/);
  });

  it('refuses a driver whose licence has run out by the loading day', async () => {
    // 张卫东's licence runs out ten days after the demo day.
    const res = await waybills('operator').create(payload({ vehicleId: ids.b5678, driverId: ids.zhang, plannedTonnes: '16' }));
    expect(res.msg).toMatch(/张卫东.*驾驶证/);
  });

  it('refuses a licence class that does not cover the vehicle', async () => {
    const day = dayFrom(3);
    const res = await waybills('operator').create(payload({ driverId: ids.zhang, loadingFrom: `${day} 20:00`, loadingTo: `${day} 21:00` }));
    expect(res.msg).toMatch(/张卫东.*B2/);
  });

  it('refuses a blacklisted customer and a blacklisted driver', async () => {
    expect((await waybills('operator').create(payload({ customerId: ids.museRubber }))).msg).toMatch(/^该客户已被列入黑名单：多次拖欠运费/);
    const now = new Date();
    await db.knex('ops_blacklist').insert({ party_type: 'driver', party_id: ids.li, party_name: '李建国', reason: '酒后驾驶', valid_from: dayFrom(140), valid_to: dayFrom(142), status: 'active', created_at: now, updated_at: now, version: 1 });
    const day = dayFrom(141);
    expect((await waybills('operator').create(payload({ loadingFrom: `${day} 08:00`, loadingTo: `${day} 09:00` }))).msg).toMatch(/^该司机已被列入黑名单：酒后驾驶/);
  });
});

describe('against a fleet order', () => {
  it("takes the accepted order's source, keeps within its tonnes, and refuses another fleet's or an unaccepted order", async () => {
    const order = await db.knex('ops_fleet_order').where({ fleet_id: ids.shunda, status: 'accepted' }).first();
    expect(order).toBeDefined();
    const over = { fleetOrderId: Number(order.id), customerId: Number(order.customer_id), lineId: Number(order.line_id), vehicleId: ids.b5678, plannedTonnes: '2' };
    const res = await waybills('fleet').create(payload(over));
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ fleetOrderId: Number(order.id), sourceId: Number(order.source_id) });
    const tooMuch = await waybills('fleet').create(payload({ ...over, plannedTonnes: String(Number(order.tonnes)) }));
    expect(tooMuch.fieldErrors?.plannedTonnes).toMatch(/^超出车队订单剩余吨数（剩余 [\d.]+ 吨）$/);
    expect((await waybills('operator').create(payload({ ...over, lineId: ids.wandingMangshi }))).fieldErrors?.fleetOrderId).toBe('客户和线路须与车队订单一致');
    const offered = await db.knex('ops_fleet_order').where({ status: 'offered' }).first();
    expect((await waybills('operator').create(payload({ ...over, fleetOrderId: Number(offered.id) }))).fieldErrors?.fleetOrderId).toBe('只能按本车队已接受的车队订单派车');
  });
});

describe('the fleet order picker', () => {
  it("offers the fleet its accepted orders, each filling the form from the order: customer, line, fleet, the source's goods and loading window, the tonnes left", async () => {
    const order = await db.knex('ops_fleet_order as o').join('ops_source as s', 's.id', 'o.source_id').where({ 'o.fleet_id': ids.shunda, 'o.status': 'accepted' }).first('o.*', 's.loading_from', 's.loading_to');
    const lookup = db.registry.lookups.get('portops.fleetOrders')!;
    const before = (await lookup.load(db.registry.context(), await sessionUser(db.knex, 'fleet'))).find((o) => o.value === String(order.id))!;
    const planned = await db.knex('ops_waybill').where({ fleet_order_id: order.id }).whereNot({ status: 'cancelled' }).sum({ n: 'planned_tonnes' }).first();
    const left = Number(order.tonnes) - Number(planned?.n ?? 0);
    expect(before.fill).toEqual({
      customerId: String(order.customer_id),
      lineId: String(order.line_id),
      fleetId: String(ids.shunda),
      goods: '玉米',
      plannedTonnes: String(left),
      loadingFrom: formatDateTime(order.loading_from).slice(0, 16),
      loadingTo: formatDateTime(order.loading_to).slice(0, 16),
    });
    // A waybill against it leaves less to fill; the filled values pass the dispatch.
    const w = ok(await waybills('fleet').create(payload({ fleetOrderId: Number(order.id), customerId: Number(order.customer_id), lineId: Number(order.line_id), vehicleId: ids.b5678, plannedTonnes: '2' })));
    const after = (await lookup.load(db.registry.context(), await sessionUser(db.knex, 'fleet'))).find((o) => o.value === String(order.id))!;
    expect(Number(after.fill!.plannedTonnes)).toBe(left - 2);
    // Cancelled, its tonnes are the order's again (and the demo driver's page keeps its trips).
    ok(await waybills('operator').transition('cancel', [Number(w.id)], '测试'));
    const back = (await lookup.load(db.registry.context(), await sessionUser(db.knex, 'fleet'))).find((o) => o.value === String(order.id))!;
    expect(Number(back.fill!.plannedTonnes)).toBe(left);
  });

  it('names the source and the fleet order of a waybill by their numbers, not their ids', async () => {
    const order = await db.knex('ops_fleet_order as o').join('ops_source as s', 's.id', 'o.source_id').where({ 'o.fleet_id': ids.shunda, 'o.status': 'accepted' }).first('o.id', 'o.order_no', 'o.customer_id', 'o.line_id', 's.source_no');
    const w = ok(await waybills('fleet').create(payload({ fleetOrderId: Number(order.id), customerId: Number(order.customer_id), lineId: Number(order.line_id), vehicleId: ids.b5678, plannedTonnes: '1' })));
    const got = ok(await waybills('operator').get(Number(w.id)));
    expect(got).toMatchObject({ sourceNo: order.source_no, fleetOrderNo: order.order_no });
    expect(String(got.sourceNo)).toMatch(/^[A-Z]+\d+/);
    ok(await waybills('operator').transition('cancel', [Number(w.id)], '测试'));
  });
});

describe('under-loading', () => {
  // 畹町边贸运输车队's 32 t container truck and its driver, driven by the platform on the driver's
  // behalf, on days the rice contract covers and no other test of this driver takes.
  let truckDay = 6;
  const truck = async (plannedTonnes: string) => {
    const day = dayFrom(truckDay++);
    const w = await dispatched('operator', { customerId: ids.rice, lineId: ids.wandingMangshi, fleetId: ids.wanding, vehicleId: ids.d1357, driverId: ids.yang, plannedTonnes, loadingFrom: `${day} 08:00`, loadingTo: `${day} 10:00` });
    for (const name of ['accept', 'arriveLoading']) ok2(await step('admin', w.id, name));
    return w;
  };
  const load = async (id: unknown, gross: string, tare: string) => {
    const res = await step('admin', id, 'load', { gross, tare });
    expect(res.body.code, res.body.msg).toBe(200);
    return ok(await waybills('operator').get(Number(id)));
  };

  it("flags a truck loaded far below its plan (15.1 t of 32 t) against the line's tolerance, kept on the waybill; a full load is not flagged", async () => {
    const line = await db.knex('ops_line').where({ id: ids.wandingMangshi }).first('underload_tolerance');
    expect(Number(line.underload_tolerance)).toBe(10);
    const short = await truck('32');
    expect(ok(await waybills('operator').get(Number(short.id)))).toMatchObject({ underloadTolerance: '10', underloaded: false });
    expect(await load(short.id, '30.300', '15.200')).toMatchObject({ loadedNet: '15.1', underloaded: true, underloadTonnes: '16.9' });
    const full = await truck('30');
    expect(await load(full.id, '45.200', '15.200')).toMatchObject({ loadedNet: '30', underloaded: false, underloadTonnes: '0' });
    // The list filters on it.
    const flagged = await waybills('operator').list({ underloaded: 'true', pageSize: 100 });
    expect(flagged.data.rows.map((r) => r.id)).toContain(short.id);
    expect(flagged.data.rows.map((r) => r.id)).not.toContain(full.id);
  });

  it("takes the line's own tolerance, as data next to its loss tolerance", async () => {
    await db.knex('ops_line').where({ id: ids.wandingMangshi }).update({ underload_tolerance: 60 });
    try {
      const w = await truck('32');
      expect(await load(w.id, '30.300', '15.200')).toMatchObject({ underloadTolerance: '60', underloaded: false });
    } finally {
      await db.knex('ops_line').where({ id: ids.wandingMangshi }).update({ underload_tolerance: 10 });
    }
  });
});

describe("the driver's steps", () => {
  it('takes each step in order, weighing at loading and unloading, and completes within tolerance', async () => {
    const w = await dispatched();
    const expected = ['accepted', 'arrivedLoading', 'loaded', 'inTransit', 'arrived', 'unloaded', 'completed'];
    const steps = ['accept', 'arriveLoading', 'load', 'depart', 'arrive', 'unload', 'complete'];
    for (const [i, name] of steps.entries()) {
      const extra: Record<string, string> = name === 'load' ? { gross: '45.200', tare: '15.200' } : name === 'unload' ? { gross: '45.160', tare: '15.200', receiptFileId: await receipt() } : {};
      const res = await step('driver', w.id, name, extra);
      expect(res.body.code, res.body.msg).toBe(200);
      expect(res.body.data!.status).toBe(expected[i]);
    }
    const done = ok(await waybills('operator').get(Number(w.id)));
    expect(done).toMatchObject({ loadedNet: '30', unloadedNet: '29.96', lossTonnes: '0.04', lossPermille: '1.33', excessLoss: '0', deductionAmount: '0.00', lossReview: 'none' });
    expect(done.receiptFile).toEqual(expect.objectContaining({ name: '签收单.pdf' }));
    expect(done.completedAt).toBeTruthy();
  });

  it('refuses a step out of order with its message', async () => {
    const w = await dispatched();
    await driveTo(w.id, 'accept');
    const res = await step('driver', w.id, 'depart');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请先装货过磅，再发车');
    expect((await db.knex('ops_waybill').where({ id: w.id }).first()).status).toBe('accepted');
  });

  it('records an exception with its reason, cancelled after; a completed trip is not cancelled', async () => {
    const w = await dispatched();
    await driveTo(w.id, 'accept');
    const id = Number(w.id);
    expect((await waybills('fleet').transition('exception', [id])).fieldErrors).toEqual({ statusNote: '异常原因不能为空' });
    ok(await waybills('fleet').transition('exception', [id], '车辆爆胎，等待救援'));
    expect((await step('driver', id, 'arriveLoading')).body.msg).toBe('只有已接单的派车单可以报到达装货地');
    ok(await waybills('operator').transition('cancel', [id], '改派其他车辆'));
    expect(ok(await waybills('operator').get(id))).toMatchObject({ status: 'cancelled', statusNote: '改派其他车辆' });
    const done = await dispatched();
    await driveTo(done.id, 'complete');
    expect((await waybills('operator').transition('cancel', [Number(done.id)], '误操作')).msg).toBe('只有已派车、已接单或异常的派车单可以取消');
  });

  it('refuses a weighing with the tare over the gross, and unloading without the receipt', async () => {
    const w = await dispatched();
    await driveTo(w.id, 'arriveLoading');
    const bad = await step('driver', w.id, 'load', { gross: '15', tare: '45' });
    expect(bad.body.data?.fieldErrors).toEqual({ tare: '净重必须大于 0：毛重 15 吨 − 皮重 45 吨 = -30.000 吨，请核对两次读数' });
    expect((await step('driver', w.id, 'load', { gross: '', tare: '15' })).body.data?.fieldErrors?.gross).toBe('毛重不能为空');
    expect((await step('driver', w.id, 'load', { gross: '45', tare: '15' })).body.code).toBe(200);
    expect((await step('driver', w.id, 'depart')).body.code).toBe(200);
    expect((await step('driver', w.id, 'arrive')).body.code).toBe(200);
    const noReceipt = await step('driver', w.id, 'unload', { gross: '45', tare: '15' });
    expect(noReceipt.body.data?.fieldErrors).toEqual({ receiptFileId: '请上传签收单照片或PDF' });
    expect((await db.knex('ops_waybill').where({ id: w.id }).first()).status).toBe('arrived');
  });

  it('refuses the bare load transition without a weighing', async () => {
    const w = await dispatched();
    await driveTo(w.id, 'arriveLoading');
    const res = await resourceApi('portops', 'waybill', { cookie: cookies.driver }).transition('load', [Number(w.id)]);
    expect(res.msg).toBe('请在司机作业页录入过磅毛重和皮重');
  });

  it("shows the driver their open trips only, and answers 404 for another driver's waybill", async () => {
    const mine = await dispatched();
    // 张卫东's licence is good for ten more days.
    const theirs = await dispatched('operator', { vehicleId: ids.b5678, driverId: ids.zhang, plannedTonnes: '16', loadingFrom: `${dayFrom(2)} 20:00`, loadingTo: `${dayFrom(2)} 22:00` });
    const page = (await run(driverLoader, req('/intelligentdispatch/driveroperation', { cookie: cookies.driver }))).data as { rows: { id: number }[] };
    expect(page.rows.map((r) => r.id)).toContain(mine.id);
    expect(page.rows.map((r) => r.id)).not.toContain(theirs.id);
    const res = await step('driver', theirs.id, 'accept');
    expect(res.status).toBe(404);
    expect((await waybills('driver').get(Number(theirs.id))).status).toBe(404);
  });
});

describe("the trip's weighings on the weighbridge", () => {
  const weights = (who: string) => resourceApi('portops', 'weightRecord', { cookie: cookies[who] });
  const recordsOf = (waybillId: unknown) => db.knex('ops_weight_record').where({ waybill_id: Number(waybillId) }).orderBy('id');

  it('leaves one weight record at loading (out) and one at unloading (in), to the kilogram, linked to the waybill', async () => {
    const w = await dispatched();
    const before = Date.now() - 1000;
    await driveTo(w.id, 'load', { loadGross: '45.205', loadTare: '15.201', unloadGross: '', unloadTare: '' });
    expect(await recordsOf(w.id)).toHaveLength(1);
    await driveTo2(w.id, { gross: '45.163', tare: '15.2' });
    const rows = await recordsOf(w.id);
    expect(rows).toHaveLength(2);
    const listed = ok(await weights('operator').list({ waybillId: String(w.id) })).rows.sort((a, b) => Number(a.id) - Number(b.id));
    expect(listed).toEqual([
      expect.objectContaining({ plateNo: '云N·A1234', direction: 'out', gross: '45.205', tare: '15.201', net: '30.004', waybillId: Number(w.id), waybillNo: w.waybillNo, customerId: ids.yunhai, operatorName: '李建国' }),
      expect.objectContaining({ plateNo: '云N·A1234', direction: 'in', gross: '45.163', tare: '15.200', net: '29.963', waybillId: Number(w.id), waybillNo: w.waybillNo, customerId: ids.yunhai, operatorName: '李建国' }),
    ]);
    for (const r of listed) expect(new Date(String(r.weighedAt)).getTime()).toBeGreaterThanOrEqual(before);
    // The waybill keeps the same readings exactly.
    expect(ok(await waybills('operator').get(Number(w.id)))).toMatchObject({ loadingGross: '45.205', loadingTare: '15.201', loadedNet: '30.004', unloadingGross: '45.163', unloadedNet: '29.963' });
  });

  it('refuses a weighing the weighbridge refuses (net of zero or less), leaving the waybill and the records as they were', async () => {
    const w = await dispatched();
    await driveTo(w.id, 'arriveLoading');
    const row = () => db.knex('ops_waybill').where({ id: w.id }).first();
    const before = await row();
    const bad = await step('driver', w.id, 'load', { gross: '15.200', tare: '15.200' });
    expect(bad.body.data?.fieldErrors).toEqual({ tare: '净重必须大于 0：毛重 15.200 吨 − 皮重 15.200 吨 = 0.000 吨，请核对两次读数' });
    expect(await row()).toEqual(before);
    expect(before).toMatchObject({ status: 'arrivedLoading', loading_gross: null, loaded_net: null });
    expect(await recordsOf(w.id)).toHaveLength(0);
    // At unloading too: the load's record stays alone, the waybill stays arrived.
    ok2(await step('driver', w.id, 'load', { gross: '45', tare: '15' }));
    ok2(await step('driver', w.id, 'depart'));
    ok2(await step('driver', w.id, 'arrive'));
    const unload = await step('driver', w.id, 'unload', { gross: '15', tare: '45', receiptFileId: await receipt() });
    expect(unload.body.data?.fieldErrors?.tare).toMatch(/^净重必须大于 0/);
    expect(await db.knex('ops_waybill').where({ id: w.id }).first('status', 'unloading_gross', 'receipt_file_id')).toMatchObject({ status: 'arrived', unloading_gross: null, receipt_file_id: null });
    expect(await recordsOf(w.id)).toHaveLength(1);
  });

  it("shows the shipper the records of their own customer's waybills only", async () => {
    const mine = await dispatched();
    await driveTo(mine.id, 'load');
    // Another customer's trip (德宏大米 on 畹町's truck), weighed at loading by the platform on its driver's behalf.
    // Within 云N·C2468's inspection (the next days; the fresh days are past it).
    const day = dayFrom(4);
    const theirs = await dispatched('operator', { customerId: ids.rice, lineId: ids.wandingMangshi, fleetId: ids.wanding, vehicleId: ids.c2468, driverId: ids.yang, plannedTonnes: '15', loadingFrom: `${day} 08:00`, loadingTo: `${day} 09:00` });
    const admin = { user: await sessionUser(db.knex, 'admin'), ip: null };
    const t = translator(db.registry);
    for (const [name, input] of [['accept'], ['arriveLoading'], ['load', { gross: '30.5', tare: '15.25' }]] as const) await waybillStep(db.knex, admin, t, Number(theirs.id), name, input);
    const [theirRecord] = await recordsOf(theirs.id);
    expect(theirRecord).toMatchObject({ customer_id: ids.rice, operator_name: '杨志华' });
    const rows = ok(await weights('shipper').list({ pageSize: 100 })).rows;
    expect(rows.map((r) => r.waybillId)).toContain(Number(mine.id));
    expect(rows.every((r) => r.customerId === ids.yunhai)).toBe(true);
    expect((await weights('shipper').get(Number(theirRecord.id))).status).toBe(404);
  });
});

describe('the driver reports a problem', () => {
  const audit = (id: unknown) => db.knex('sys_audit_log').where({ resource: 'portops.waybill', record_id: String(id), action: 'transition:exception' });

  it('on their own trip: the exception and its reason recorded, audited with the driver, seen by the dispatcher', async () => {
    const w = await dispatched();
    await driveTo(w.id, 'load');
    const res = await step('driver', w.id, 'exception', { statusNote: '车辆爆胎，等待救援' });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('上报异常成功');
    expect(ok(await waybills('operator').get(Number(w.id)))).toMatchObject({ status: 'exception', statusNote: '车辆爆胎，等待救援' });
    const [entry] = await audit(w.id);
    expect(entry).toMatchObject({ username: 'driver', user_id: (await sessionUser(db.knex, 'driver')).id });
    // Still on the driver's page, with the reason; no next step to take.
    const page = (await run(driverLoader, req('/intelligentdispatch/driveroperation', { cookie: cookies.driver }))).data as { rows: Record<string, unknown>[] };
    expect(page.rows.find((r) => r.id === w.id)).toMatchObject({ status: 'exception', statusNote: '车辆爆胎，等待救援' });
  });

  it("is refused on another driver's trip (not found), changing nothing", async () => {
    const day = dayFrom(2);
    const theirs = await dispatched('operator', { vehicleId: ids.b5678, driverId: ids.zhang, plannedTonnes: '16', loadingFrom: `${day} 06:00`, loadingTo: `${day} 07:00` });
    await db.knex('ops_waybill').where({ id: theirs.id }).update({ status: 'accepted' });
    const res = await step('driver', theirs.id, 'exception', { statusNote: '车辆爆胎' });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe(translator(db.registry)('core:resource.notFound'));
    expect(await db.knex('ops_waybill').where({ id: theirs.id }).first('status', 'status_note')).toEqual({ status: 'accepted', status_note: null });
    expect(await audit(theirs.id)).toHaveLength(0);
  });

  it('needs a reason, and a trip under way', async () => {
    const w = await dispatched();
    await driveTo(w.id, 'accept');
    const empty = await step('driver', w.id, 'exception', { statusNote: '   ' });
    expect(empty.body.data?.fieldErrors).toEqual({ statusNote: '异常原因不能为空' });
    expect((await db.knex('ops_waybill').where({ id: w.id }).first('status')).status).toBe('accepted');
    const notYet = await dispatched();
    expect((await step('driver', notYet.id, 'exception', { statusNote: '车辆故障' })).body.msg).toBe('只有运输过程中的派车单可以上报异常');
  });
});

describe('the loss over tolerance', () => {
  // 30 t loaded, 29.9 t delivered: 0.1 t lost, 0.06 t allowed (2‰), 0.04 t over at 88.00 a tonne.
  const over = { loadGross: '45.200', loadTare: '15.200', unloadGross: '45.100', unloadTare: '15.200' };

  it('flags the waybill for review with the deduction computed', async () => {
    const w = await dispatched();
    await driveTo(w.id, 'complete', over);
    const got = ok(await waybills('operator').get(Number(w.id)));
    expect(got).toMatchObject({ status: 'completed', lossTonnes: '0.1', lossPermille: '3.33', excessLoss: '0.04', deductionAmount: '3.52', lossReview: 'pending' });
  });

  it('is reviewed by the platform: the deduction confirmed, or the loss accepted (nothing deducted)', async () => {
    const a = await dispatched();
    await driveTo(a.id, 'complete', over);
    ok(await waybills('operator').transition('confirmDeduction', [Number(a.id)], '按合同扣款'));
    expect(ok(await waybills('operator').get(Number(a.id)))).toMatchObject({ lossReview: 'deducted', deductionAmount: '3.52', reviewNote: '按合同扣款' });
    const b = await dispatched();
    await driveTo(b.id, 'complete', over);
    ok(await waybills('operator').transition('acceptLoss', [Number(b.id)]));
    expect(ok(await waybills('operator').get(Number(b.id)))).toMatchObject({ lossReview: 'accepted', deductionAmount: '0.00' });
    // Nothing left to review.
    expect((await waybills('operator').transition('confirmDeduction', [Number(b.id)])).msg).toBe('该派车单没有待审核的超损');
  });

  it('is not the fleet’s to review (403)', async () => {
    const w = await dispatched();
    await driveTo(w.id, 'complete', over);
    expect((await waybills('fleet').transition('acceptLoss', [Number(w.id)])).status).toBe(403);
  });
});

describe('who sees and dispatches which waybill', () => {
  it('a fleet dispatches its own vehicles and sees only its waybills', async () => {
    const own = ok(await waybills('fleet').create(payload()));
    expect(own.status).toBe('dispatched');
    const other = await waybills('fleet').create(payload({ fleetId: ids.wanding, vehicleId: ids.c2468, driverId: ids.yang, customerId: ids.rice, lineId: ids.wandingMangshi, plannedTonnes: '15', loadingFrom: `${dayFrom(5)} 08:00`, loadingTo: `${dayFrom(5)} 09:00` }));
    expect(other.fieldErrors.fleetId).toBe('只能给本车队的车辆和司机派车');
    const rows = ok(await waybills('fleet').list({ pageSize: 200 })).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.fleetId === ids.shunda)).toBe(true);
    const wandingTrip = await idOf('ops_waybill', { fleet_id: ids.wanding });
    expect((await waybills('fleet').get(wandingTrip)).status).toBe(404);
  });

  it("a shipper sees only their customer's waybills, with the unloaded weight and the receipt, read-only", async () => {
    const rows = ok(await waybills('shipper').list({ pageSize: 200 })).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.customerId === ids.yunhai)).toBe(true);
    const delivered = rows.find((r) => r.status === 'completed' && r.unloadedNet);
    expect(delivered?.receiptFile).toEqual(expect.objectContaining({ name: expect.stringMatching(/签收单/) }));
    expect((await waybills('shipper').get(await idOf('ops_waybill', { customer_id: ids.rice }))).status).toBe(404);
    expect((await waybills('shipper').create(payload())).status).toBe(403);
  });

  it('a driver neither dispatches nor edits, and a user without the drive permission takes no step', async () => {
    expect((await waybills('driver').create(payload())).status).toBe(403);
    const w = await dispatched();
    expect((await waybills('driver').update(Number(w.id), payload({ version: w.version }))).status).toBe(403);
    // Given the driver's menu but not the drive permission.
    const clerk = await signedInUser(db.knex, { menus: ['intelligentdispatch', 'intelligentdispatch.fleetwaybill', 'intelligentdispatch.driveroperation'], permissions: [WAYBILL_PERMISSIONS.list] });
    cookies.clerk = clerk.cookie;
    expect((await waybills('clerk').create(payload())).status).toBe(403);
    expect((await step('clerk', w.id, 'accept')).status).toBe(403);
    expect((await db.knex('ops_waybill').where({ id: w.id }).first()).status).toBe('dispatched');
  });

  it('only a dispatched waybill is edited', async () => {
    const w = await dispatched();
    const edited = ok(await waybills('operator').update(Number(w.id), payload({ plannedTonnes: '28', version: w.version })));
    expect(edited.plannedTonnes).toBe('28');
    await driveTo(w.id, 'accept');
    expect((await waybills('operator').update(Number(w.id), payload({ version: Number(edited.version) + 1 }))).msg).toBe('只有已派车（司机未接单）的派车单可以修改');
  });
});

describe('the demo and the board', () => {
  it('seeds a completed trip, one flagged for review and one waiting for the demo driver', async () => {
    const demo = await db.knex('ops_waybill').where({ fleet_id: ids.shunda }).where('created_by', await idOf('sys_user', { username: 'operator' })).orderBy('id');
    expect(demo.map((w: { status: string }) => w.status)).toEqual(expect.arrayContaining(['completed', 'inTransit', 'dispatched', 'cancelled']));
    expect(demo.filter((w: { loss_review: string }) => w.loss_review === 'pending').length).toBeGreaterThanOrEqual(1);
    expect(demo.some((w: { status: string; driver_id: number }) => w.status === 'dispatched' && w.driver_id === ids.li)).toBe(true);
    // And one loaded short of its plan, flagged.
    expect(demo.filter((w: { underloaded: unknown }) => Boolean(Number(w.underloaded))).map((w: { planned_tonnes: unknown; loaded_net: unknown }) => [Number(w.planned_tonnes), Number(w.loaded_net)])).toEqual([[18, 9.6]]);
  });

  it("counts the day's waybills by state in the viewer's scope", async () => {
    const board = async (who: string) => ((await run(boardLoader, req('/intelligentdispatch/board', { cookie: cookies[who] }))).data as { counts: { waybills: Record<string, number>; pendingReview: number; sources: unknown } }).counts;
    const platform = await board('operator');
    const fleet = await board('fleet');
    expect(platform.waybills.inTransit).toBeGreaterThanOrEqual(1);
    // The Wanding trip accepted today is the platform's to see, not 顺达's.
    expect(platform.waybills.accepted ?? 0).toBeGreaterThan(fleet.waybills.accepted ?? 0);
    expect(platform.pendingReview).toBeGreaterThanOrEqual(1);
    // Today's cargo sources by state (the demo's draft, published and assigned ones).
    expect(platform.sources).toMatchObject({ draft: 1, published: 1, assigned: 1 });
  });
});
