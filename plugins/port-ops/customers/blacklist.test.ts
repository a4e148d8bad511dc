// The blacklist through the REST API and blacklistRefusal(): a customer barred for a period
// (active, not yet, expired, open-ended, lifted early with a reason), the party's name copied
// at save, who listed it shown, filtering by party type, and who may do what.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { auditOf, resourceApi } from '../../../tests/support/resource';
import { createI18n } from '../../../core/i18n/i18n';
import system from '../../system';
import portops from '..';
import { customerPayload } from './testing';
import { blacklistRefusal } from './blacklist.server';

const db = setUpTestDb({ plugins: [system, portops], logins: ['operator', 'shipper', 'trader'] });
const api = (who: string) => resourceApi('portops', 'blacklist', { cookie: db.cookies[who] });
const t = () => createI18n('zh', { zh: db.registry.locales('zh') }).getFixedT('zh');

const newCustomer = async (name: string) => Number((await resourceApi('portops', 'customer', { cookie: db.cookies.operator }).create(customerPayload({ name }))).data.id);
const bar = async (partyId: number, validFrom: string, validTo: string | null, reason = '多次拖欠运费') => {
  const res = await api('operator').create({ partyType: 'customer', partyId, reason, validFrom, validTo });
  expect(res.code, res.msg).toBe(200);
  return res.data;
};

let active = 0;
beforeAll(async () => {
  active = await newCustomer('黑名单测试客户甲');
});

describe('putting a customer on the blacklist', () => {
  it('copies the customer’s name and shows who listed it and when', async () => {
    const entry = await bar(active, '2026-01-01', '2026-06-30');
    expect(entry).toEqual(expect.objectContaining({ partyType: 'customer', partyName: '黑名单测试客户甲', status: 'active', validTo: '2026-06-30' }));
    const listed = (await api('operator').list({ partyType: 'customer', pageSize: 100 })).data.rows.find((r) => r.id === entry.id)!;
    expect(listed.createdByName).toBe('平台运营 (operator)');
    expect(listed.createdAt).toBeTruthy();
  });

  it('refuses a party that does not exist, or whose kind is not installed', async () => {
    expect((await api('operator').create({ partyType: 'customer', partyId: 999999, reason: 'x', validFrom: '2026-01-01' })).fieldErrors.partyId).toBe('所选对象不存在');
    expect((await api('operator').create({ partyType: 'pirate', partyId: active, reason: 'x', validFrom: '2026-01-01' })).fieldErrors.partyType).toBeTruthy();
  });

  it('wants a reason and an end not before the start', async () => {
    const res = await api('operator').create({ partyType: 'customer', partyId: active, reason: ' ', validFrom: '2026-05-01', validTo: '2026-04-30' });
    expect(res.fieldErrors).toEqual(expect.objectContaining({ reason: '列入原因不能为空', validTo: '结束日期不能早于开始日期' }));
  });

  it('filters by party type', async () => {
    const rows = (await api('operator').list({ partyType: 'fleet' })).data.rows;
    expect(rows).toEqual([]);
    expect((await api('operator').list({ partyType: 'customer' })).data.rows.length).toBeGreaterThan(0);
  });
});

describe('blacklistRefusal', () => {
  it('refuses a customer on the blacklist that day, with the reason and the end date', async () => {
    expect(await blacklistRefusal(db.knex, t(), { type: 'customer', id: active, on: '2026-03-15' })).toBe('该客户已被列入黑名单：多次拖欠运费，至 2026-06-30');
    expect(await blacklistRefusal(db.knex, t(), { type: 'customer', id: active, on: new Date(2026, 5, 30) })).not.toBeNull();
  });

  it('lets the customer through before the start and after the end', async () => {
    expect(await blacklistRefusal(db.knex, t(), { type: 'customer', id: active, on: '2025-12-31' })).toBeNull();
    expect(await blacklistRefusal(db.knex, t(), { type: 'customer', id: active, on: '2026-07-01' })).toBeNull();
  });

  it('an open-ended entry bars from its start on', async () => {
    const id = await newCustomer('黑名单测试客户乙');
    await bar(id, '2026-02-01', null, '提供虚假货物信息');
    expect(await blacklistRefusal(db.knex, t(), { type: 'customer', id, on: '2030-01-01' })).toBe('该客户已被列入黑名单：提供虚假货物信息（长期）');
  });

  it('lifting an entry early needs a reason, ends it today and is audited; the customer is then let through', async () => {
    const id = await newCustomer('黑名单测试客户丙');
    const entry = await bar(id, '2026-01-01', null);
    expect(await blacklistRefusal(db.knex, t(), { type: 'customer', id })).not.toBeNull();
    expect((await api('operator').transition('lift', [Number(entry.id)], '')).fieldErrors.liftReason).toBe('解除原因不能为空');
    expect((await api('operator').transition('lift', [Number(entry.id)], '欠款已结清')).code).toBe(200);
    const row = await db.knex('ops_blacklist').where({ id: entry.id }).first();
    expect([row.status, row.lift_reason]).toEqual(['lifted', '欠款已结清']);
    expect(row.valid_to).toBeTruthy();
    expect(await blacklistRefusal(db.knex, t(), { type: 'customer', id })).toBeNull();
    expect((await auditOf(db.knex, 'portops.blacklist', Number(entry.id))).map((a: { action: string }) => a.action)).toContain('transition:lift');
    expect((await api('operator').transition('lift', [Number(entry.id)], '再次')).msg).toBe('只有生效中的黑名单可以修改或解除');
  });

  it('the demo blacklists Muse Rubber Export Co.', async () => {
    const muse = await db.knex('ops_customer').where({ name: 'Muse Rubber Export Co.' }).first('id');
    expect(await blacklistRefusal(db.knex, t(), { type: 'customer', id: Number(muse.id) })).toMatch(/^该客户已被列入黑名单：多次拖欠运费/);
  });
});

describe('who may use the blacklist', () => {
  it('entries are never deleted, and users without the screen are refused (403)', async () => {
    const entry = await bar(active, '2027-01-01', null);
    expect((await api('operator').remove(Number(entry.id))).status).toBe(403);
    expect((await api('shipper').list()).status).toBe(403);
    expect((await api('trader').create({ partyType: 'customer', partyId: active, reason: 'x', validFrom: '2026-01-01' })).status).toBe(403);
  });
});
