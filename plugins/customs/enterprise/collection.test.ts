// Collection information and entrustments on a fresh seeded MariaDB: SPEC §6 (only traders or
// customs brokers with approved enterprise information use collection information, with the
// SPEC §8 message for everyone else, on the screen and on every API call), SPEC §5 "Fees and
// collection" rules, enable/disable, and who entrusts whom.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { answerOf, req, respond, run } from '../../../tests/support/http';
import { resourceApi } from '../../../tests/support/resource';
import system from '../../system';
import customs from '..';
import * as gatedCollection from './routes/api.collectionInfo';
import * as gatedMember from './routes/api.collectionInfo.member';
import * as gatedTransition from './routes/api.collectionInfo.transition';
import * as gatedExport from './routes/api.collectionInfo.export';
import { loader as collectionScreen } from './routes/collectionInfo';
import { loader as infoScreen } from './routes/enterpriseInfo';
import { account, enterprisePayload } from './testing';
import { isEntrusted } from './entrustment.server';

const db = setUpTestDb({ plugins: [system, customs], logins: ['trader', 'broker', 'operator', 'admin'] });
const { cookies } = db;
const REFUSED = '未完善企业信息或非报关行、贸易商';

type Body = Record<string, unknown>;
const collection = (cookie: string) => resourceApi('customs', 'collectionInfo', { cookie });
const entrustments = (cookie: string) => resourceApi('customs', 'entrustment', { cookie });

/** The REST calls as the server routes them (the gated /api/customs/collectionInfo routes). */
const gated = {
  list: (cookie: string) => answerOf(gatedCollection.loader, req('/api/customs/collectionInfo', { cookie })),
  create: (cookie: string, json: Body) => answerOf(gatedCollection.action, req('/api/customs/collectionInfo', { cookie, json })),
  get: (cookie: string, id: number) => answerOf(gatedMember.loader, req(`/api/customs/collectionInfo/${id}`, { cookie }), { id: String(id) }),
  transition: (cookie: string, name: string, ids: number[]) => answerOf(gatedTransition.action, req(`/api/customs/collectionInfo/transition/${name}`, { cookie, json: { ids } }), { transition: name }),
};

const collectionRow = (over: Body = {}): Body => ({
  settlementAccount: '6217853000012345678',
  settlementAccountName: '德宏边境贸易有限公司',
  accountStatus: 'normal',
  contactName: '王芳',
  contactPhone: '0692-4141234',
  mobile: '13908805678',
  address: '芒市勐焕路 66 号',
  smsNotify: true,
  smsPhone: '13908805678',
  ...over,
});

describe('who may use collection information (SPEC §6, §8)', () => {
  it('refuses a trader whose enterprise is not approved, on the screen and every API call, with the exact message', async () => {
    const newcomer = await account(db.knex, 4);
    await resourceApi('customs', 'enterprise', { cookie: newcomer.cookie }).create(enterprisePayload());
    const before = await db.knex('cus_collection_info').count({ n: '*' }).first();
    const screen = await run(collectionScreen, req('/enterpriseCenter/collectionInfo', { cookie: newcomer.cookie }));
    expect(screen.data).toMatchObject({ blocked: REFUSED, page: null });
    const list = await gated.list(newcomer.cookie);
    expect(list.body.msg).toBe(REFUSED);
    expect(list.status).toBe(403);
    expect((await gated.create(newcomer.cookie, collectionRow())).body.msg).toBe(REFUSED);
    // The resource engine refuses the write too, whichever route reaches it.
    expect((await collection(newcomer.cookie).create(collectionRow())).body.msg).toBe(REFUSED);
    expect(await db.knex('cus_collection_info').count({ n: '*' }).first()).toEqual(before);
  });

  it('refuses an account that is neither trader nor customs broker, even the platform operator', async () => {
    expect((await gated.list(cookies.operator)).body.msg).toBe(REFUSED);
    expect((await gated.list(cookies.operator)).status).toBe(403);
  });

  it("shows 管理员 every enterprise's rows read-only, and refuses its writes with the SPEC §8 message", async () => {
    const traderRow = Number(((await gated.create(cookies.trader, collectionRow())).body.data as Body).id);
    const list = await gated.list(cookies.admin);
    expect(list.status).toBe(200);
    const companies = new Set((list.body.data as { rows: Body[] }).rows.map((r) => r.companyName));
    expect(companies).toEqual(new Set(['德宏边境贸易有限公司', '姐告报关行']));
    expect((await gated.get(cookies.admin, traderRow)).status).toBe(200);
    const screen = await run(collectionScreen, req('/enterpriseCenter/collectionInfo', { cookie: cookies.admin }));
    const page = (screen.data as { blocked: string | null; page: { result: { total: number }; can: { create: boolean; update: boolean; delete: boolean; export: boolean; transitions: string[] } } })
      .page;
    expect((screen.data as { blocked: string | null }).blocked).toBeNull();
    expect(page.result.total).toBe((list.body.data as { total: number }).total);
    expect(page.can).toMatchObject({ create: false, update: false, delete: false, export: true, transitions: [] });
    const before = await db.knex('cus_collection_info').count({ n: '*' }).first();
    expect((await gated.create(cookies.admin, collectionRow())).body.msg).toBe(REFUSED);
    expect((await gated.transition(cookies.admin, 'disable', [traderRow])).body.msg).toBe(REFUSED);
    expect(await db.knex('cus_collection_info').count({ n: '*' }).first()).toEqual(before);
    expect((await db.knex('cus_collection_info').where({ id: traderRow }).first()).status).toBe('0');
    const exported = await respond(gatedExport.loader, req('/api/customs/collectionInfo/export?format=csv', { cookie: cookies.admin }));
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain('姐告报关行');
  });

  it('refuses a trader that has no enterprise at all', async () => {
    const nobody = await account(db.knex, 4);
    expect((await gated.list(nobody.cookie)).body.msg).toBe(REFUSED);
  });

  it('lets an approved trader add and list their own rows, and the broker see none of them', async () => {
    const created = await gated.create(cookies.trader, collectionRow());
    expect(created.status).toBe(200);
    const data = created.body.data as Body;
    expect(data).toMatchObject({ companyName: '德宏边境贸易有限公司', status: '0', smsNotify: true });
    const mine = (await gated.list(cookies.trader)).body.data as { rows: Body[] };
    expect(mine.rows.map((r) => r.id)).toContain(data.id);
    expect(new Set(mine.rows.map((r) => r.companyName))).toEqual(new Set(['德宏边境贸易有限公司']));
    const theirs = await gated.list(cookies.broker);
    expect(theirs.status).toBe(200);
    expect((theirs.body.data as { rows: Body[] }).rows.map((r) => r.id)).not.toContain(data.id);
    expect((await gated.get(cookies.broker, Number(data.id))).status).toBe(404);
    const screen = await run(collectionScreen, req('/enterpriseCenter/collectionInfo', { cookie: cookies.trader }));
    expect((screen.data as { page: { result: { rows: Body[] } } }).page.result.rows).toHaveLength(mine.rows.length);
  });

  it('refuses the trader once their approved enterprise is saved again (back to not submitted)', async () => {
    const again = await account(db.knex, 5);
    const api = resourceApi('customs', 'enterprise', { cookie: again.cookie });
    const id = Number((await api.create(enterprisePayload())).body.data!.id);
    await api.transition('submit', [id]);
    await resourceApi('customs', 'enterprise', { cookie: cookies.operator }).transition('approve', [id]);
    expect((await gated.list(again.cookie)).status).toBe(200);
    const row = await db.knex('cus_enterprise').where({ id }).first();
    await api.update(id, { ...enterprisePayload({ creditCode: row.credit_code }), version: row.version });
    expect((await gated.list(again.cookie)).body.msg).toBe(REFUSED);
  });
});

describe('collection information rules (SPEC §5 "Fees and collection")', () => {
  const fieldError = async (over: Body, field: string) =>
    ((await gated.create(cookies.broker, collectionRow(over))).body.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors?.[field];

  it('contact name: 1–10 characters', async () => {
    expect(await fieldError({ contactName: '' }, 'contactName')).toBe('联系人不能为空');
    expect(await fieldError({ contactName: '联'.repeat(11) }, 'contactName')).toBe('联系人长度不能超过10个字符');
    expect((await gated.create(cookies.broker, collectionRow({ contactName: '联'.repeat(10) }))).status).toBe(200);
  });

  it('settlement account name: 1–100 characters', async () => {
    expect(await fieldError({ settlementAccountName: ' ' }, 'settlementAccountName')).toBe('结算账户名称不能为空');
    expect(await fieldError({ settlementAccountName: '名'.repeat(101) }, 'settlementAccountName')).toBe('结算账户名称长度不能超过100个字符');
    expect((await gated.create(cookies.broker, collectionRow({ settlementAccountName: '名'.repeat(100) }))).status).toBe(200);
  });

  it('mobile: a valid mobile number (China or Myanmar)', async () => {
    expect(await fieldError({ mobile: '0692-4141234' }, 'mobile')).toBe('手机号码格式不正确');
    expect((await gated.create(cookies.broker, collectionRow({ mobile: '09420012345', smsPhone: '+959420012345' }))).status).toBe(200);
  });

  it('SMS phone: required and a mobile when SMS notification is on', async () => {
    expect(await fieldError({ smsPhone: '' }, 'smsPhone')).toBe('短信通知号码不能为空');
    expect(await fieldError({ smsPhone: '0692-4141234' }, 'smsPhone')).toBe('短信通知号码格式不正确');
    expect((await gated.create(cookies.broker, collectionRow({ smsNotify: false, smsPhone: '' }))).status).toBe(200);
  });

  it('disables and enables; the same status again is refused with the catalogue message', async () => {
    const id = Number(((await gated.create(cookies.broker, collectionRow())).body.data as Body).id);
    expect((await gated.transition(cookies.broker, 'disable', [id])).status).toBe(200);
    expect((await gated.transition(cookies.broker, 'disable', [id])).body.msg).toBe('当前状态一致，无需更改');
    expect((await gated.transition(cookies.broker, 'enable', [id])).status).toBe(200);
    expect((await db.knex('cus_collection_info').where({ id }).first()).status).toBe('0');
    expect((await gated.transition(cookies.trader, 'disable', [id])).status).toBe(404);
  });
});

describe('entrustments', () => {
  let traderEnterprise: number;
  let brokerEnterprise: number;

  beforeAll(async () => {
    traderEnterprise = Number((await db.knex('cus_enterprise').where({ name: '德宏边境贸易有限公司' }).first()).id);
    brokerEnterprise = Number((await db.knex('cus_enterprise').where({ name: '姐告报关行' }).first()).id);
  });

  it('seeds the demo trader entrusting the demo broker, seen by both', async () => {
    expect(await isEntrusted(db.knex, traderEnterprise, brokerEnterprise)).toBe(true);
    for (const who of ['trader', 'broker']) {
      const rows = (await entrustments(cookies[who]).list()).body.data!.rows;
      expect(rows).toEqual([expect.objectContaining({ traderName: '德宏边境贸易有限公司', brokerName: '姐告报关行', status: 'active' })]);
    }
  });

  it('refuses a second active entrustment of the same broker', async () => {
    const res = await entrustments(cookies.trader).create({ brokerEnterpriseId: brokerEnterprise, validFrom: '2025-01-01', validTo: '2026-12-31' });
    expect((res.body.data as { fieldErrors?: Record<string, string> }).fieldErrors?.brokerEnterpriseId).toBe('已存在对该报关行的有效委托');
  });

  it('asks for a broker and refuses an enterprise that is not an approved broker', async () => {
    expect((await entrustments(cookies.trader).create({ validFrom: '2025-01-01', validTo: '2026-12-31' })).body.msg).toBe('请选择报关行');
    const res = await entrustments(cookies.trader).create({ brokerEnterpriseId: traderEnterprise, validFrom: '2025-01-01', validTo: '2026-12-31' });
    expect(res.body.msg).toBe('所选报关行不存在或未审核通过');
  });

  it('refuses a trader whose enterprise is not approved', async () => {
    const newcomer = await account(db.knex, 4);
    await resourceApi('customs', 'enterprise', { cookie: newcomer.cookie }).create(enterprisePayload());
    const res = await entrustments(newcomer.cookie).create({ brokerEnterpriseId: brokerEnterprise, validFrom: '2025-01-01', validTo: '2026-12-31' });
    expect(res).toMatchObject({ status: 403, body: { msg: '只有企业信息已审核通过的贸易商可以办理委托' } });
    expect((await entrustments(newcomer.cookie).list()).body.data!.rows).toEqual([]);
  });

  it('does not let the broker revoke; the trader revokes, then entrusts again', async () => {
    const id = Number((await db.knex('cus_entrustment').where({ trader_enterprise_id: traderEnterprise, broker_enterprise_id: brokerEnterprise }).first()).id);
    expect((await entrustments(cookies.broker).transition('revoke', [id])).status).toBe(403);
    expect((await entrustments(cookies.trader).transition('revoke', [id])).status).toBe(200);
    expect((await entrustments(cookies.trader).transition('revoke', [id])).body.msg).toBe('当前状态无法执行该操作');
    expect(await isEntrusted(db.knex, traderEnterprise, brokerEnterprise)).toBe(false);
    const res = await entrustments(cookies.trader).create({ brokerEnterpriseId: String(brokerEnterprise), validFrom: '2025-01-01', validTo: '2099-12-31', remark: '重新委托' });
    expect(res).toMatchObject({ status: 200, body: { data: { traderEnterpriseId: traderEnterprise, brokerEnterpriseId: brokerEnterprise, status: 'active' } } });
    expect(await isEntrusted(db.knex, traderEnterprise, brokerEnterprise)).toBe(true);
  });

  it('refuses an end date before the start date', async () => {
    const res = await entrustments(cookies.trader).create({ brokerEnterpriseId: brokerEnterprise, validFrom: '2026-01-02', validTo: '2026-01-01' });
    expect((res.body.data as { fieldErrors?: Record<string, string> }).fieldErrors?.validTo).toBe('委托结束日期不能早于开始日期');
  });
});

describe('the enterprise information screen', () => {
  it('shows the user their own enterprise with what they may do', async () => {
    const { res, data } = await run(infoScreen, req('/enterpriseCenter/enterpriseInfo', { cookie: cookies.trader }));
    expect(res).toBeNull();
    const d = data as { row: Body; account: Body; can: { update: boolean; transitions: string[] }; lookups: Record<string, unknown[]> };
    expect(d).toMatchObject({ row: { name: '德宏边境贸易有限公司', auditStatus: '3', loginAccount: 'trader' }, can: { update: true } });
    expect(d.can.transitions).toEqual(['submit']);
    expect(d.lookups['system.provinces'].length).toBeGreaterThan(0);
  });

  it('is not open to the platform operator, who reviews on the management screen', async () => {
    expect((await run(infoScreen, req('/enterpriseCenter/enterpriseInfo', { cookie: cookies.operator }))).res?.status).toBe(403);
  });
});
