// Customers through the REST API on a fresh seeded database: the credit code and phone rules,
// contacts required, one customer per login, disabling and enabling, the demo shipper seeing
// only their own customer read-only, and users without the permission refused.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi } from '../../../tests/support/resource';
import system from '../../system';
import portops from '..';
import { customerPayload } from './testing';
import { SHIPPER_COMPANY } from './demo';

const db = setUpTestDb({
  plugins: [system, portops],
  logins: ['operator', 'shipper', 'trader', 'admin'],
});
const api = (who: string) => resourceApi('portops', 'customer', { cookie: db.cookies[who] });

describe('a customer', () => {
  it('is created with its contacts, address and credit limit, in state normal', async () => {
    const res = await api('operator').create(
      customerPayload({
        creditCode: customerPayload().creditCode.toLowerCase(),
      }),
    );
    expect(res.code, res.msg).toBe(200);
    expect(res.data.status).toBe('normal');
    expect(res.data.creditLimit).toBe('10000.50');
    expect(String(res.data.creditCode)).toMatch(/^[0-9A-Z]{18}$/);
    expect(res.data.contacts).toEqual([expect.objectContaining({ name: '张三', phone: '13800138000' })]);
  });

  it('checks the unified credit code by its check character; a Myanmar company may have none', async () => {
    const good = customerPayload().creditCode;
    const wrong = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expect((await api('operator').create(customerPayload({ creditCode: wrong }))).fieldErrors.creditCode).toBe('统一社会信用代码格式不正确');
    expect((await api('operator').create(customerPayload({ creditCode: '' }))).code).toBe(200);
  });

  it('refuses a credit code another customer has', async () => {
    const p = customerPayload();
    expect((await api('operator').create(p)).code).toBe(200);
    expect((await api('operator').create(customerPayload({ creditCode: p.creditCode }))).fieldErrors.creditCode).toBe('该统一社会信用代码已被其他客户使用');
  });

  it('wants a valid mobile or landline for each contact, and at least one contact', async () => {
    for (const phone of ['13988201234', '0692-4141234', '09 421 234 567']) expect((await api('operator').create(customerPayload({ contacts: [{ name: '李四', phone }] }))).code, phone).toBe(200);
    const bad = await api('operator').create(customerPayload({ contacts: [{ name: '李四', phone: '12345' }] }));
    expect(Object.values(bad.fieldErrors)).toContain('请输入正确的手机号或固定电话');
    const p = customerPayload({ contacts: [] });
    expect((await api('operator').create(p)).fieldErrors.contacts).toBe('请至少填写一个联系人');
    expect(await db.knex('ops_customer').where({ name: p.name }).first()).toBeUndefined();
  });

  it('wants a known kind and settlement method and a non-negative money credit limit', async () => {
    const res = await api('operator').create(
      customerPayload({
        kind: 'agent',
        settlementMethod: 'yearly',
        creditLimit: '-5',
      }),
    );
    expect(Object.keys(res.fieldErrors).sort()).toEqual(['creditLimit', 'kind', 'settlementMethod']);
    expect((await api('operator').create(customerPayload({ creditLimit: '1.005' }))).fieldErrors.creditLimit).toBeTruthy();
  });

  it('links a login to one customer only', async () => {
    const trader = await db.knex('sys_user').where({ username: 'trader' }).first('id');
    expect((await api('operator').create(customerPayload({ userId: trader.id }))).code).toBe(200);
    expect((await api('operator').create(customerPayload({ userId: trader.id }))).fieldErrors.userId).toMatch(/^该账号已关联客户/);
  });

  it('is disabled and enabled by transitions; enabling a normal one is refused with its message', async () => {
    const id = Number((await api('operator').create(customerPayload())).data.id);
    const refused = await api('operator').transition('enable', [id]);
    expect(refused.code).not.toBe(200);
    expect(refused.msg).toBe('只有停用的客户可以启用');
    expect((await api('operator').transition('disable', [id])).code).toBe(200);
    expect((await db.knex('ops_customer').where({ id }).first()).status).toBe('disabled');
    expect((await api('operator').transition('enable', [id])).code).toBe(200);
    expect((await db.knex('ops_customer').where({ id }).first()).status).toBe('normal');
  });
});

describe('who sees and changes customers', () => {
  it('the demo shipper sees only their own customer record', async () => {
    const list = await api('shipper').list();
    expect(list.code).toBe(200);
    expect(list.data.rows.map((r) => r.name)).toEqual([SHIPPER_COMPANY]);
    const other = await db.knex('ops_customer').where({ name: '德宏边贸大米贸易公司' }).first('id');
    expect((await api('shipper').get(Number(other.id))).status).toBe(404);
  });

  it('the shipper may not add, change or disable customers (403)', async () => {
    const own = await db.knex('ops_customer').where({ name: SHIPPER_COMPANY }).first('id');
    expect((await api('shipper').create(customerPayload())).status).toBe(403);
    expect((await api('shipper').update(Number(own.id), customerPayload())).status).toBe(403);
    expect((await api('shipper').transition('disable', [Number(own.id)])).status).toBe(403);
  });

  it('a user without the screen is refused (403); the platform operator sees every customer', async () => {
    expect((await api('trader').list()).status).toBe(403);
    const all = await api('operator').list({ pageSize: 100 });
    expect(all.data.rows.map((r) => r.name)).toEqual(expect.arrayContaining([SHIPPER_COMPANY, 'Mandalay Golden Rice Trading Co.', 'Muse Rubber Export Co.']));
  });
});
