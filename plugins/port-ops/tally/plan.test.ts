// Yard plans through the REST API on a fresh seeded database: a plan's number and rules, every
// transition a user takes and refusals with their messages, the moves only work makes, the
// inbound and outbound screens as variants of one resource, the shipper seeing their customer's
// plans read-only, and users without the permission refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi } from '../../../tests/support/resource';
import system from '../../system';
import { planPayload, tallyPortOps, workPayload } from './testing';

const db = setUpTestDb({ plugins: [system, tallyPortOps], logins: ['operator', 'shipper', 'trader'] });
const api = (who: string) => resourceApi('portops', 'yardPlan', { cookie: db.cookies[who] });
const work = (who: string) => resourceApi('portops', 'workConfirmation', { cookie: db.cookies[who] });

let rubber: number;
let rice: number;
let muse: number;
const customer = async (name: string) => Number((await db.knex('ops_customer').where({ name }).first('id')).id);
const statusOf = async (id: unknown) => (await db.knex('ops_yard_plan').where({ id }).first('status')).status as string;

beforeAll(async () => {
  rubber = await customer('瑞丽云海橡胶进出口有限公司');
  rice = await customer('德宏边贸大米贸易公司');
  muse = await customer('Muse Rubber Export Co.');
});

async function draft(over: Record<string, unknown> = {}) {
  const res = await api('operator').create(planPayload(rubber, over));
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

describe('a yard plan', () => {
  it('is created as a draft with its number by direction, nothing done yet', async () => {
    const inbound = await draft();
    expect(inbound).toMatchObject({ status: 'draft', direction: 'inbound', plannedTonnes: '100', plannedPieces: 3000, donePieces: 0, doneTonnes: '0' });
    expect(String(inbound.planNo)).toMatch(/^RK\d{8}\d{4}$/);
    const outbound = await draft({ direction: 'outbound' });
    expect(String(outbound.planNo)).toMatch(/^CK\d{8}\d{4}$/);
  });

  it('needs pieces or tonnes (either is enough)', async () => {
    const none = await api('operator').create(planPayload(rubber, { plannedPieces: null, plannedTonnes: '' }));
    expect(none.fieldErrors.plannedTonnes).toBe('请填写计划件数或计划吨数');
    expect((await api('operator').create(planPayload(rubber, { plannedPieces: null }))).code).toBe(200);
    expect((await api('operator').create(planPayload(rubber, { plannedTonnes: null }))).code).toBe(200);
    const scale = await api('operator').create(planPayload(rubber, { plannedTonnes: '1.0005' }));
    expect(scale.fieldErrors.plannedTonnes).toBeTruthy();
  });

  it('takes goods, yard and berth from the base data', async () => {
    const bad = await api('operator').create(planPayload(rubber, { goodsCode: 'NOPE', yardCode: 'NOPE', berthCode: 'NOPE' }));
    expect(bad.fieldErrors).toMatchObject({ goodsCode: '请选择货物', yardCode: '请选择堆场', berthCode: '泊位不存在' });
    expect((await api('operator').create(planPayload(rubber, { yardCode: 'RGN-Y01', berthCode: 'RGN-B01' }))).code).toBe(200);
  });

  it('gives a blacklisted customer no new plan', async () => {
    const res = await api('operator').create(planPayload(muse));
    expect(res.fieldErrors.customerId).toMatch(/黑名单/);
  });
});

describe('its transitions', () => {
  it('confirm: draft → confirmed; then no longer edited or deleted; confirming again is refused', async () => {
    const p = await draft();
    const id = Number(p.id);
    expect((await api('operator').transition('confirm', [id])).code).toBe(200);
    expect(await statusOf(id)).toBe('confirmed');
    const again = await api('operator').transition('confirm', [id]);
    expect(again.msg).toBe('只有草稿状态的计划才能确认');
    expect((await api('operator').update(id, { ...planPayload(rubber), version: Number(p.version) + 1 })).msg).toBe('只有草稿状态的计划才能修改或删除');
    expect((await api('operator').remove(id)).msg).toBe('只有草稿状态的计划才能修改或删除');
  });

  it('cancel: from draft or confirmed, with its reason; not once work has started', async () => {
    const a = Number((await draft()).id);
    expect((await api('operator').transition('cancel', [a])).fieldErrors.statusNote).toBe('取消原因不能为空');
    expect((await api('operator').transition('cancel', [a], '客户取消')).code).toBe(200);
    expect(await db.knex('ops_yard_plan').where({ id: a }).first('status', 'status_note')).toEqual({ status: 'cancelled', status_note: '客户取消' });
    const b = Number((await draft()).id);
    await api('operator').transition('confirm', [b]);
    expect((await api('operator').transition('cancel', [b], '改期')).code).toBe(200);
    expect(await statusOf(b)).toBe('cancelled');
    const c = Number((await draft()).id);
    await api('operator').transition('confirm', [c]);
    expect((await work('operator').create(workPayload(c))).code).toBe(200);
    expect((await api('operator').transition('cancel', [c], '晚了')).msg).toBe('只有草稿或已确认状态的计划才能取消');
  });

  it('close: an executing plan (ended short, with its note) or an executed one; not a draft', async () => {
    const a = Number((await draft()).id);
    expect((await api('operator').transition('close', [a])).msg).toBe('只有执行中或已执行的计划才能关闭');
    await api('operator').transition('confirm', [a]);
    await work('operator').create(workPayload(a));
    expect(await statusOf(a)).toBe('executing');
    expect((await api('operator').transition('close', [a], '余量转下批')).code).toBe(200);
    expect(await statusOf(a)).toBe('closed');
    const b = Number((await draft({ plannedPieces: null, plannedTonnes: '10' })).id);
    await api('operator').transition('confirm', [b]);
    await work('operator').create(workPayload(b, { pieces: null, tonnes: '10' }));
    expect(await statusOf(b)).toBe('executed');
    expect((await api('operator').transition('close', [b])).code).toBe(200);
    expect(await statusOf(b)).toBe('closed');
  });

  it('the execution states follow the work only: moving them by hand is refused', async () => {
    const id = Number((await draft()).id);
    await api('operator').transition('confirm', [id]);
    expect((await api('operator').transition('progress', [id])).msg).toBe('计划的执行状态由作业确认决定，不能手工变更');
    expect((await api('operator').transition('complete', [id])).msg).toBe('计划的执行状态由作业确认决定，不能手工变更');
    expect(await statusOf(id)).toBe('confirmed');
  });

  it('records who moved the plan, with the note', async () => {
    const id = Number((await draft()).id);
    await api('operator').transition('cancel', [id], '客户取消');
    const log = await db.knex('sys_audit_log').where({ resource: 'portops.yardPlan', record_id: String(id), action: 'transition:cancel' }).first();
    expect(log.username).toBe('operator');
    expect(JSON.parse(log.changes)).toMatchObject({ status: ['draft', 'cancelled'] });
  });
});

describe('the inbound and outbound screens', () => {
  it('a plan keeps its direction when edited without one', async () => {
    const p = await draft({ direction: 'outbound' });
    const edited = await api('operator').update(Number(p.id), { ...planPayload(rubber, { plannedTonnes: '120' }), direction: undefined, version: p.version });
    expect(edited.code, edited.msg).toBe(200);
    expect(edited.data).toMatchObject({ direction: 'outbound', plannedTonnes: '120' });
  });

  it('each lists its own direction; a plan written through one stays in it', async () => {
    await draft({ direction: 'outbound', remark: '出库一' });
    const inbound = await api('operator').list({ variant: 'inbound', pageSize: 100 });
    const outbound = await api('operator').list({ variant: 'outbound', pageSize: 100 });
    expect(inbound.data.rows.length).toBeGreaterThan(0);
    expect(inbound.data.rows.every((r) => r.direction === 'inbound')).toBe(true);
    expect(outbound.data.rows.every((r) => r.direction === 'outbound')).toBe(true);
    expect(outbound.data.rows.some((r) => r.remark === '出库一')).toBe(true);
  });
});

describe('who may do what', () => {
  it('the shipper sees their own customer’s plans only, read-only', async () => {
    const theirs = Number((await api('operator').create(planPayload(rice))).data.id);
    const mine = Number((await draft()).id);
    const rows = (await api('shipper').list({ pageSize: 100 })).data.rows;
    expect(rows.map((r) => Number(r.id))).toContain(mine);
    expect(rows.every((r) => Number(r.customerId) === rubber)).toBe(true);
    expect((await api('shipper').get(theirs)).status).toBe(404);
    expect((await api('shipper').create(planPayload(rubber))).status).toBe(403);
    expect((await api('shipper').transition('confirm', [mine])).status).toBe(403);
  });

  it('a user without the plan permissions is refused', async () => {
    expect((await api('trader').list()).status).toBe(403);
    expect((await api('trader').create(planPayload(rubber))).status).toBe(403);
  });

  it('the demo has a plan in each state', async () => {
    const states = (await db.knex('ops_yard_plan').distinct('status')).map((r: { status: string }) => r.status).sort();
    expect(states).toEqual(['cancelled', 'closed', 'confirmed', 'draft', 'executed', 'executing']);
  });
});
