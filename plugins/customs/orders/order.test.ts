// Service orders through the REST API on a fresh seeded MariaDB: the whole state machine
// (each allowed transition and the refusals with their SPEC §8 messages), the SPEC §5 rules
// of this screen, who sees which orders, and the hand-off of an approved order to finance.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { loginAs } from '../../../tests/support/session';
import { enterpriseIdOf, serviceOrderInput } from '../../../tests/support/orders';
import { makeUser, resourceApi } from '../../../tests/support/resource';

const db = setUpTestDb({ logins: ['trader', 'broker', 'admin'] });
const trader = resourceApi('customs', 'serviceOrder', db.as('trader'));
const broker = resourceApi('customs', 'serviceOrder', db.as('broker'));
const admin = resourceApi('customs', 'serviceOrder', db.as('admin'));
let brokerId: number;

beforeAll(async () => {
  brokerId = await enterpriseIdOf(db.knex, 'broker');
});

const order = (over: Record<string, unknown> = {}) => serviceOrderInput(brokerId, over);

async function newDraft(over: Record<string, unknown> = {}) {
  const res = await trader.create(order(over));
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data!;
}

describe('placing an order', () => {
  it('creates a draft with an order number, the trader and the broker named', async () => {
    const o = await newDraft();
    expect(o.status).toBe('draft');
    expect(String(o.orderNo)).toMatch(/^SO\d{8}\d{6}$/);
    expect(o.traderName).toBe('德宏边境贸易有限公司');
    expect(o.amount).toBe('12500.50');
  });

  it('asks for a customs broker when none is chosen (请选择报关行)', async () => {
    const res = await trader.create(order({ brokerId: '' }));
    expect(res.body.code).toBe(500);
    expect(res.fieldErrors.brokerId).toBe('请选择报关行');
  });

  it('refuses a broker enterprise that is not an approved broker', async () => {
    const res = await trader.create(order({ brokerId: await enterpriseIdOf(db.knex, 'trader') }));
    expect(res.fieldErrors.brokerId).toBe('请选择报关行');
  });

  it('keeps the order remark to 1–1000 characters', async () => {
    expect((await trader.create(order({ remark: 'x'.repeat(1000) }))).body.code).toBe(200);
    const long = await trader.create(order({ remark: 'x'.repeat(1001) }));
    expect(long.fieldErrors.remark).toContain('1000');
    const empty = await trader.create(order({ remark: '  ' }));
    expect(empty.fieldErrors.remark).toBe('订单备注不能为空');
  });

  it('wants the amount as a number with at most two decimals', async () => {
    const bad = await trader.create(order({ amount: '12a' }));
    expect(bad.fieldErrors.amount).toBe('订单金额必须是数字');
    const scale = await trader.create(order({ amount: '1.234' }));
    expect(scale.fieldErrors.amount).toContain('2');
  });

  it('refuses a trader whose enterprise is not approved', async () => {
    const role = await db.knex('sys_role').where({ code: '0' }).first();
    const u = await makeUser(db.knex, { roleIds: [role.id], userType: 4 });
    const api = resourceApi('customs', 'serviceOrder', { cookie: await loginAs(u.username) });
    const res = await api.create(order());
    expect(res.body.msg).toBe('请先完善企业信息并通过审核后再下单');
    expect(await db.knex('cus_service_order').where({ trader_user_id: u.id }).first()).toBeUndefined();
  });
});

describe('the order state machine', () => {
  it('runs draft → submitted → approved → in progress → pending confirmation → completed', async () => {
    const o = await newDraft();
    const id = Number(o.id);
    expect((await trader.transition('submit', [id])).body.code).toBe(200);
    const approved = await broker.transition('approve', [id], '资料齐全');
    expect(approved.body.code, approved.body.msg).toBe(200);
    expect(approved.body.data![0].status).toBe('approved');
    expect(approved.body.data![0].reviewOpinion).toBe('资料齐全');
    expect((await broker.transition('startWork', [id])).body.data![0].status).toBe('inProgress');
    expect((await broker.transition('applyCompletion', [id])).body.data![0].status).toBe('pendingConfirm');
    expect((await trader.transition('confirmCompletion', [id])).body.data![0].status).toBe('completed');
  });

  it('hands an approved order to finance as a service bill', async () => {
    const o = await newDraft({ amount: '880.00', currency: 'USD' });
    await trader.transition('submit', [Number(o.id)]);
    await broker.transition('approve', [Number(o.id)]);
    const h = await db.knex('sys_handoff').where({ kind: 'serviceBill', source: 'customs.serviceOrder', source_id: String(o.id) }).first();
    // The finance plugin is installed: it takes the hand-off at once and names its bill.
    expect(h.status).toBe('accepted');
    expect(String(h.result)).toMatch(/^BL/);
    expect(JSON.parse(h.payload)).toMatchObject({ orderNo: o.orderNo, amount: '880.00', currency: 'USD', payeeName: '姐告报关行' });
  });

  it('rejects with a required opinion, and a rejected order goes back to draft to be revised', async () => {
    const o = await newDraft();
    const id = Number(o.id);
    await trader.transition('submit', [id]);
    const noNote = await broker.transition('reject', [id]);
    expect(noNote.fieldErrors.reviewOpinion).toBe('审核意见不能为空');
    const rejected = await broker.transition('reject', [id], '缺少合同');
    expect(rejected.body.data![0]).toMatchObject({ status: 'rejected', reviewOpinion: '缺少合同' });
    expect((await trader.transition('revise', [id])).body.data![0].status).toBe('draft');
  });

  it('cancels only drafts; a cancelled order can be edited and is a draft again', async () => {
    const o = await newDraft();
    const id = Number(o.id);
    const stopped = await trader.transition('cancel', [id]);
    expect(stopped.body.data![0].status).toBe('stopped');
    const cur = (await trader.get(id)).body.data!;
    const edited = await trader.update(id, { ...order({ customerName: '改后客户' }), version: cur.version });
    expect(edited.body.data).toMatchObject({ status: 'draft', customerName: '改后客户' });
    await trader.transition('submit', [id]);
    expect((await trader.transition('cancel', [id])).body.msg).toBe('当前订单状态无法进行此操作');
  });

  it('refuses each out-of-state action with its catalogue message', async () => {
    const o = await newDraft();
    const id = Number(o.id);
    await trader.transition('submit', [id]);
    const cur = (await trader.get(id)).body.data!;
    expect((await trader.update(id, { ...order(), version: cur.version })).body.msg).toBe('已提交，无法编辑');
    expect((await trader.remove(id)).body.msg).toBe('只有草稿状态才能删除');
    expect((await trader.transition('submit', [id])).body.msg).toBe('包含已提交的数据，无法提交');
    expect((await broker.transition('startWork', [id])).body.msg).toBe('订单审核通过（待支付）才能开始作业');
    expect((await trader.transition('confirmCompletion', [id])).body.msg).toBe('订单完成待确认时才能确认');
    const other = await newDraft();
    expect((await trader.removeMany([Number(other.id), id])).body.msg).toBe('只有草稿状态才能删除');
    expect(await db.knex('cus_service_order').where({ id: other.id }).first()).toBeTruthy();
    expect((await trader.transition('submit', [Number(other.id), id])).body.msg).toBe('包含已提交的数据，无法提交');
    expect((await db.knex('cus_service_order').where({ id: other.id }).first()).status).toBe('draft');
  });

  it('deletes drafts', async () => {
    const o = await newDraft();
    expect((await trader.remove(Number(o.id))).body.code).toBe(200);
  });
});

describe('who may do what', () => {
  it('a trader cannot review their own order: the server refuses without the permission', async () => {
    const o = await newDraft();
    await trader.transition('submit', [Number(o.id)]);
    const res = await trader.transition('approve', [Number(o.id)]);
    expect(res.status).toBe(403);
    expect((await db.knex('cus_service_order').where({ id: o.id }).first()).status).toBe('submitted');
  });

  it('a broker cannot place orders', async () => {
    expect((await broker.create(order())).status).toBe(403);
  });

  it('traders see only their orders, brokers those naming them, the platform all', async () => {
    const role = await db.knex('sys_role').where({ code: '0' }).first();
    const other = await makeUser(db.knex, { roleIds: [role.id], userType: 4 });
    const otherApi = resourceApi('customs', 'serviceOrder', { cookie: await loginAs(other.username) });
    const mine = await newDraft();
    const seen = await otherApi.list({ pageSize: 100 });
    expect(seen.body.data!.rows.map((r) => r.id)).not.toContain(mine.id);
    expect((await otherApi.get(Number(mine.id))).status).toBe(404);
    const brokerSees = await broker.list({ pageSize: 100 });
    expect(brokerSees.body.data!.rows.map((r) => r.id)).toContain(mine.id);
    const all = await admin.list({ pageSize: 100 });
    expect(all.body.data!.total).toBe(await db.knex('cus_service_order').count({ n: '*' }).first().then((r) => Number(r!.n)));
  });
});
