// Price adjustments through the REST API (review by someone else than the submitter, a
// rejection needs its note, the effective date inside the contract's validity) and
// priceInForce() on hand-made dates: before and after an adjustment, a rejected or pending
// one ignored, the latest approved one winning, outside the validity or on an abnormal contract none.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi, signedInUser } from '../../../tests/support/resource';
import system from '../../system';
import portops from '..';
import { ADJUSTMENT_PERMISSIONS, MENU } from './common';
import { contractPayload, customerPayload, linePayload } from './testing';
import { priceInForce } from './adjustment.server';

const db = setUpTestDb({ plugins: [system, portops], logins: ['operator', 'admin', 'shipper'] });
const api = (who: string) => resourceApi('portops', 'adjustment', { cookie: db.cookies[who] });
let customerId = 0;
let lineId = 0;
let contractId = 0;
let contractLineId = 0;

const adjust = async (newPrice: string, effectiveFrom: string, who = 'operator') => {
  const res = await api(who).create({ contractLineId, newPrice, effectiveFrom, reason: '燃油价格变化' });
  expect(res.code, res.msg).toBe(200);
  return Number(res.data.id);
};

beforeAll(async () => {
  // A reviewer who may not add adjustments: the admin reviews, the operator submits.
  db.cookies.viewer = (await signedInUser(db.knex, { menus: ['customermanage', MENU.adjustment], permissions: [ADJUSTMENT_PERMISSIONS.list] }, { userType: 3 })).cookie;
  customerId = Number((await resourceApi('portops', 'customer', { cookie: db.cookies.operator }).create(customerPayload())).data.id);
  lineId = Number((await resourceApi('portops', 'line', { cookie: db.cookies.operator }).create(linePayload())).data.id);
  const contract = await resourceApi('portops', 'contract', { cookie: db.cookies.operator }).create(
    contractPayload(customerId, lineId, { validFrom: '2026-01-01', validTo: '2026-12-31', lines: [{ lineId, priceUnit: 'tonne', price: '100.00' }] }),
  );
  contractId = Number(contract.data.id);
  contractLineId = Number((await db.knex('ops_contract_line').where({ contract_id: contractId }).first('id')).id);
});

describe('reviewing an adjustment', () => {
  it('is submitted with the line’s current price and unit, and approved by another user', async () => {
    const id = await adjust('110.00', '2026-03-01');
    const row = await api('operator').get(id);
    expect(row.data).toEqual(expect.objectContaining({ status: 'submitted', oldPrice: '100.00', newPrice: '110.00', priceUnit: 'tonne', lineName: expect.any(String) }));
    expect((await api('admin').transition('approve', [id], '同意')).code).toBe(200);
    const after = await db.knex('ops_price_adjustment').where({ id }).first();
    expect([after.status, after.review_note]).toEqual(['approved', '同意']);
    expect(after.reviewed_by).toBeTruthy();
  });

  it('refuses the submitter approving their own adjustment', async () => {
    const id = await adjust('120.00', '2026-04-01');
    const res = await api('operator').transition('approve', [id]);
    expect(res.msg).toBe('不能审核自己提交的调价');
    expect((await db.knex('ops_price_adjustment').where({ id }).first()).status).toBe('submitted');
  });

  it('a rejection needs its note; a reviewed adjustment is not reviewed again', async () => {
    const id = await adjust('130.00', '2026-05-01');
    expect((await api('admin').transition('reject', [id], '')).fieldErrors.reviewNote).toBe('审核意见不能为空');
    expect((await api('admin').transition('reject', [id], '涨幅过大')).code).toBe(200);
    expect((await api('admin').transition('approve', [id])).msg).toBe('只有待审核的调价可以审核、修改或删除');
  });

  it('a user without the review permission is refused (403), the shipper cannot see the screen', async () => {
    const id = await adjust('125.00', '2026-06-01');
    expect((await api('viewer').transition('approve', [id])).status).toBe(403);
    expect((await api('shipper').list()).status).toBe(403);
    await api('admin').transition('reject', [id], '测试');
  });

  it('wants a positive new price and an effective date inside the contract’s validity', async () => {
    const zero = await api('operator').create({ contractLineId, newPrice: '0', effectiveFrom: '2026-03-01', reason: 'x' });
    expect(zero.fieldErrors.newPrice).toBeTruthy();
    const outside = await api('operator').create({ contractLineId, newPrice: '90', effectiveFrom: '2027-01-01', reason: 'x' });
    expect(outside.fieldErrors.effectiveFrom).toBe('生效日期须在合同有效期内（2026-01-01 至 2026-12-31）');
  });
});

describe('priceInForce', () => {
  // Approved: 110 from 2026-03-01 (above). Rejected: 130 from 05-01, 125 from 06-01.
  it('is the contract price before the first approved adjustment', async () => {
    expect(await priceInForce(db.knex, { contractLineId, on: '2026-02-28' })).toEqual({
      price: '100.00',
      unit: 'tonne',
      currency: 'CNY',
      contractId,
      contractNo: expect.stringMatching(/^HT/),
      contractLineId,
      adjustmentId: null,
    });
  });

  it('is the adjusted price from its effective date on, rejected adjustments ignored', async () => {
    const approved = await db.knex('ops_price_adjustment').where({ contract_line_id: contractLineId, status: 'approved' }).first('id');
    for (const on of ['2026-03-01', '2026-05-15', '2026-12-31']) {
      expect(await priceInForce(db.knex, { contractLineId, on }), on).toEqual(expect.objectContaining({ price: '110.00', adjustmentId: Number(approved.id) }));
    }
  });

  it('takes the latest approved adjustment effective by the day; a pending one does not count', async () => {
    const later = await adjust('115.50', '2026-08-01');
    const pending = await adjust('999.00', '2026-07-01');
    await api('admin').transition('approve', [later]);
    expect(await priceInForce(db.knex, { contractLineId, on: new Date(2026, 6, 31) })).toEqual(expect.objectContaining({ price: '110.00' }));
    expect(await priceInForce(db.knex, { contractLineId, on: new Date(2026, 7, 1) })).toEqual(expect.objectContaining({ price: '115.50', adjustmentId: later }));
    expect((await priceInForce(db.knex, { contractLineId, on: '2026-07-15' }))!.adjustmentId).not.toBe(pending);
  });

  it('finds the contract line by customer and line', async () => {
    expect(await priceInForce(db.knex, { customerId, lineId, on: '2026-02-01' })).toEqual(expect.objectContaining({ price: '100.00', contractLineId }));
  });

  it('is none outside the contract’s validity, for another customer, or on an abnormal contract', async () => {
    expect(await priceInForce(db.knex, { contractLineId, on: '2025-12-31' })).toBeNull();
    expect(await priceInForce(db.knex, { contractLineId, on: '2027-01-01' })).toBeNull();
    expect(await priceInForce(db.knex, { customerId: customerId + 1000, lineId, on: '2026-02-01' })).toBeNull();
    await resourceApi('portops', 'contract', { cookie: db.cookies.operator }).transition('markAbnormal', [contractId], '价格争议');
    expect(await priceInForce(db.knex, { contractLineId, on: '2026-02-01' })).toBeNull();
  });
});
