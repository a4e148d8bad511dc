// Cargo sources, their distribution and the fleet orders through the REST API on a fresh seeded
// database (the demo fleets, customers, lines, contracts and default rules): the source's checks
// (a contract price in force, the loading window, the unloading deadline, the line's vehicle
// types, a blacklisted customer), each transition and a refused one, who may do what (403) and
// who sees which (shipper, fleet), the optimiser's proposal on the demo fleets, the operator's
// adjusted confirmation creating the orders, the fleets' answers, and the expiry/re-offer job.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { makeRole, makeUser, resourceApi, sessionUser } from '../../../tests/support/resource';
import { envelope, req, respond } from '../../../tests/support/http';
import { loginAs } from '../../../tests/support/session';
import system from '../../system';
import portops from '..';
import { FLEET_ROLE } from '../fleet/fleet';
import * as distributionRoute from './routes/api.distribution';
import { MENU, ORDER_PERMISSIONS } from './source';
import { expireOffers, reofferReport, reofferShares } from './distribution.server';
import { reofferJob } from '.';
import { MUSE_LINE, SHIPPER_CUSTOMER, at, idOf, sourcePayload } from './testing';
import type { TFunction } from 'i18next';
import { createI18n } from '../../../core/i18n/i18n';
import { getRegistry } from '../../../core/registry.server';

const db = setUpTestDb({ plugins: [system, portops], registry: true, logins: ['operator', 'admin', 'shipper', 'fleet'] });
const sources = (who: string) => resourceApi('portops', 'source', { cookie: db.cookies[who] });
const orders = (who: string) => resourceApi('portops', 'fleetOrder', { cookie: db.cookies[who] });

type Proposal = {
  fleets: { fleetId: number; name: string; status: string; tonnes: number; capacityTonnes: number; sharePercent: number; reasons: string[]; includable: boolean }[];
  placedTonnes: number;
  unplacedTonnes: number;
  unplacedReason: string | null;
  lot: { tonnes: number; containers: number | null; text: string };
};
const distribution = {
  async get(who: string, id: number) {
    const res = await respond(distributionRoute.loader, req(`/api/portops/distribution/${id}`, { cookie: db.cookies[who] }), { id: String(id) });
    return { status: res.status, body: (await envelope(res)) as { code: number; msg: string; data: Proposal } };
  },
  async confirm(who: string, id: number, shares: { fleetId: number; tonnes: string | number; includeReason?: string }[]) {
    const res = await respond(distributionRoute.action, req(`/api/portops/distribution/${id}`, { cookie: db.cookies[who], json: { shares } }), { id: String(id) });
    const body = (await envelope(res)) as { code: number; msg: string; data: { orders?: number[]; fieldErrors?: Record<string, string> } };
    return { status: res.status, body, fieldErrors: body.data?.fieldErrors ?? {} };
  },
};

let shipperCustomer = 0;
let riceCustomer = 0;
let blacklistedCustomer = 0;
let museLine = 0;
let wandingLine = 0;
const fleet: Record<string, number> = {};
let zhT: TFunction;

const statusOf = async (table: string, id: number) => (await db.knex(table).where({ id }).first('status')).status;

/** A draft made by the operator (or who), its id. */
async function draft(over: Record<string, unknown> = {}, who = 'operator') {
  const res = await sources(who).create(sourcePayload(shipperCustomer, museLine, over));
  expect(res.code, `${res.msg} ${JSON.stringify(res.fieldErrors)}`).toBe(200);
  return Number(res.data.id);
}

async function published(over: Record<string, unknown> = {}) {
  const id = await draft(over);
  expect((await sources('operator').transition('publish', [id])).code).toBe(200);
  return id;
}

beforeAll(async () => {
  shipperCustomer = await idOf(db.knex, 'ops_customer', { name: SHIPPER_CUSTOMER });
  riceCustomer = await idOf(db.knex, 'ops_customer', { name: 'Mandalay Golden Rice Trading Co.' });
  blacklistedCustomer = await idOf(db.knex, 'ops_customer', { name: 'Muse Rubber Export Co.' });
  museLine = await idOf(db.knex, 'ops_line', { name: MUSE_LINE });
  wandingLine = await idOf(db.knex, 'ops_line', { name: '畹町口岸→芒市物流园' });
  for (const [k, name] of Object.entries({ shunda: '瑞丽顺达物流车队', wanding: '畹町边贸运输车队', muse: 'Muse Golden Road Transport', mandalay: 'Mandalay Shwe Logistics' })) fleet[k] = await idOf(db.knex, 'ops_fleet', { name });
  // The dispatcher of 畹町边贸运输车队: another fleet's login.
  const role = await db.knex('sys_role').where({ code: FLEET_ROLE }).first('id');
  const wandingUser = await makeUser(db.knex, { roleIds: [Number(role.id)] });
  await db.knex('ops_fleet').where({ id: fleet.wanding }).update({ user_id: wandingUser.id });
  db.cookies.wanding = await loginAs(wandingUser.username);
  // Fleet orders' list without the right to answer.
  const viewer = await makeUser(db.knex, { roleIds: [await makeRole(db.knex, { menus: [MENU.dispatch, MENU.orders], permissions: [ORDER_PERMISSIONS.list] })] });
  db.cookies.viewer = await loginAs(viewer.username);
  zhT = createI18n('zh', { zh: getRegistry().locales('zh') }).getFixedT('zh');
});

describe('demo data', () => {
  it('has a draft, a published and an assigned source; of the assigned one 顺达 accepted its share and the others await an answer', async () => {
    const demo = await db.knex('ops_source').orderBy('id').limit(3);
    expect(demo.map((s) => s.status)).toEqual(['draft', 'published', 'assigned']);
    const demoOrders = await db.knex('ops_fleet_order').where({ source_id: demo[2].id });
    expect(demoOrders.length).toBeGreaterThanOrEqual(2);
    expect(demoOrders.find((o) => Number(o.fleet_id) === fleet.shunda)?.status).toBe('accepted');
    expect(demoOrders.filter((o) => o.status === 'offered').length).toBeGreaterThanOrEqual(1);
    expect(demoOrders.reduce((s, o) => s + Number(o.tonnes), 0)).toBeLessThanOrEqual(Number(demo[2].tonnes));
  });
});

describe('a source', () => {
  it('takes its price from the contract in force on the loading day (the approved adjustment), with a number', async () => {
    const id = await draft();
    const row = (await sources('operator').get(id)).data;
    expect(row).toMatchObject({ status: 'draft', price: '88.00', priceUnit: 'tonne', currency: 'CNY', customerId: shipperCustomer });
    expect(String(row.sourceNo)).toMatch(/^SRC\d{8}\d{3}$/);
    const stored = await db.knex('ops_source').where({ id }).first();
    expect(stored.adjustment_id).toBeTruthy();
    expect(stored.contract_line_id).toBeTruthy();
  });

  it('is refused without a contract price in force on its line', async () => {
    const res = await sources('operator').create(sourcePayload(shipperCustomer, wandingLine));
    expect(res.fieldErrors.lineId).toMatch(/^该客户在此线路上没有 \d{4}-\d{2}-\d{2} 生效的合同运价，不能发布货源$/);
  });

  it('wants the loading window to end after it starts and the unloading deadline after the loading start', async () => {
    const backwards = await sources('operator').create(sourcePayload(shipperCustomer, museLine, { loadingFrom: at(2, 18), loadingTo: at(2, 8) }));
    expect(backwards.fieldErrors.loadingTo).toBe('装货截止时间须晚于装货开始时间');
    const early = await sources('operator').create(sourcePayload(shipperCustomer, museLine, { unloadBy: at(1, 12) }));
    expect(early.fieldErrors.unloadBy).toBe('卸货期限须晚于装货开始时间');
    const missing = await sources('operator').create(sourcePayload(shipperCustomer, museLine, { loadingFrom: '' }));
    expect(missing.fieldErrors.loadingFrom).toBe('装货开始不能为空');
  });

  it('wants a vehicle type the line allows', async () => {
    const res = await sources('operator').create(sourcePayload(shipperCustomer, museLine, { vehicleType: 'tanker' }));
    expect(res.fieldErrors.vehicleType).toBe('该线路不允许此车型');
    expect((await sources('operator').create(sourcePayload(shipperCustomer, museLine, { vehicleType: 'dump' }))).code).toBe(200);
  });

  it('picks its goods from the base data (system.goods), named in three languages', async () => {
    const options = await getRegistry().context(db.knex).lookup('system.goods', await sessionUser(db.knex, 'shipper'));
    expect(options.find((o) => o.value === 'G001')).toMatchObject({ label: 'G001 大米', labels: { en: 'G001 Rice', my: 'G001 ဆန်' } });
    expect((await sources('operator').create(sourcePayload(shipperCustomer, museLine, { goods: 'NOPE' }))).fieldErrors.goods).toBe('货物格式不正确');
  });

  it('wants the number of containers on a line priced per container', async () => {
    const mandalayLine = await idOf(db.knex, 'ops_line', { name: '曼德勒 Mandalay→木姐 Muse' });
    const none = await sources('operator').create(sourcePayload(riceCustomer, mandalayLine));
    expect(none.fieldErrors.containers).toBe('该线路按箱计价，请填写箱数');
    const ok = await sources('operator').create(sourcePayload(riceCustomer, mandalayLine, { containers: 2, tonnes: '50' }));
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data).toMatchObject({ priceUnit: 'container', price: '320.00', currency: 'USD', containers: 2 });
  });

  it('is refused to a blacklisted customer with the blacklist’s reason', async () => {
    const res = await sources('operator').create(sourcePayload(blacklistedCustomer, museLine));
    expect(res.fieldErrors.customerId).toMatch(/黑名单.*多次拖欠运费/);
    expect(await db.knex('ops_source').where({ customer_id: blacklistedCustomer }).first()).toBeUndefined();
  });

  it('is refused publication once its customer is blacklisted', async () => {
    const id = await draft({}, 'operator');
    const other = await draft();
    await db.knex('ops_blacklist').insert({ party_type: 'customer', party_id: shipperCustomer, party_name: SHIPPER_CUSTOMER, reason: '测试：运费纠纷', valid_from: '2000-01-01', valid_to: null, status: 'active', created_at: new Date(), updated_at: new Date(), version: 1 });
    try {
      const res = await sources('operator').transition('publish', [id]);
      expect(res.msg).toMatch(/黑名单.*运费纠纷/);
      expect(await statusOf('ops_source', id)).toBe('draft');
    } finally {
      await db.knex('ops_blacklist').where({ reason: '测试：运费纠纷' }).delete();
    }
    expect((await sources('operator').transition('publish', [other])).code).toBe(200);
  });
});

describe('the source’s transitions', () => {
  it('publishes a draft, and not twice; a published source is not edited or deleted', async () => {
    const id = await draft();
    expect((await sources('operator').transition('publish', [id])).code).toBe(200);
    const row = await db.knex('ops_source').where({ id }).first();
    expect(row.status).toBe('published');
    expect(row.published_at).toBeTruthy();
    expect((await sources('operator').transition('publish', [id])).msg).toBe('只有草稿状态的货源才能发布');
    const got = (await sources('operator').get(id)).data;
    expect((await sources('operator').update(id, { ...sourcePayload(shipperCustomer, museLine), version: got.version })).msg).toBe('已发布，无法编辑');
    expect((await sources('operator').remove(id)).msg).toBe('只有草稿状态才能删除');
  });

  it('is not published once its loading window is over', async () => {
    const id = await draft({ loadingFrom: at(-2, 8), loadingTo: at(-2, 18), unloadBy: at(-1, 12) });
    expect((await sources('operator').transition('publish', [id])).msg).toMatch(/^货源 SRC\d{11} 的装货时间已过，不能发布$/);
    expect(await statusOf('ops_source', id)).toBe('draft');
  });

  it('numbers the day’s sources after the highest, a deleted draft’s number not reused', async () => {
    const a = await draft();
    const b = await draft();
    const noOf = async (id: number) => String((await db.knex('ops_source').where({ id }).first()).source_no);
    const bNo = await noOf(b);
    expect((await sources('operator').remove(a)).code).toBe(200);
    const c = await draft();
    expect(Number((await noOf(c)).slice(-3))).toBe(Number(bNo.slice(-3)) + 1);
  });

  it('cancels a draft or a published source with its reason, and nothing else', async () => {
    const a = await draft();
    expect((await sources('operator').transition('cancel', [a], ' ')).fieldErrors.cancelReason).toBe('取消原因不能为空');
    expect((await sources('operator').transition('cancel', [a], '客户改期')).code).toBe(200);
    expect(await statusOf('ops_source', a)).toBe('cancelled');
    const b = await published();
    expect((await sources('operator').transition('cancel', [b], '货物未备齐')).code).toBe(200);
    expect((await sources('operator').transition('cancel', [b], '再次')).msg).toBe('只有草稿或已发布的货源才能取消');
  });

  it('is assigned only through the distribution, and closed only when assigned with no open order', async () => {
    const id = await published();
    expect((await sources('operator').transition('assign', [id])).msg).toBe('请在货源分配中通过智能分配确认后再分配');
    expect((await sources('operator').transition('close', [id])).msg).toBe('只有已分配的货源才能关闭');
    expect(await statusOf('ops_source', id)).toBe('published');
    const confirmed = await distribution.confirm('operator', id, [{ fleetId: fleet.shunda, tonnes: '20' }]);
    expect(confirmed.body.code, confirmed.body.msg).toBe(200);
    const [orderId] = confirmed.body.data.orders!;
    expect((await sources('operator').transition('close', [id])).msg).toMatch(/^车队订单 FO\d{12} 尚未完成，不能关闭货源$/);
    expect((await orders('fleet').transition('accept', [orderId])).code).toBe(200);
    expect((await orders('operator').transition('complete', [orderId])).code).toBe(200);
    expect((await sources('operator').transition('close', [id])).code).toBe(200);
    expect(await statusOf('ops_source', id)).toBe('closed');
  });

  it('refuses each action to a user without its right (403)', async () => {
    const id = await draft();
    expect((await sources('fleet').transition('publish', [id])).status).toBe(403);
    expect((await sources('fleet').create(sourcePayload(shipperCustomer, museLine))).status).toBe(403);
    expect((await sources('shipper').transition('close', [id])).status).toBe(403);
    expect((await distribution.get('shipper', id)).status).toBe(403);
    expect((await distribution.confirm('fleet', id, [{ fleetId: fleet.shunda, tonnes: 1 }])).status).toBe(403);
  });
});

describe('the shipper', () => {
  it('creates and publishes their own customer’s sources, whatever customer the form names', async () => {
    const res = await sources('shipper').create(sourcePayload(riceCustomer, museLine));
    expect(res.code, res.msg).toBe(200);
    expect(res.data.customerId).toBe(shipperCustomer);
    expect((await sources('shipper').transition('publish', [Number(res.data.id)])).code).toBe(200);
    const blank = await sources('shipper').create(sourcePayload(null, museLine));
    expect(blank.data.customerId).toBe(shipperCustomer);
  });

  it('sees only their customer’s sources; the platform sees all', async () => {
    const rice = await sources('operator').create(sourcePayload(riceCustomer, await idOf(db.knex, 'ops_line', { name: '腊戌 Lashio→木姐 Muse' })));
    expect(rice.code, JSON.stringify(rice.fieldErrors)).toBe(200);
    const riceId = Number(rice.data.id);
    const mine = (await sources('shipper').list({ pageSize: 100 })).data.rows;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.customerId === shipperCustomer)).toBe(true);
    expect((await sources('shipper').get(riceId)).status).toBe(404);
    expect((await sources('operator').list({ pageSize: 100 })).data.rows.map((r) => r.id)).toContain(riceId);
  });
});

describe('the distribution', () => {
  it('proposes shares within each fleet’s free capacity and the 40% cap, with why', async () => {
    const id = await published();
    const res = await distribution.get('operator', id);
    expect(res.body.code, res.body.msg).toBe(200);
    const p = res.body.data;
    const byId = Object.fromEntries(p.fleets.map((f) => [f.fleetId, f]));
    // Muse line (tractor, box, flatbed, dump): 顺达 35 (its flatbed's insurance ran out, its 18 t box truck is on the road on
    // the demo's trip of today, so not back for this window), 畹町 16 (dump), Muse 30 (its box truck is suspended), Mandalay 35 + 22.
    expect(byId[fleet.shunda].capacityTonnes).toBe(35);
    expect(byId[fleet.wanding].capacityTonnes).toBe(16);
    expect(byId[fleet.muse].capacityTonnes).toBe(30);
    expect(byId[fleet.mandalay].capacityTonnes).toBe(57);
    expect(p.placedTonnes).toBe(50);
    for (const f of p.fleets) {
      expect(f.tonnes).toBeLessThanOrEqual(Math.min(f.capacityTonnes, 20));
      if (f.status !== 'excluded') expect(f.reasons.length).toBeGreaterThan(0);
    }
    expect(p.fleets.reduce((s, f) => s + f.tonnes, 0)).toBe(50);
  });

  it('excludes fleets without a dangerous-goods licence for dangerous goods, and refuses giving them a share', async () => {
    const id = await published({ dangerousGoods: true, tonnes: '30' });
    const p = (await distribution.get('operator', id)).body.data;
    const mandalay = p.fleets.find((f) => f.fleetId === fleet.mandalay)!;
    expect(mandalay).toMatchObject({ status: 'excluded', tonnes: 0 });
    expect(mandalay.reasons).toContain('危险品须有危运资质：无危险品运输资质');
    expect(mandalay.includable).toBe(false);
    const res = await distribution.confirm('operator', id, [
      { fleetId: fleet.shunda, tonnes: '10' },
      { fleetId: fleet.mandalay, tonnes: '10', includeReason: '客户同意' },
    ]);
    // Not even with a reason: the dispatch would refuse it.
    expect(res.fieldErrors[`fleet${fleet.mandalay}`]).toBe('Mandalay Shwe Logistics 已被排除，不能纳入：危险品须有危运资质：无危险品运输资质');
    expect(await statusOf('ops_source', id)).toBe('published');
    expect(await db.knex('ops_fleet_order').where({ source_id: id }).first()).toBeUndefined();
  });

  it('excludes a blacklisted fleet with the blacklist’s reason', async () => {
    const id = await published({ tonnes: '20' });
    await db.knex('ops_blacklist').insert({ party_type: 'fleet', party_id: fleet.muse, party_name: 'Muse Golden Road Transport', reason: '测试：货损未赔', valid_from: '2000-01-01', valid_to: null, status: 'active', created_at: new Date(), updated_at: new Date(), version: 1 });
    try {
      const muse = (await distribution.get('operator', id)).body.data.fleets.find((f) => f.fleetId === fleet.muse)!;
      expect(muse.status).toBe('excluded');
      expect(muse.reasons.join()).toMatch(/黑名单.*货损未赔/);
      const res = await distribution.confirm('operator', id, [{ fleetId: fleet.muse, tonnes: '5' }]);
      expect(res.fieldErrors[`fleet${fleet.muse}`]).toMatch(/^Muse Golden Road Transport 已被排除，不能纳入：.*货损未赔/);
    } finally {
      await db.knex('ops_blacklist').where({ reason: '测试：货损未赔' }).delete();
    }
  });

  it('places a source in containers a container a lot, and says so; names each excluded fleet with the minimum lot as the true reason', async () => {
    // 200 t in 8 containers: lots of 25 t; the default two-lot minimum is 50 t a fleet.
    const id = await published({ tonnes: '200', containers: 8 });
    const p = (await distribution.get('operator', id)).body.data;
    expect(p.lot).toMatchObject({ tonnes: 25, containers: 8 });
    expect(p.lot.text).toBe('分配单位：每批 25 吨 — 货源 200 吨共 8 箱，一箱不拆分给两个车队');
    const byId = Object.fromEntries(p.fleets.map((f) => [f.fleetId, f]));
    expect(byId[fleet.mandalay]).toMatchObject({ status: 'allocated', tonnes: 50 });
    expect(byId[fleet.mandalay].reasons).toContain('每车队至少 2 批：按最小派单量 2 批 × 25 吨 = 50 吨');
    expect(byId[fleet.mandalay].reasons).toContain('可用运力 57 吨，按整批可承运 50 吨，已用满');
    for (const k of ['shunda', 'wanding', 'muse']) expect(byId[fleet[k]]).toMatchObject({ status: 'excluded', includable: true });
    expect(byId[fleet.shunda].reasons).toEqual(['每车队至少 2 批：可用运力 35 吨，不足最小派单量 2 批 × 25 吨 = 50 吨']);
    expect(p.placedTonnes).toBe(50);
    // Not "capacity": the fleets have 138 t free; the minimum lot keeps them out.
    expect(p.unplacedReason).toBe('最小派单量（规则“每车队至少 2 批”）使有运力的车队无法承运');
  });

  it('lets the operator include an excluded fleet with a reason, checked on the server and recorded with the order and the assignment', async () => {
    const id = await published({ tonnes: '200', containers: 8 });
    const noReason = await distribution.confirm('operator', id, [
      { fleetId: fleet.mandalay, tonnes: '50' },
      { fleetId: fleet.shunda, tonnes: '25' },
    ]);
    expect(noReason.fieldErrors[`reason${fleet.shunda}`]).toBe('纳入被排除的车队 瑞丽顺达物流车队 须填写理由');
    const blank = await distribution.confirm('operator', id, [{ fleetId: fleet.shunda, tonnes: '25', includeReason: '   ' }]);
    expect(blank.fieldErrors[`reason${fleet.shunda}`]).toBeTruthy();
    // Included, it is still held to its free capacity.
    const over = await distribution.confirm('operator', id, [{ fleetId: fleet.shunda, tonnes: '50', includeReason: '顺达承诺加派一车' }]);
    expect(over.fieldErrors[`fleet${fleet.shunda}`]).toBe('瑞丽顺达物流车队 的可用运力只有 35 吨');
    expect(await db.knex('ops_fleet_order').where({ source_id: id }).first()).toBeUndefined();
    const res = await distribution.confirm('operator', id, [
      { fleetId: fleet.mandalay, tonnes: '50' },
      { fleetId: fleet.shunda, tonnes: '25', includeReason: '顺达承诺加派一车' },
    ]);
    expect(res.body.code, res.body.msg).toBe(200);
    const own = await db.knex('ops_fleet_order').where({ source_id: id, fleet_id: fleet.shunda }).first();
    expect(Number(own.tonnes)).toBe(25);
    const audit = await db.knex('sys_audit_log').where({ resource: 'portops.fleetOrder', record_id: String(own.id), action: 'create' }).first();
    expect(audit.username).toBe('operator');
    expect(JSON.stringify(JSON.parse(audit.changes))).toContain('顺达承诺加派一车');
    expect(audit.changes).toContain('每车队至少 2 批');
    const source = await db.knex('ops_source').where({ id }).first();
    expect(source.distribution_note).toContain('瑞丽顺达物流车队 25 吨（被排除：每车队至少 2 批：可用运力 35 吨，不足最小派单量 2 批 × 25 吨 = 50 吨；纳入理由：顺达承诺加派一车）');
  });

  it('names the rule behind an even split at the preferred share in each fleet’s reasons', async () => {
    // 60 t: the default 25 % preferred share is 15 t, the 40 % cap 24 t.
    const p = (await distribution.get('operator', await published({ tonnes: '60' }))).body.data;
    const at15 = p.fleets.filter((f) => f.tonnes === 15);
    expect(at15.length).toBeGreaterThanOrEqual(2);
    for (const f of at15) expect(f.reasons).toContain('超过 25% 份额加价：止于期望份额 25%（15 吨），超出部分每吨加价 2');
    for (const f of p.fleets.filter((x) => x.status === 'allocated')) expect(f.reasons.some((r) => r.startsWith('报价优先：') || r.startsWith('准时率优先：'))).toBe(true);
  });

  it('says a fleet used all its free capacity where that is what stopped it', async () => {
    // 80 t: 20 t each at the preferred share, but 畹町 has 16 t free.
    const p = (await distribution.get('operator', await published({ tonnes: '80' }))).body.data;
    const wanding = p.fleets.find((f) => f.fleetId === fleet.wanding)!;
    expect(wanding.tonnes).toBe(16);
    expect(wanding.reasons).toContain('已用满可用运力 16 吨');
  });

  it('answers 404 for a source the caller cannot see and 400 for a malformed id', async () => {
    expect((await distribution.get('operator', 2147483000)).status).toBe(404);
    const res = await respond(distributionRoute.loader, req('/api/portops/distribution/x', { cookie: db.cookies.operator }), { id: 'x' });
    expect(res.status).toBe(400);
  });

  it('refuses a share above a fleet’s free capacity and shares above the source’s tonnes', async () => {
    const id = await published({ tonnes: '40' });
    const over = await distribution.confirm('operator', id, [{ fleetId: fleet.wanding, tonnes: '17' }]);
    expect(over.fieldErrors[`fleet${fleet.wanding}`]).toBe('畹町边贸运输车队 的可用运力只有 16 吨');
    const total = await distribution.confirm('operator', id, [
      { fleetId: fleet.shunda, tonnes: '25' },
      { fleetId: fleet.mandalay, tonnes: '16' },
    ]);
    expect(total.fieldErrors.shares).toBe('分配合计 41 吨，超过货源重量 40 吨');
    const none = await distribution.confirm('operator', id, [{ fleetId: fleet.shunda, tonnes: '0' }]);
    expect(none.fieldErrors.shares).toBe('请至少给一个车队分配吨数');
    expect(await statusOf('ops_source', id)).toBe('published');
  });

  it('on confirmation creates one offered order per share, assigns the source and records who confirmed what', async () => {
    const id = await published({ tonnes: '40' });
    const before = Date.now();
    const res = await distribution.confirm('operator', id, [
      { fleetId: fleet.shunda, tonnes: '25' },
      { fleetId: fleet.mandalay, tonnes: '15' },
    ]);
    expect(res.body.code, res.body.msg).toBe(200);
    const made = await db.knex('ops_fleet_order').where({ source_id: id }).orderBy('id');
    expect(made.map((o) => [Number(o.fleet_id), Number(o.tonnes), o.status, o.price_unit])).toEqual([
      [fleet.shunda, 25, 'offered', 'tonne'],
      [fleet.mandalay, 15, 'offered', 'tonne'],
    ]);
    expect(made.every((o) => String(o.order_no).match(/^FO\d{12}$/) && Number(o.price) === 88)).toBe(true);
    const expires = new Date(made[0].offer_expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(2 * 3600_000 - 5000);
    expect(expires - before).toBeLessThanOrEqual(2 * 3600_000 + 60_000);
    const source = await db.knex('ops_source').where({ id }).first();
    expect(source.status).toBe('assigned');
    expect(source.distribution_note).toMatch(/^确认分配 40 吨：瑞丽顺达物流车队 25 吨（建议 \d+ 吨，人工调整）；Mandalay Shwe Logistics 15 吨/);
    const audit = await db.knex('sys_audit_log').where({ resource: 'portops.source', record_id: String(id), action: 'transition:assign' }).first();
    expect(audit.username).toBe('operator');
    // Confirmed once: a second confirmation is refused.
    expect((await distribution.confirm('operator', id, [{ fleetId: fleet.muse, tonnes: '1' }])).body.msg).toBe('只有已发布的货源才能分配');
  });
});

describe('the fleets’ orders', () => {
  let sourceId = 0;
  let shundaOrder = 0;
  let wandingOrder = 0;
  beforeAll(async () => {
    sourceId = await published({ tonnes: '30' });
    const res = await distribution.confirm('operator', sourceId, [
      { fleetId: fleet.shunda, tonnes: '15' },
      { fleetId: fleet.wanding, tonnes: '15' },
    ]);
    [shundaOrder, wandingOrder] = res.body.data.orders!;
  });

  it('a fleet sees only its own orders', async () => {
    const mine = (await orders('fleet').list({ pageSize: 100 })).data.rows;
    expect(mine.map((r) => r.id)).toContain(shundaOrder);
    expect(mine.every((r) => r.fleetId === fleet.shunda)).toBe(true);
    expect((await orders('fleet').get(wandingOrder)).status).toBe(404);
    expect((await orders('operator').list({ pageSize: 100 })).data.rows.map((r) => r.id)).toEqual(expect.arrayContaining([shundaOrder, wandingOrder]));
  });

  it('accepts its own offer; another fleet cannot act on it (404); a viewer without the right gets 403', async () => {
    expect((await orders('wanding').transition('accept', [shundaOrder])).status).toBe(404);
    expect((await orders('viewer').transition('accept', [shundaOrder])).status).toBe(403);
    expect((await orders('operator').transition('accept', [shundaOrder])).status).toBe(403);
    expect((await orders('fleet').transition('accept', [shundaOrder])).code).toBe(200);
    const row = await db.knex('ops_fleet_order').where({ id: shundaOrder }).first();
    expect(row.status).toBe('accepted');
    expect(row.responded_at).toBeTruthy();
    expect((await orders('fleet').transition('decline', [shundaOrder], '晚了')).msg).toBe('只有待接单的订单才能拒单');
  });

  it('declines with a reason', async () => {
    expect((await orders('wanding').transition('decline', [wandingOrder], '')).fieldErrors.declineReason).toBe('拒单原因不能为空');
    expect((await orders('wanding').transition('decline', [wandingOrder], '车辆已排满')).code).toBe(200);
    const row = await db.knex('ops_fleet_order').where({ id: wandingOrder }).first();
    expect([row.status, row.decline_reason]).toEqual(['declined', '车辆已排满']);
  });

  it('refuses an answer after the offer’s deadline, even before the job has run', async () => {
    const id = await published({ tonnes: '10' });
    const [orderId] = (await distribution.confirm('operator', id, [{ fleetId: fleet.shunda, tonnes: '10' }])).body.data.orders!;
    await db.knex('ops_fleet_order').where({ id: orderId }).update({ offer_expires_at: new Date(Date.now() - 60_000) });
    expect((await orders('fleet').transition('accept', [orderId])).msg).toMatch(/^订单 FO\d{12} 已超过接单时限$/);
    expect(await statusOf('ops_fleet_order', orderId)).toBe('offered');
  });

  it('the job expires offers past their deadline and offers declined and expired shares to other fleets', async () => {
    // The declined 畹町 share (15 t) of the source above, and a 顺达 offer of another source left unanswered.
    const id = await published({ tonnes: '12' });
    const [late] = (await distribution.confirm('operator', id, [{ fleetId: fleet.shunda, tonnes: '12' }])).body.data.orders!;
    await db.knex('ops_fleet_order').where({ id: late }).update({ offer_expires_at: new Date(Date.now() - 60_000) });
    const output = String(await reofferJob.process({ knex: db.knex, data: {}, logId: 0, log: () => undefined, service: () => undefined as never, lookup: async () => [] }));
    expect(await statusOf('ops_fleet_order', late)).toBe('expired');
    const lateNo = (await db.knex('ops_fleet_order').where({ id: late }).first()).order_no;
    expect(output).toContain(`expired: `);
    expect(output).toContain(lateNo);
    const audit = await db.knex('sys_audit_log').where({ resource: 'portops.fleetOrder', record_id: String(late), action: 'transition:expire' }).first();
    expect(audit).toBeTruthy();
    for (const [parent, refuser, tonnes] of [
      [wandingOrder, fleet.wanding, 15],
      [late, fleet.shunda, 12],
    ]) {
      const children = await db.knex('ops_fleet_order').where({ parent_order_id: parent });
      expect(children.length, `re-offers of ${parent}`).toBeGreaterThan(0);
      expect(children.every((c) => c.status === 'offered' && Number(c.fleet_id) !== refuser)).toBe(true);
      expect(children.reduce((s, c) => s + Number(c.tonnes), 0)).toBe(tonnes);
      expect((await db.knex('ops_fleet_order').where({ id: parent }).first()).reoffered_at).toBeTruthy();
      const parentNo = (await db.knex('ops_fleet_order').where({ id: parent }).first()).order_no;
      expect(output).toContain(`${parentNo} (${tonnes} t): FO`);
    }
    // Run again: nothing is offered twice.
    const count = Number((await db.knex('ops_fleet_order').count({ n: '*' }).first())!.n);
    await reofferShares(db.knex, zhT);
    expect(Number((await db.knex('ops_fleet_order').count({ n: '*' }).first())!.n)).toBe(count);
  });

  it('a share every fleet turned down waits for a fleet, and is given up once the loading window is over', async () => {
    const id = await published({ tonnes: '5', dangerousGoods: true });
    const [first] = (await distribution.confirm('operator', id, [{ fleetId: fleet.wanding, tonnes: '5' }])).body.data.orders!;
    expect((await orders('wanding').transition('decline', [first], '无车')).code).toBe(200);
    const once = await reofferShares(db.knex, zhT);
    // Only 顺达 besides 畹町 carries dangerous goods, and no fleet holds more than 40% of the source.
    const [second] = await db.knex('ops_fleet_order').where({ parent_order_id: first });
    expect([Number(second.fleet_id), Number(second.tonnes)]).toEqual([fleet.shunda, 2]);
    const firstNo = (await db.knex('ops_fleet_order').where({ id: first }).first()).order_no;
    expect(once.find((l) => l.orderNo === firstNo)).toMatchObject({ left: 3, gaveUp: false });
    expect((await orders('fleet').transition('decline', [Number(second.id)], '无车')).code).toBe(200);
    const waiting = await reofferShares(db.knex, zhT);
    expect(waiting.find((l) => l.orderNo === second.order_no)).toMatchObject({ offers: [], left: 2, gaveUp: false });
    expect(reofferReport([], waiting)).toContain(`${second.order_no} (2 t): no fleet; 2 t still unplaced`);
    await db.knex('ops_source').where({ id }).update({ loading_to: new Date(Date.now() - 1000) });
    const over = await reofferShares(db.knex, zhT);
    expect(over.filter((l) => [firstNo, second.order_no].includes(l.orderNo)).map((l) => l.gaveUp)).toEqual([true, true]);
    expect(reofferReport([], over)).toContain('given up (loading window over)');
    expect((await db.knex('ops_fleet_order').whereIn('id', [first, Number(second.id)]).whereNull('reoffered_at').first())).toBeUndefined();
  });

  it('expireOffers leaves answered and unexpired offers alone', async () => {
    expect(await expireOffers(db.knex)).toEqual([]);
    expect(await statusOf('ops_fleet_order', shundaOrder)).toBe('accepted');
  });
});
