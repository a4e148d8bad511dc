// HS codes and declaration elements through the REST API (/api/customs/hsCode, /hsElement)
// on a fresh seeded MariaDB: SPEC §5 "Codes" rules with their catalogue messages, uniqueness,
// optimistic locking and the permission check on the server.
import { describe, expect, it } from 'vitest';
import { envelope, req, respond, run } from '../../../tests/support/http';
import { resourceApi } from '../../../tests/support/resource';
import { setUpTestDb } from '../../../tests/support/suite';
import { action as collectionAction } from '../../../app/routes/api.$plugin.$resource';
import system from '../../system';
import customs from '..';
import { loader as elementScreen } from '../../../app/screen';

const db = setUpTestDb({ plugins: [system, customs], logins: ['admin', 'broker', 'trader'] });
const { cookies } = db;

type Body = Record<string, unknown>;
const api = (resource: string, cookie = cookies.admin) => resourceApi('customs', resource, { cookie });
const create = (resource: string, body: Body, cookie?: string) => api(resource, cookie).create(body);
const update = (resource: string, id: unknown, body: Body, cookie?: string) => api(resource, cookie).update(Number(id), body);
const list = (resource: string, query: string, cookie?: string) => api(resource, cookie).list(query);
/** The stored row of an HS code, if any. */
const hsCodeRow = (code: unknown) => db.knex('cus_hs_code').where({ hs_code: String(code) }).first();

let seq = 0;
/** A valid HS code row with a code no other test uses. */
const hsRow = (over: Body = {}): Body => ({
  hsCode: `99${String(++seq).padStart(6, '0')}00`,
  name: '测试商品',
  nameEn: 'Test goods',
  startDate: '2024-01-01',
  endDate: '2030-12-31',
  flag: 'valid',
  taxRate: 6.5,
  firstUnit: '千克',
  secondUnit: null,
  supervision: 'AB',
  ...over,
});

describe('HS codes: SPEC §5 required fields', () => {
  const required: [field: string, message: string][] = [
    ['hsCode', 'HS编码不能为空'],
    ['name', '中文名称不能为空'],
    ['startDate', '起始日期不能为空'],
    ['endDate', '终止日期不能为空'],
  ];

  it.each(required)('refuses a blank %s with "%s"', async (field, message) => {
    const row = hsRow({ [field]: '' });
    const a = await create('hsCode', row);
    expect(a.status).toBe(400);
    expect(a.msg).toBe(message);
    expect(a.fieldErrors[field]).toBe(message);
    expect(await hsCodeRow(row.hsCode)).toBeUndefined();
  });

  it('accepts the row once every required field is filled', async () => {
    const row = hsRow();
    expect(await create('hsCode', row)).toMatchObject({ status: 200, data: { hsCode: row.hsCode, name: '测试商品', startDate: '2024-01-01', endDate: '2030-12-31', taxRate: 6.5, version: 1 } });
  });

  it('answers in the user’s language', async () => {
    const a = await envelope(await respond(collectionAction, req('/api/customs/hsCode?lng=en', { json: hsRow({ name: ' ' }), cookie: cookies.admin }), { plugin: 'customs', resource: 'hsCode' }));
    expect(a.msg).toBe('Chinese name is required');
  });

  it('refuses an HS code that is not 8 to 10 digits, accepts 8 and 10 digits', async () => {
    expect((await create('hsCode', hsRow({ hsCode: '1006301' }))).msg).toBe('HS编码应为8到10位数字');
    expect((await create('hsCode', hsRow({ hsCode: '10063010A0' }))).fieldErrors.hsCode).toBe('HS编码应为8到10位数字');
    expect((await create('hsCode', hsRow({ hsCode: '98765432' }))).status).toBe(200);
  });

  it('refuses a tax rate outside 0–100', async () => {
    expect((await create('hsCode', hsRow({ taxRate: 101 }))).fieldErrors.taxRate).toBe('税率（%）格式不正确');
    expect((await create('hsCode', hsRow({ taxRate: 100 }))).status).toBe(200);
  });
});

describe('HS codes: dates, uniqueness, locking, permissions', () => {
  it('refuses an end date before the start date', async () => {
    expect(await create('hsCode', hsRow({ startDate: '2025-06-01', endDate: '2025-05-31' }))).toMatchObject({ status: 400, fieldErrors: { endDate: '终止日期不能早于起始日期' } });
  });

  it('accepts an end date equal to the start date', async () => {
    expect((await create('hsCode', hsRow({ startDate: '2025-06-01', endDate: '2025-06-01' }))).status).toBe(200);
  });

  it('refuses a day that does not exist', async () => {
    expect((await create('hsCode', hsRow({ endDate: '2025-02-30' }))).fieldErrors.endDate).toBe('终止日期格式不正确');
  });

  it('refuses a duplicate HS code (a seeded one) and leaves the seeded row alone', async () => {
    expect(await create('hsCode', hsRow({ hsCode: '1006301000', name: '重复' }))).toMatchObject({ status: 400, fieldErrors: { hsCode: 'HS编码已存在' } });
    expect((await hsCodeRow('1006301000')).name).toBe('籼米精米');
  });

  it('refuses an update made from a stale version with 409 and overwrites nothing', async () => {
    const row = hsRow();
    const created = await create('hsCode', row);
    const id = created.data.id;
    const first = await update('hsCode', id, { ...row, name: '第一次修改', version: 1 });
    expect(first).toMatchObject({ status: 200, data: { version: 2 } });
    expect(await update('hsCode', id, { ...row, name: '过期的修改', version: 1 })).toMatchObject({ status: 409, msg: '数据已被他人修改，请刷新后重试' });
    const stored = await db.knex('cus_hs_code').where({ id }).first();
    expect(stored).toMatchObject({ name: '第一次修改', version: 2 });
  });

  it('refuses the trader, who lacks customs:hsCode:add, with 403 and creates nothing', async () => {
    const row = hsRow();
    expect(await create('hsCode', row, cookies.trader)).toMatchObject({ status: 403, code: 403 });
    expect(await hsCodeRow(row.hsCode)).toBeUndefined();
    expect((await list('hsCode', 'hsCode=1006', cookies.trader)).status).toBe(403);
  });

  it('lets the customs broker (role customs_admin, granted by the seed) add and list', async () => {
    expect((await create('hsCode', hsRow(), cookies.broker)).status).toBe(200);
    const found = await list('hsCode', 'hsCode=100630', cookies.broker);
    expect(found.status).toBe(200);
    expect(found.data.rows.map((r) => r.hsCode)).toEqual(['1006301000', '1006302000', '1006308000']);
  });

  it('keeps an HS code that has declaration elements: no delete, no recode', async () => {
    const seeded = await hsCodeRow('1006301000');
    const del = await api('hsCode').remove(seeded.id);
    expect(del.status).toBe(400);
    expect(del.msg).toContain('不能删除');
    const recode = await update('hsCode', seeded.id, { ...hsRow({ hsCode: '1006301099', name: seeded.name }), version: seeded.version });
    expect(recode.fieldErrors.hsCode).toContain('不能删除或修改编码');
    expect(await hsCodeRow('1006301000')).toBeTruthy();
  });
});

describe('declaration elements', () => {
  const element = (over: Body = {}): Body => ({ hsCode: '1006301000', seq: 30, name: '产地', nameEn: 'Place of origin', isRequired: false, ...over });

  it('refuses an order already used for the same HS code', async () => {
    expect(await create('hsElement', element({ seq: 1 }))).toMatchObject({ status: 400, fieldErrors: { seq: '该HS编码下已有此序号的申报要素' } });
  });

  it('accepts a new order for that HS code, and the same order under another HS code', async () => {
    expect((await create('hsElement', element({ seq: 30 }))).status).toBe(200);
    const other = await create('hsCode', hsRow());
    expect((await create('hsElement', element({ hsCode: other.data.hsCode, seq: 1 }))).status).toBe(200);
  });

  it('refuses an update that moves an element onto a used order', async () => {
    const row = await db.knex('cus_hs_element').where({ hs_code: '1006301000', seq: 4 }).first();
    const a = await update('hsElement', row.id, { ...element({ seq: 5, name: row.name }), version: row.version });
    expect(a.fieldErrors.seq).toBe('该HS编码下已有此序号的申报要素');
  });

  it('refuses an HS code that does not exist', async () => {
    expect(await create('hsElement', element({ hsCode: '9999999999' }))).toMatchObject({ status: 400, fieldErrors: { hsCode: 'HS编码不存在' } });
  });

  it('refuses an order below 1', async () => {
    expect((await create('hsElement', element({ seq: 0 }))).fieldErrors.seq).toBe('序号格式不正确');
  });

  it('restores the leading zero of an HS code the picker sent as a number', async () => {
    expect(await create('hsElement', element({ hsCode: 713319000, seq: 40 }))).toMatchObject({ status: 200, data: { hsCode: '0713319000' } });
  });

  it('lists the elements of one HS code in order', async () => {
    const a = await list('hsElement', 'hsCode=1006301000&sort=seq:asc&pageSize=50');
    const rows = a.data.rows;
    expect(rows.every((r) => r.hsCode === '1006301000')).toBe(true);
    expect(rows.slice(0, 3).map((r) => [r.seq, r.name, r.isRequired])).toEqual([
      [1, '品名', true],
      [2, '品牌类型', true],
      [3, '出口享惠情况', true],
    ]);
  });
});

describe('the /customsBase/hsElement screen', () => {
  it('shows the broker one HS code’s elements with the HS picker options', async () => {
    const { res, data } = await run(elementScreen, req('/customsBase/hsElement?hsCode=0713319000', { cookie: cookies.broker }));
    expect(res).toBeNull();
    const d = data as { result: { rows: Body[] }; can: Record<string, unknown>; lookups: Record<string, { value: string; label: string }[]> };
    expect(d.result.rows.length).toBeGreaterThanOrEqual(5);
    expect(d.can).toMatchObject({ create: true, update: true, delete: true });
    expect(d.lookups['customs.hsCodes'].find((o) => o.value === '0713319000')?.label).toBe('0713319000 其他干绿豆');
    // the codes on the page, not the whole table (the picker searches the server)
    expect(d.lookups['customs.hsCodes']).toHaveLength(1);
  });

  it('refuses the trader with 403', async () => {
    expect((await run(elementScreen, req('/customsBase/hsElement', { cookie: cookies.trader }))).res?.status).toBe(403);
  });
});
