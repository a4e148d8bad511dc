// Contracts through the REST API: a header-and-lines document (price required and positive,
// validity end not before its start, a line once), numbered HT + date + sequence; marking one
// abnormal needs a reason; the daily job expires contracts past their end and lists those
// ending within 30 days; the shipper sees their own contracts only, read-only.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi } from '../../../tests/support/resource';
import type { JobRunContext } from '../../../core/plugin';
import system from '../../system';
import portops from '..';
import { contractPayload, customerPayload, linePayload } from './testing';
import { SHIPPER_COMPANY } from './demo';
import { expireContracts } from './contract.server';

const db = setUpTestDb({ plugins: [system, portops], logins: ['operator', 'shipper', 'trader'] });
const api = (who: string) => resourceApi('portops', 'contract', { cookie: db.cookies[who] });
let customerId = 0;
let lineId = 0;
let line2 = 0;

beforeAll(async () => {
  customerId = Number((await resourceApi('portops', 'customer', { cookie: db.cookies.operator }).create(customerPayload())).data.id);
  const lines = resourceApi('portops', 'line', { cookie: db.cookies.operator });
  lineId = Number((await lines.create(linePayload())).data.id);
  line2 = Number((await lines.create(linePayload())).data.id);
});

describe('a contract', () => {
  it('is saved with its line prices and numbered HT + date + sequence', async () => {
    const res = await api('operator').create(
      contractPayload(customerId, lineId, {
        lines: [
          { lineId, priceUnit: 'tonne', price: '85.5' },
          { lineId: line2, priceUnit: 'container', price: '320' },
        ],
      }),
    );
    expect(res.code, res.msg).toBe(200);
    expect(String(res.data.contractNo)).toMatch(/^HT\d{8}\d{6}$/);
    expect(res.data.status).toBe('normal');
    expect(res.data.lines).toEqual([expect.objectContaining({ lineId, priceUnit: 'tonne', price: '85.50' }), expect.objectContaining({ lineId: line2, priceUnit: 'container', price: '320.00' })]);
  });

  it('wants each line price given and greater than zero', async () => {
    const missing = await api('operator').create(contractPayload(customerId, lineId, { lines: [{ lineId, priceUnit: 'tonne', price: '' }] }));
    expect(missing.fieldErrors['lines.0.price']).toBe('单价不能为空');
    const zero = await api('operator').create(contractPayload(customerId, lineId, { lines: [{ lineId, priceUnit: 'trip', price: '0' }] }));
    expect(zero.fieldErrors['lines.0.price']).toBeTruthy();
    expect((await api('operator').create(contractPayload(customerId, lineId, { lines: [] }))).fieldErrors.lines).toBe('请至少添加一条线路价格');
  });

  it('wants the end of validity on or after its start', async () => {
    const res = await api('operator').create(contractPayload(customerId, lineId, { validFrom: '2026-06-01', validTo: '2026-05-31' }));
    expect(res.fieldErrors.validTo).toBe('结束日期不能早于开始日期');
    expect((await api('operator').create(contractPayload(customerId, lineId, { validFrom: '2026-06-01', validTo: '2026-06-01' }))).code).toBe(200);
  });

  it('covers a line once, and only known lines and customers', async () => {
    const twice = await api('operator').create(
      contractPayload(customerId, lineId, {
        lines: [
          { lineId, priceUnit: 'tonne', price: '1' },
          { lineId, priceUnit: 'trip', price: '2' },
        ],
      }),
    );
    expect(twice.fieldErrors['lines.1.lineId']).toBe('同一线路在合同中只能出现一次');
    expect((await api('operator').create(contractPayload(999999, lineId))).fieldErrors.customerId).toBe('客户不存在');
    expect((await api('operator').create(contractPayload(customerId, 999999))).fieldErrors['lines.0.lineId']).toBe('线路不存在');
  });

  it('is marked abnormal with a reason (refused without one) and restored', async () => {
    const id = Number((await api('operator').create(contractPayload(customerId, lineId))).data.id);
    expect((await api('operator').transition('markAbnormal', [id], ' ')).fieldErrors.abnormalReason).toBe('异常原因不能为空');
    expect((await api('operator').transition('markAbnormal', [id], '客户资质到期')).code).toBe(200);
    const row = await db.knex('ops_contract').where({ id }).first();
    expect([row.status, row.abnormal_reason]).toEqual(['abnormal', '客户资质到期']);
    expect((await api('operator').transition('markAbnormal', [id], '再次')).msg).toBe('只有正常的合同可以标记异常');
    expect((await api('operator').transition('restore', [id])).code).toBe(200);
    expect((await db.knex('ops_contract').where({ id }).first()).status).toBe('normal');
  });
});

describe('the daily expiry job', () => {
  it('expires normal contracts past their end, lists those ending within 30 days, and leaves abnormal ones', async () => {
    const past = await api('operator').create(contractPayload(customerId, lineId, { validFrom: '2026-01-01', validTo: '2026-03-31' }));
    const soon = await api('operator').create(contractPayload(customerId, lineId, { validFrom: '2026-01-01', validTo: '2026-04-20' }));
    const later = await api('operator').create(contractPayload(customerId, lineId, { validFrom: '2026-01-01', validTo: '2026-06-30' }));
    const abnormal = await api('operator').create(contractPayload(customerId, lineId, { validFrom: '2026-01-01', validTo: '2026-03-01' }));
    await api('operator').transition('markAbnormal', [Number(abnormal.data.id)], '争议');
    const out = await expireContracts(db.knex, '2026-04-01');
    expect(out.expired).toContain(past.data.contractNo);
    expect(out.expired).not.toContain(abnormal.data.contractNo);
    expect(out.endingSoon).toContainEqual({ contractNo: soon.data.contractNo, validTo: '2026-04-20' });
    expect(out.endingSoon.map((s) => s.contractNo)).not.toContain(later.data.contractNo);
    const status = async (r: { data: Record<string, unknown> }) => (await db.knex('ops_contract').where({ id: r.data.id }).first()).status;
    expect([await status(past), await status(soon), await status(abnormal)]).toEqual(['expired', 'normal', 'abnormal']);
    // An expired contract is no longer edited.
    const version = (await db.knex('ops_contract').where({ id: past.data.id }).first()).version;
    expect(Number(version)).toBe(Number(past.data.version) + 1);
    expect((await api('operator').update(Number(past.data.id), { ...contractPayload(customerId, lineId), version })).msg).toBe('已过期的合同不能修改或删除');
  });

  it('is the plugin’s job, and its output lists the demo contract ending within 30 days', async () => {
    const job = portops.areas!.flatMap((a) => a.jobs ?? []).find((j) => j.name === 'portops.contractExpiry')!;
    expect(job.catchUp).toBe(true);
    const output = await job.process({ knex: db.knex, logId: 0, data: {}, log: () => undefined } as unknown as JobRunContext);
    const demo = await db.knex('ops_contract as c').join('ops_customer as cu', 'cu.id', 'c.customer_id').where('cu.name', '德宏边贸大米贸易公司').first('c.contract_no');
    expect(output).toContain(`ending within 30 days: ${demo.contract_no}`);
  });
});

describe('who sees contracts', () => {
  it('the shipper sees only their customer’s contracts and cannot add or mark them (403)', async () => {
    const list = await api('shipper').list({ pageSize: 100 });
    expect(list.code).toBe(200);
    const own = await db.knex('ops_customer').where({ name: SHIPPER_COMPANY }).first('id');
    expect(list.data.rows.length).toBeGreaterThan(0);
    expect(list.data.rows.every((r) => Number(r.customerId) === Number(own.id))).toBe(true);
    const other = await db.knex('ops_contract').whereNot({ customer_id: own.id }).first('id');
    expect((await api('shipper').get(Number(other.id))).status).toBe(404);
    expect((await api('shipper').create(contractPayload(Number(own.id), lineId))).status).toBe(403);
    expect((await api('shipper').transition('markAbnormal', [Number(list.data.rows[0].id)], 'x')).status).toBe(403);
  });

  it('a user without the screen is refused (403)', async () => {
    expect((await api('trader').list()).status).toBe(403);
  });
});
