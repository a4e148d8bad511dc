// Fees through the REST API on a fresh seeded MariaDB: SPEC §5 fee rules (name 1–50, standard
// numeric), tier checks, the trial calculation, customer overrides, service-order lines, the
// periodic billing job's idempotency, and the server refusing users without the permission.
import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb, userId } from '../../../tests/support/suite';
import { loginAs } from '../../../tests/support/session';
import { resourceApi, signedInUser } from '../../../tests/support/resource';
import { envelope, req, respond } from '../../../tests/support/http';
import * as trialRoute from './routes/api.trial';
import { FEE_PERMISSIONS, MENU } from './fee';
import { linesForServiceOrder } from './charging.server';
import { periodsFor, runPeriodicBilling, type BillDraft, type CreateBill } from './periodic.server';
import { periodicBillsJob } from './periodic.job';

const db = setUpTestDb({ logins: ['admin'] });
const { cookies } = db;
const admin = {
  items: resourceApi('finance', 'feeItem', db.as('admin')),
  rules: resourceApi('finance', 'chargingRule', db.as('admin')),
  records: resourceApi('finance', 'operationRecord', db.as('admin')),
};
let traderId: number;

beforeAll(async () => {
  traderId = await userId(db, 'trader');
});

const item = (over: Record<string, unknown> = {}) => ({
  name: '卸车费',
  rateName: '卸车费率',
  billingObject: 'cargo',
  billingMethod: 'quantityTiered',
  standard: '10.00',
  unit: '吨',
  currency: 'RMB',
  settlementMethod: 'monthly',
  valid: true,
  ...over,
});

async function trial(cookie: string, json: Record<string, unknown>) {
  return envelope(await respond(trialRoute.action, req('/api/finance/fees/trial', { cookie, json })));
}

describe('fee items (SPEC §5: fee rate name 1–50 characters, standard numeric)', () => {
  it('saves a name of 50 characters and refuses 51 or none', async () => {
    const okRes = await admin.items.create(item({ name: '费'.repeat(50) }));
    expect(okRes.body.code, okRes.body.msg).toBe(200);
    expect(okRes.body.data!.createdByName).toBe('系统管理员');
    expect(okRes.body.data!.standard).toBe('10.0000');
    expect((await admin.items.create(item({ name: '费'.repeat(51) }))).fieldErrors.name).toContain('50');
    expect((await admin.items.create(item({ name: ' ' }))).fieldErrors.name).toBe('收费项目名称不能为空');
    expect((await admin.items.create(item({ rateName: 'x'.repeat(51) }))).fieldErrors.rateName).toContain('50');
  });

  it('takes a numeric standard and refuses text', async () => {
    expect((await admin.items.create(item({ standard: '12.3456' }))).body.code).toBe(200);
    expect((await admin.items.create(item({ standard: '十元' }))).fieldErrors.standard).toBe('收费标准必须是数字');
  });

  it('knows only the SPEC §9 settlement methods', async () => {
    expect((await admin.items.create(item({ settlementMethod: 'daily' }))).body.code).toBe(200);
    expect((await admin.items.create(item({ settlementMethod: 'weekly' }))).fieldErrors.settlementMethod).toBeTruthy();
  });

  it('refuses to delete an item that has rules', async () => {
    const storage = await db.knex('fin_fee_item').where({ name: '仓储费' }).first();
    const res = await admin.items.remove(storage.id);
    expect(res.body.msg).toBe('该收费项目下存在计费规则，无法删除');
  });
});

describe('charging rules', () => {
  let itemId: number;
  beforeAll(async () => {
    itemId = Number((await admin.items.create(item({ name: '堆存费' }))).body.data!.id);
  });
  const rule = (over: Record<string, unknown> = {}) => ({
    ruleName: '卸车费 阶梯',
    feeItemId: itemId,
    method: 'quantityTiered',
    price: '6',
    unit: '吨',
    tiers: JSON.stringify([
      { from: '0', to: '100', price: '10' },
      { from: '100', to: null, price: '8' },
    ]),
    effectiveFrom: '2026-01-01',
    valid: true,
    ...over,
  });

  it('saves ordered tiers and refuses overlapping ones', async () => {
    const okRes = await admin.rules.create(rule());
    expect(okRes.body.code, okRes.body.msg).toBe(200);
    const bad = await admin.rules.create(
      rule({
        tiers: JSON.stringify([
          { from: '0', to: '100', price: '10' },
          { from: '50', to: null, price: '8' },
        ]),
      }),
    );
    expect(bad.fieldErrors.tiers).toBe('第2个阶梯与前一阶梯重叠或顺序不正确');
    expect((await admin.rules.create(rule({ tiers: '[]' }))).fieldErrors.tiers).toBe('数量阶梯计费请至少添加一个阶梯');
  });

  it('refuses an end date before the effective date', async () => {
    expect((await admin.rules.create(rule({ effectiveTo: '2025-12-31' }))).fieldErrors.effectiveTo).toBe('失效日期不能早于生效日期');
  });

  it('wants a numeric price', async () => {
    expect((await admin.rules.create(rule({ price: 'abc' }))).fieldErrors.price).toBe('单价必须是数字');
  });

  it("trial-calculates the demo storage rule: 30 days, 7 free, 8–15 ×2, 16–30 ×3 = 61.00", async () => {
    const storage = await db.knex('fin_fee_rule').where({ rule_name: '仓储费 免7天阶梯' }).first();
    const res = await trial(cookies.admin, { date: '2026-11-01', days: 30, ruleId: storage.id });
    expect(res.code, res.msg).toBe(200);
    const data = res.data as { lines: { amount: string; explanation: string }[]; total: string };
    expect(data.lines[0].amount).toBe('61.00');
    expect(data.lines[0].explanation).toBe('仓储费: 30天, 免7天, 8–15天×2.00, 16–30天×3.00 = 61.00');
  });

  it("gives the trader their agreed loading price and others the general one", async () => {
    const general = await trial(cookies.admin, { date: '2026-11-01', quantity: '20', billingObject: 'cargo' });
    const forTrader = await trial(cookies.admin, { date: '2026-11-01', quantity: '20', billingObject: 'cargo', customerUserId: traderId });
    const loading = (d: unknown) => (d as { lines: { feeItemName: string; amount: string }[] }).lines.find((l) => l.feeItemName === '装车费')!.amount;
    expect(loading(general.data)).toBe('170.00'); // 20 × 8.50
    expect(loading(forTrader.data)).toBe('156.00'); // 20 × 7.80
  });

  it('refuses a trial with a quantity that is not a number', async () => {
    const res = await trial(cookies.admin, { date: '2026-11-01', quantity: 'x' });
    expect(res.code).toBe(500);
    expect((res.data as { fieldErrors: Record<string, string> }).fieldErrors.quantity).toBe('数量必须是数字');
  });
});

describe('service-order lines', () => {
  it('bills the declaration service fee rule for an RMB order', async () => {
    const lines = await linesForServiceOrder(db.knex, { amount: '12500.50', currency: 'RMB', productCount: 2, payerUserId: traderId, date: '2026-11-01' });
    expect(lines.map((l) => [l.feeItemName, l.amount])).toEqual([['报关服务费', '200.00']]);
  });
  it('falls back to the agreed order amount when no rule applies', async () => {
    const lines = await linesForServiceOrder(db.knex, { amount: '980.50', currency: 'USD', productCount: 1, payerUserId: traderId, date: '2026-11-01' });
    expect(lines).toHaveLength(1);
    expect(lines[0].amount).toBe('980.50');
    expect(lines[0].chargingMethod).toBe('negotiated');
  });
});

describe('periodic billing job', () => {
  const logs: string[] = [];
  const runJob = (date: string) =>
    periodicBillsJob.process({ ...db.registry.context(db.knex), logId: 0, data: { date }, log: (m: string) => logs.push(m) });
  // A DECIMAL(18,2) read straight from the table: text from MariaDB, a number from SQLite.
  const money = (v: unknown) => new Decimal(String(v)).toFixed(2);
  const periodicBills = () => db.knex('fin_bill').where('source', 'like', 'periodic:%').orderBy('id');
  const linesOf = (billId: number) => db.knex('fin_bill_line').where({ bill_id: billId }).orderBy('line_no');

  it('bills the previous month on the 1st and yesterday every day', () => {
    expect(periodsFor('2026-11-01')).toEqual([
      { cycle: 'daily', key: '2026-10-31', from: '2026-10-31', to: '2026-10-31' },
      { cycle: 'monthly', key: '2026-10', from: '2026-10-01', to: '2026-10-31' },
    ]);
    expect(periodsFor('2026-03-01')[1]).toEqual({ cycle: 'monthly', key: '2026-02', from: '2026-02-01', to: '2026-02-28' });
  });

  it('creates one bill per customer and period however often it runs, and logs it', async () => {
    const storage = await db.knex('fin_fee_item').where({ name: '仓储费' }).first();
    const rec = (over: Record<string, unknown>) => admin.records.create({ customerUserId: traderId, billingObject: 'cargo', feeItemId: storage.id, quantity: '10', days: 30, opDate: '2026-10-15', reference: 'CK-001', ...over });
    expect((await rec({})).body.code).toBe(200);
    expect((await rec({ reference: 'CK-002', quantity: '2', days: 8 })).body.code).toBe(200);
    const noItem = await admin.records.create({ customerUserId: traderId, billingObject: 'cargo', quantity: '1', opDate: '2026-10-15', reference: 'CK-X' });
    expect(noItem.fieldErrors.feeItemId).toBe('收费项目不能为空');
    expect((await rec({ quantity: '十吨' })).fieldErrors.quantity).toBe('数量必须是数字');
    // Within the free days: no charge, no line.
    expect((await rec({ reference: 'CK-FREE', quantity: '5', days: 3 })).body.code).toBe(200);

    const summary = await runJob('2026-11-01');
    expect(summary).toBe('periodic bills as of 2026-11-01: created 1, skipped 0');
    const bills = await periodicBills();
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ source: `periodic:${traderId}:2026-10`, payer_user_id: traderId, currency: 'RMB', status: 'staged' });
    // 10 t × 61 = 610.00; 2 t × (day 8 × 2) = 4.00; total 614.00
    expect(money(bills[0].amount)).toBe('614.00');
    const lines = await linesOf(bills[0].id);
    expect(lines.map((l) => money(l.amount))).toEqual(['610.00', '4.00']);
    expect(lines[0].explanation).toBe('[CK-001] 仓储费: 10吨 × (30天, 免7天, 8–15天×2.00, 16–30天×3.00) = 610.00');
    expect(lines[0].source).toBe('rule');
    expect(logs.some((m) => m.includes(`periodic:${traderId}:2026-10: bill ${bills[0].serial_no} created`))).toBe(true);

    expect(await runJob('2026-11-01')).toBe('periodic bills as of 2026-11-01: created 0, skipped 0');
    expect(await periodicBills()).toHaveLength(1);

    const billed = await db.knex('fin_operation_record').where({ reference: 'CK-001' }).first();
    expect(billed.bill_serial_no).toBe(bills[0].serial_no);
    const edit = await admin.records.update(billed.id, { customerUserId: traderId, billingObject: 'cargo', feeItemId: storage.id, quantity: '11', opDate: '2026-10-15', reference: 'CK-001', version: billed.version });
    expect(edit.body.msg).toBe('该作业记录已出账单，无法修改或删除');

    expect((await rec({ reference: 'CK-003', opDate: '2026-11-03' })).body.code).toBe(200);
    await runJob('2026-12-01');
    expect((await periodicBills()).map((b) => b.source)).toEqual([`periodic:${traderId}:2026-10`, `periodic:${traderId}:2026-11`]);
  });

  it('bills daily weighing for yesterday, and a record that arrives late with the next day', async () => {
    const weighing = await db.knex('fin_fee_item').where({ name: '过磅费' }).first();
    await admin.records.create({ customerUserId: traderId, billingObject: 'vehicle', feeItemId: weighing.id, quantity: '1', opDate: '2026-11-20', reference: 'GB-01' });
    await runJob('2026-11-21');
    const last = (await periodicBills()).pop();
    expect(last).toMatchObject({ source: `periodic:${traderId}:2026-11-20` });
    expect(money(last.amount)).toBe('30.00');
    // Entered after 11-20 was billed: the same key is not billed again, the record waits.
    await admin.records.create({ customerUserId: traderId, billingObject: 'vehicle', feeItemId: weighing.id, quantity: '1', opDate: '2026-11-20', reference: 'GB-02' });
    expect(await runJob('2026-11-21')).toBe('periodic bills as of 2026-11-21: created 0, skipped 1');
    expect((await periodicBills()).filter((b) => b.source === `periodic:${traderId}:2026-11-20`)).toHaveLength(1);
    // The next day's run bills it with 11-21.
    await runJob('2026-11-22');
    const next = (await periodicBills()).pop();
    expect(next).toMatchObject({ source: `periodic:${traderId}:2026-11-21` });
    expect((await linesOf(next.id)).map((l) => l.explanation)).toEqual(['[GB-02] 过磅费: 30.00 = 30.00']);
  });

  it('treats a second createBill for the same key as no new bill (the bills area dedupes by sourceKey too)', async () => {
    const drafts: BillDraft[] = [];
    const fake: CreateBill = async (_trx, draft) => {
      drafts.push(draft);
      return { id: 1, serialNo: 'B1', created: false };
    };
    const weighing = await db.knex('fin_fee_item').where({ name: '过磅费' }).first();
    await admin.records.create({ customerUserId: traderId, billingObject: 'vehicle', feeItemId: weighing.id, quantity: '1', opDate: '2026-11-25', reference: 'GB-03' });
    const run = await runPeriodicBilling(db.knex, '2026-11-26', fake);
    expect(run).toMatchObject({ created: 0, skipped: 1 });
    expect(drafts.map((d) => d.sourceKey)).toEqual([`periodic:${traderId}:2026-11-25`]);
  });
});

describe('permissions', () => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await signedInUser(db.knex, { menus: [MENU.group, MENU.feeItem, MENU.chargingRule], permissions: [FEE_PERMISSIONS.feeItemList, FEE_PERMISSIONS.ruleList] }));
  });

  it('lets a list-only user read but not add, edit or delete fee items', async () => {
    const items = resourceApi('finance', 'feeItem', { cookie });
    expect((await items.list()).body.code).toBe(200);
    expect((await items.create(item())).status).toBe(403);
    const one = await db.knex('fin_fee_item').first();
    expect((await items.update(one.id, { ...item(), version: one.version })).status).toBe(403);
    expect((await items.remove(one.id)).status).toBe(403);
  });

  it('refuses rule changes and the trial calculation without their permissions', async () => {
    const rules = resourceApi('finance', 'chargingRule', { cookie });
    expect((await rules.create({ ruleName: 'x' })).status).toBe(403);
    const res = await respond(trialRoute.action, req('/api/finance/fees/trial', { cookie, json: { date: '2026-11-01' } }));
    expect(res.status).toBe(403);
  });

  it('refuses operation records to a user without the menu permission', async () => {
    expect((await resourceApi('finance', 'operationRecord', { cookie }).list()).status).toBe(403);
    expect((await resourceApi('finance', 'feeItem', { cookie: await loginAs('trader') }).list()).status).toBe(403);
  });

  it('grants the platform role PTGL the fee screens', async () => {
    const operator = await loginAs('operator');
    expect((await resourceApi('finance', 'operationRecord', { cookie: operator }).list()).body.code).toBe(200);
    expect((await trial(operator, { date: '2026-11-01', days: 10 })).code).toBe(200);
  });
});
