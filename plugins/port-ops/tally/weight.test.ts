// Weighbridge records through the REST API and recordWeight (dispatch's way in) on a fresh seeded
// database: the net computed on the server, readings to the kilogram, both readings required, a net of zero or less refused
// with its message, Chinese and Myanmar plates checked as the fleet area checks them, the plan's
// customer taken over, the shipper seeing only their customer's weighings, and refusals.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi, sessionUser } from '../../../tests/support/resource';
import { translator } from '../fleet/testing';
import system from '../../system';
import { recordWeight } from './weight.server';
import { planPayload, tallyPortOps, weightPayload } from './testing';

const db = setUpTestDb({ plugins: [system, tallyPortOps], logins: ['operator', 'shipper', 'trader'] });
const api = (who: string) => resourceApi('portops', 'weightRecord', { cookie: db.cookies[who] });

let rubber: number;
let rice: number;
beforeAll(async () => {
  const id = async (name: string) => Number((await db.knex('ops_customer').where({ name }).first('id')).id);
  rubber = await id('瑞丽云海橡胶进出口有限公司');
  rice = await id('德宏边贸大米贸易公司');
});

describe('a weighing', () => {
  it('stores the net the server computes (gross − tare), the plate as written on the plate', async () => {
    const res = await api('operator').create(weightPayload({ net: '1.00' }));
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ plateNo: '云N·A1234', plateCountry: 'CN', gross: '49.200', tare: '15.800', net: '33.400', operatorName: expect.any(String) });
  });

  it('keeps readings to the kilogram exactly (3 decimals) and refuses a fourth', async () => {
    const res = await api('operator').create(weightPayload({ gross: '49.235', tare: '15.801' }));
    expect(res.data, res.msg).toMatchObject({ gross: '49.235', tare: '15.801', net: '33.434' });
    expect(await db.knex('ops_weight_record').where({ id: res.data.id }).first('gross', 'tare', 'net')).toSatisfy((r: Record<string, unknown>) => String(r.gross) === '49.235' && String(r.tare) === '15.801' && String(r.net) === '33.434');
    expect((await api('operator').create(weightPayload({ gross: '49.2351' }))).fieldErrors.gross).toMatch(/3/);
  });

  it('needs both readings', async () => {
    const noTare = await api('operator').create(weightPayload({ tare: '' }));
    expect(noTare.fieldErrors.tare).toBe('皮重(吨)不能为空');
    const noGross = await api('operator').create(weightPayload({ gross: null }));
    expect(noGross.fieldErrors.gross).toBe('毛重(吨)不能为空');
  });

  it('refuses a net of zero or less with the readings in the message', async () => {
    const less = await api('operator').create(weightPayload({ gross: '15.80', tare: '49.20' }));
    expect(less.fieldErrors.tare).toBe('净重必须大于 0：毛重 15.80 吨 − 皮重 49.20 吨 = -33.400 吨，请核对两次读数');
    const zero = await api('operator').create(weightPayload({ gross: '15.8', tare: '15.80' }));
    expect(zero.fieldErrors.tare).toMatch(/^净重必须大于 0/);
  });

  it('takes Chinese and Myanmar plates (fleet area’s check) and refuses others', async () => {
    for (const [plate, stored, country] of [
      ['云N·A1234', '云N·A1234', 'CN'],
      ['mdy 2b-1234', 'MDY 2B-1234', 'MM'],
      ['9L-1234', '9L-1234', 'MM'],
      ['云N·D12345', '云N·D12345', 'CN'],
    ]) {
      const res = await api('operator').create(weightPayload({ plateNo: plate }));
      expect(res.data, `${plate}: ${res.msg}`).toMatchObject({ plateNo: stored, plateCountry: country });
    }
    for (const bad of ['ABC123', '云N·I1234', 'XYZ 2B-1234', '云']) {
      expect((await api('operator').create(weightPayload({ plateNo: bad }))).fieldErrors.plateNo, bad).toBe('车牌号格式不正确（中国车牌如 云N·A1234，缅甸车牌如 MDY 2B-1234）');
    }
  });

  it('belongs to its plan’s customer; another customer with the plan is refused', async () => {
    const plans = resourceApi('portops', 'yardPlan', { cookie: db.cookies.operator });
    const plan = Number((await plans.create(planPayload(rubber))).data.id);
    // A draft is not weighed for (it may still be deleted).
    expect((await api('operator').create(weightPayload({ planId: plan }))).fieldErrors.planId).toBe('只能为已确认的计划过磅（草稿或已取消的计划不能）');
    await plans.transition('confirm', [plan]);
    const res = await api('operator').create(weightPayload({ planId: plan }));
    expect(res.data).toMatchObject({ planId: plan, customerId: rubber });
    expect((await api('operator').create(weightPayload({ planId: plan, customerId: rice }))).fieldErrors.customerId).toBe('客户与所选计划的客户不一致');
    expect((await api('operator').create(weightPayload({ planId: 999999 }))).fieldErrors.planId).toBe('请选择计划');
  });
});

describe('recordWeight (dispatch weighs its waybills)', () => {
  it('saves in the caller’s transaction and answers the row with its net', async () => {
    const actor = { user: await sessionUser(db.knex, 'operator'), ip: null };
    const t = translator(db.registry);
    const row = await db.knex.transaction((trx) => recordWeight(trx, { actor, t }, { plate: 'MDY 2B-1234', gross: 48.6, tare: '16.10', direction: 'out', waybillId: 4711, customerId: rice }));
    expect(row).toMatchObject({ plateNo: 'MDY 2B-1234', net: '32.500', waybillId: 4711, direction: 'out', customerId: rice });
    expect(row.weighedAt).toBeTruthy();
    expect(await db.knex('ops_weight_record').where({ waybill_id: 4711 }).first('net')).toBeTruthy();
  });

  it('refuses bad readings and plates with the field messages, saving nothing', async () => {
    const actor = { user: await sessionUser(db.knex, 'operator'), ip: null };
    const t = translator(db.registry);
    const plate = db.knex.transaction((trx) => recordWeight(trx, { actor, t }, { plate: 'MDY-1', gross: '40', tare: '12', direction: 'in', waybillId: 4712 }));
    await expect(plate).rejects.toMatchObject({ fieldErrors: { plateNo: expect.stringMatching(/车牌号格式不正确/) } });
    const net = db.knex.transaction((trx) => recordWeight(trx, { actor, t }, { plate: 'MDY 2B-1234', gross: '10', tare: '12', direction: 'in', waybillId: 4712 }));
    await expect(net).rejects.toMatchObject({ fieldErrors: { tare: '净重必须大于 0：毛重 10 吨 − 皮重 12 吨 = -2.000 吨，请核对两次读数' } });
    const missing = db.knex.transaction((trx) => recordWeight(trx, { actor, t }, { plate: 'MDY 2B-1234', gross: '10', tare: '', direction: 'in', waybillId: 4712 }));
    await expect(missing).rejects.toMatchObject({ fieldErrors: { tare: '皮重(吨)不能为空' } });
    expect(await db.knex('ops_weight_record').where({ waybill_id: 4712 }).first()).toBeUndefined();
  });

  it('asks the weighing permission unless the caller vouches for it', async () => {
    const actor = { user: await sessionUser(db.knex, 'shipper'), ip: null };
    const t = translator(db.registry);
    const w = { plate: '云N·A1234', gross: '40', tare: '15', direction: 'in' as const, waybillId: 4713 };
    await expect(db.knex.transaction((trx) => recordWeight(trx, { actor, t }, w))).rejects.toMatchObject({ status: 403 });
    expect(await db.knex.transaction((trx) => recordWeight(trx, { actor, t, trusted: true }, w))).toMatchObject({ net: '25.000' });
  });
});

describe('who sees and does what', () => {
  it('the shipper sees their own customer’s weighings only, read-only', async () => {
    const mine = Number((await api('operator').create(weightPayload({ customerId: rubber }))).data.id);
    const theirs = Number((await api('operator').create(weightPayload({ customerId: rice }))).data.id);
    const rows = (await api('shipper').list({ pageSize: 100 })).data.rows;
    expect(rows.map((r) => Number(r.id))).toContain(mine);
    expect(rows.every((r) => Number(r.customerId) === rubber)).toBe(true);
    expect((await api('shipper').get(theirs)).status).toBe(404);
    expect((await api('shipper').create(weightPayload({ customerId: rubber }))).status).toBe(403);
  });

  it('a user without the permission is refused', async () => {
    expect((await api('trader').list()).status).toBe(403);
    expect((await api('trader').create(weightPayload())).status).toBe(403);
  });

  it('the demo has Chinese and Myanmar trucks weighed, 49.20 t gross on 云N·A1234', async () => {
    const row = await db.knex('ops_weight_record').where({ plate_no: '云N·A1234', operator_name: '段丽华' }).first();
    expect(Number(row.gross)).toBe(49.2);
    expect(Number(row.net)).toBe(33.4);
    const mm = await db.knex('ops_weight_record').where({ plate_country: 'MM', operator_name: '段丽华' }).pluck('plate_no');
    expect(mm).toEqual(expect.arrayContaining(['MDY 2B-1234', '9L-1234']));
  });
});
