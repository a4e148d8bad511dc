// Work confirmations through the REST API on a fresh seeded database: confirmed work adds up to
// the plan's executed quantities and moves it to executing and executed; work beyond the plan
// is refused unless overridden with a reason by someone who may; voiding recomputes; the end
// comes after the start; only open plans take work; the shipper and others without the
// permission are refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi, signedInUser } from '../../../tests/support/resource';
import system from '../../system';
import { MENU, WORK_PERMISSIONS } from './plan';
import { planPayload, tallyPortOps, workPayload } from './testing';

const db = setUpTestDb({ plugins: [system, tallyPortOps], logins: ['operator', 'shipper'] });
const plans = (who: string) => resourceApi('portops', 'yardPlan', { cookie: db.cookies[who] });
const api = (who: string) => resourceApi('portops', 'workConfirmation', { cookie: db.cookies[who] });

let rubber: number;
const planRow = (id: number) => db.knex('ops_yard_plan').where({ id }).first('status', 'done_pieces', 'done_tonnes');

beforeAll(async () => {
  rubber = Number((await db.knex('ops_customer').where({ name: '瑞丽云海橡胶进出口有限公司' }).first('id')).id);
  // A tally clerk who confirms and voids work but may not exceed a plan.
  db.cookies.clerk = (await signedInUser(db.knex, { menus: ['cargoManagement', MENU.work], permissions: [WORK_PERMISSIONS.list, WORK_PERMISSIONS.add, WORK_PERMISSIONS.void] }, { userType: 3 })).cookie;
});

/** A confirmed plan of 3000 pieces / 100 t (or as given). */
async function confirmedPlan(over: Record<string, unknown> = {}): Promise<number> {
  const made = await plans('operator').create(planPayload(rubber, over));
  expect(made.code, made.msg).toBe(200);
  const id = Number(made.data.id);
  expect((await plans('operator').transition('confirm', [id])).code).toBe(200);
  return id;
}

describe('confirming work', () => {
  it('adds up to the plan: the first moves it to executing, reaching the plan to executed', async () => {
    const id = await confirmedPlan();
    const first = await api('clerk').create(workPayload(id, { pieces: 1000, tonnes: '33.3' }));
    expect(first.code, first.msg).toBe(200);
    expect(first.data).toMatchObject({ status: 'confirmed', pieces: 1000, tonnes: '33.3', override: false });
    expect(await planRow(id)).toMatchObject({ status: 'executing', done_pieces: 1000 });
    expect(Number((await planRow(id)).done_tonnes)).toBe(33.3);
    expect((await api('clerk').create(workPayload(id, { pieces: 2000, tonnes: '66.7' }))).code).toBe(200);
    const done = await planRow(id);
    expect(done).toMatchObject({ status: 'executed', done_pieces: 3000 });
    expect(Number(done.done_tonnes)).toBe(100);
    // The plan's trail names the clerk who moved it.
    const log = await db.knex('sys_audit_log').where({ resource: 'portops.yardPlan', record_id: String(id), action: 'transition:complete' }).first();
    expect(log.username).toMatch(/^u/);
  });

  it('a plan of tonnes only is executed when the tonnes are reached, whatever the pieces', async () => {
    const id = await confirmedPlan({ plannedPieces: null, plannedTonnes: '20' });
    expect((await api('clerk').create(workPayload(id, { pieces: 50, tonnes: '20' }))).code).toBe(200);
    expect((await planRow(id)).status).toBe('executed');
  });

  it('needs pieces or tonnes', async () => {
    const id = await confirmedPlan();
    const res = await api('clerk').create(workPayload(id, { pieces: null, tonnes: '' }));
    expect(res.fieldErrors.tonnes).toBe('请填写作业件数或吨数');
  });

  it('refuses an end time not after the start time', async () => {
    const id = await confirmedPlan();
    const same = await api('clerk').create(workPayload(id, { endAt: '2026-12-01T00:30:00.000Z' }));
    expect(same.fieldErrors.endAt).toBe('结束时间必须晚于开始时间');
    const before = await api('clerk').create(workPayload(id, { endAt: '2026-11-30T23:00:00.000Z' }));
    expect(before.fieldErrors.endAt).toBe('结束时间必须晚于开始时间');
    expect((await api('clerk').create(workPayload(id, { startAt: '' }))).fieldErrors.startAt).toBe('开始时间不能为空');
    expect(await db.knex('ops_work_confirmation').where({ plan_id: id }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('takes only a confirmed or executing plan', async () => {
    const made = await plans('operator').create(planPayload(rubber));
    const res = await api('clerk').create(workPayload(Number(made.data.id)));
    expect(res.fieldErrors.planId).toBe(`计划 ${String(made.data.planNo)} 不是已确认或执行中状态，不能确认作业`);
  });
});

describe('work beyond the plan', () => {
  it('is refused without the override, with what was planned and done', async () => {
    const id = await confirmedPlan();
    await api('clerk').create(workPayload(id, { pieces: 2500, tonnes: '80' }));
    const res = await api('clerk').create(workPayload(id, { pieces: 600, tonnes: '20.5' }));
    expect(res.fieldErrors.pieces).toBe('累计件数将超出计划：计划 3000 件，已确认 2500 件，本次 600 件；如确需超计划，请勾选超计划并填写原因');
    expect(res.fieldErrors.tonnes).toBe('累计吨数将超出计划：计划 100.000 吨，已确认 80.000 吨，本次 20.500 吨；如确需超计划，请勾选超计划并填写原因');
    expect((await planRow(id)).done_pieces).toBe(2500);
  });

  it('needs the reason with the override', async () => {
    const id = await confirmedPlan();
    const res = await api('operator').create(workPayload(id, { pieces: 3100, tonnes: '101', override: true, overrideReason: '' }));
    expect(res.fieldErrors.overrideReason).toBe('超计划时必须填写原因');
  });

  it('is accepted overridden with a reason, by someone with portops:work:override', async () => {
    const id = await confirmedPlan();
    const res = await api('operator').create(workPayload(id, { pieces: 3100, tonnes: '101.2', override: true, overrideReason: '船方溢装，海关已核' }));
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ override: true, overrideReason: '船方溢装，海关已核' });
    expect(await planRow(id)).toMatchObject({ status: 'executed', done_pieces: 3100 });
  });

  it('is refused (403) to a clerk without the override permission, even with a reason', async () => {
    const id = await confirmedPlan();
    const res = await api('clerk').create(workPayload(id, { pieces: 3100, tonnes: '101', override: true, overrideReason: '溢装' }));
    expect(res.status).toBe(403);
    expect(res.msg).toBe('您没有超计划确认作业的权限');
    expect((await planRow(id)).done_pieces).toBe(0);
  });
});

describe('voiding work', () => {
  it('needs the reason and recomputes the plan: executed → executing → confirmed', async () => {
    const id = await confirmedPlan();
    const a = Number((await api('clerk').create(workPayload(id, { pieces: 1000, tonnes: '40' }))).data.id);
    const b = Number((await api('clerk').create(workPayload(id, { pieces: 2000, tonnes: '60' }))).data.id);
    expect((await planRow(id)).status).toBe('executed');
    expect((await api('clerk').transition('void', [b])).fieldErrors.voidReason).toBe('作废原因不能为空');
    expect((await api('clerk').transition('void', [b], '重复提交')).code).toBe(200);
    const after = await planRow(id);
    expect(after).toMatchObject({ status: 'executing', done_pieces: 1000 });
    expect(Number(after.done_tonnes)).toBe(40);
    expect((await api('clerk').transition('void', [a], '录错计划')).code).toBe(200);
    expect(await planRow(id)).toMatchObject({ status: 'confirmed', done_pieces: 0 });
    // Voided is final.
    expect((await api('clerk').transition('void', [a], '再次')).msg).toBe('只有已确认的作业记录才能作废');
  });

  it('is refused once the plan is closed', async () => {
    const id = await confirmedPlan();
    const w = Number((await api('clerk').create(workPayload(id))).data.id);
    await plans('operator').transition('close', [id], '提前结束');
    expect((await api('clerk').transition('void', [w], '晚了')).msg).toMatch(/已关闭或已取消/);
  });

  it('frees the plan for the work it really had', async () => {
    const id = await confirmedPlan();
    const w = Number((await api('clerk').create(workPayload(id, { pieces: 3000, tonnes: '100' }))).data.id);
    // Executed, it takes no more work.
    expect((await api('clerk').create(workPayload(id, { pieces: 1 }))).fieldErrors.planId).toMatch(/不是已确认或执行中状态/);
    await api('clerk').transition('void', [w], '数量录错');
    expect((await api('clerk').create(workPayload(id, { pieces: 2990, tonnes: '99.5' }))).code).toBe(200);
  });
});

describe('who may do what', () => {
  it('the shipper (without the work screen) and a clerk without void are refused', async () => {
    const id = await confirmedPlan();
    expect((await api('shipper').create(workPayload(id))).status).toBe(403);
    expect((await api('shipper').list()).status).toBe(403);
    const w = Number((await api('clerk').create(workPayload(id))).data.id);
    const reader = (await signedInUser(db.knex, { menus: ['cargoManagement', MENU.work], permissions: [WORK_PERMISSIONS.list] }, { userType: 3 })).cookie;
    expect((await resourceApi('portops', 'workConfirmation', { cookie: reader }).transition('void', [w], '无权')).status).toBe(403);
    expect((await resourceApi('portops', 'workConfirmation', { cookie: reader }).create(workPayload(id))).status).toBe(403);
  });

  it('the demo has one plan executed in part and one whole, with a voided entry left out', async () => {
    const rows = await db.knex('ops_yard_plan').whereIn('status', ['executing', 'executed']).select('status', 'done_tonnes', 'planned_tonnes', 'plan_no');
    const demo = rows.filter((r: { plan_no: string }) => r.plan_no.startsWith('RK'));
    expect(demo.map((r: { status: string }) => r.status)).toEqual(expect.arrayContaining(['executing', 'executed']));
    expect(await db.knex('ops_work_confirmation').where({ status: 'voided', void_reason: '重复录入' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });
});
