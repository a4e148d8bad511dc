// Embed tokens: issued only to a caller holding portal:embed:issue (a partner API token or an
// administrator), only for a trader, audited; the public settlement read answers the bills of
// the token's trader and never another's; a missing, altered or expired token gets 20011.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '@core/server';
import { answerOf, req, type Envelope } from '../../../tests/support/http';
import { auditOf, makeRole, makeUser } from '../../../tests/support/resource';
import { restoreEnvAfterEach, setUpTestDb, userId } from '../../../tests/support/suite';
import { createRegistry, getRegistry, setRegistry } from '../../../core/registry.server';
import system from '../../system';
import portal from '..';
import { action as issueAction } from './routes/api.embedToken';
import { loader as settlementLoader } from './routes/api.public.settlement';
import { EMBED_PERMISSION } from './embed';
import { issueEmbedToken } from './token.server';

const db = setUpTestDb({ registry: true, logins: ['admin', 'operator'] });
restoreEnvAfterEach();

type Issued = Envelope & { data: { token: string; expiresAt: string; scope: string; fieldErrors?: Record<string, string> } };
type Bills = Envelope & { data: { trader: { name: string }; rows: { serialNo: string; orderNo: string; statusLabel: string; billTypeLabel: string; payFlagLabel: string }[]; total: number; page: number; pageSize: number } };

const issue = (body: unknown, auth: { cookie?: string; bearer?: string }) =>
  answerOf<Issued>(issueAction, req('/api/portal/embedToken', { cookie: auth.cookie, json: body, headers: auth.bearer ? { authorization: `Bearer ${auth.bearer}` } : {} }));
const settlement = (token: string | null, query = '', header = token === null ? undefined : `Embed ${token}`) =>
  answerOf<Bills>(settlementLoader, req(`/api/portal/public/settlement${query}`, { headers: header ? { authorization: header } : {} }));

let traderId: number;
let other: { id: number; username: string };
let partnerToken: string;
let plainToken: string;

async function bill(payer: number, orderNo: string, over: Record<string, unknown> = {}) {
  const now = new Date();
  await db.knex('fin_bill').insert({
    serial_no: `BL${crypto.randomInt(1e9, 1e10)}${crypto.randomInt(1e4, 1e5)}`,
    order_no: orderNo,
    bill_type: 'SERVICE',
    payer_user_id: payer,
    amount: '12.50',
    currency: 'RMB',
    bill_date: '2026-11-20',
    status: 'awaitingPayment',
    push_flag: 'pushed',
    created_at: now,
    updated_at: now,
    ...over,
  });
}

beforeAll(async () => {
  traderId = await userId(db, 'trader');
  other = await makeUser(db.knex, { roleIds: [], userType: 4 });
  await bill(traderId, 'SO-EMBED-MINE-1');
  await bill(traderId, 'SO-EMBED-MINE-2', { status: 'settled', pay_flag: 'paid', paid_at: new Date('2026-11-21T08:00:00Z') });
  await bill(traderId, 'SO-EMBED-DRAFT', { status: 'staged', push_flag: 'notPushed' });
  await bill(other.id, 'SO-EMBED-OTHER');
  const admin = await userId(db, 'admin');
  const partnerRole = await makeRole(db.knex, { code: 'PORTAL_PARTNER', permissions: [EMBED_PERMISSION] });
  const plainRole = await makeRole(db.knex, { code: 'PLAIN_PARTNER', permissions: ['system:refCode:list'] });
  partnerToken = (await createApiToken(db.knex, { name: '门户网站', roleId: partnerRole, createdBy: admin })).token;
  plainToken = (await createApiToken(db.knex, { name: '其他合作方', roleId: plainRole, createdBy: admin })).token;
});

describe('issuing embed tokens', () => {
  it('is refused to a signed-in user and an API token without portal:embed:issue', async () => {
    expect((await issue({ trader: 'trader' }, { cookie: db.cookies.operator })).body.code).toBe(403);
    expect((await issue({ trader: 'trader' }, { bearer: plainToken })).body.code).toBe(403);
    expect((await issue({ trader: 'trader' }, {})).body.code).toBe(20011);
  });

  it('gives a partner API token a 10-minute token for a trader, and audits who issued it for whom', async () => {
    const { status, body } = await issue({ trader: 'trader' }, { bearer: partnerToken });
    expect(status).toBe(200);
    expect(body.data.scope).toBe('settlement:read');
    expect(body.data.token).toMatch(/^pem_[\w-]+\.[\w-]+$/);
    const ttl = Date.parse(body.data.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(590_000);
    expect(ttl).toBeLessThanOrEqual(600_000);
    const [entry] = (await auditOf(db.knex, 'portal.embedToken', traderId)).slice(-1);
    expect(entry).toMatchObject({ action: 'issue', username: 'token:门户网站', summary: 'trader' });
    expect(entry.raw).not.toContain(body.data.token);
  });

  it('lets an administrator issue one too, living PORTAL_EMBED_TTL_S seconds', async () => {
    process.env.PORTAL_EMBED_TTL_S = '60';
    const { body } = await issue({ trader: 'trader' }, { cookie: db.cookies.admin });
    expect(body.code).toBe(200);
    expect(Date.parse(body.data.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it('refuses a user who is not a trader, an unknown one and a missing name, field by field', async () => {
    for (const [trader, msg] of [
      ['operator', '用户 operator 不存在或不是贸易商'],
      ['nobody-here', '用户 nobody-here 不存在或不是贸易商'],
      ['', '请填写贸易商用户名'],
    ]) {
      const { status, body } = await issue({ trader }, { bearer: partnerToken });
      expect(status).toBe(400);
      expect(body.data.fieldErrors).toEqual({ trader: msg });
    }
  });
});

describe('the public settlement read', () => {
  const tokenFor = async (username: string) => (await issue({ trader: username }, { bearer: partnerToken })).body.data.token;

  it('answers the token’s trader’s pushed bills only, with labels in the asked language', async () => {
    const { status, body } = await settlement(await tokenFor('trader'), '?lang=en&pageSize=50');
    expect(status).toBe(200);
    expect(body.data.trader.name).toBe('德宏边境贸易有限公司');
    const orders = body.data.rows.map((r) => r.orderNo);
    expect(orders).toEqual(expect.arrayContaining(['SO-EMBED-MINE-1', 'SO-EMBED-MINE-2']));
    expect(orders).not.toContain('SO-EMBED-OTHER');
    expect(orders).not.toContain('SO-EMBED-DRAFT');
    const mineInDb = await db.knex('fin_bill').where({ payer_user_id: traderId, push_flag: 'pushed' }).count({ n: '*' });
    expect(body.data.total).toBe(Number(mineInDb[0].n));
    expect(body.data.rows.find((r) => r.orderNo === 'SO-EMBED-MINE-2')).toMatchObject({ statusLabel: 'Paid and settled', payFlagLabel: 'Paid', billTypeLabel: 'Service bill', paidAt: expect.stringMatching(/^2026-11-21 \d\d:00:00$/) });

    const theirs = await settlement(await tokenFor(other.username), '?lang=my');
    expect(theirs.body.data.rows.map((r) => r.orderNo)).toEqual(['SO-EMBED-OTHER']);
    expect(theirs.body.data.total).toBe(1);
  });

  it('pages: page and pageSize (at most 50)', async () => {
    const token = await tokenFor('trader');
    const first = await settlement(token, '?page=1&pageSize=1');
    const second = await settlement(token, '?page=2&pageSize=1');
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 1 });
    expect(first.body.data.rows.length).toBe(1);
    expect(second.body.data.rows[0].serialNo).not.toBe(first.body.data.rows[0].serialNo);
    expect((await settlement(token, '?pageSize=500')).body.data.pageSize).toBe(50);
  });

  it('refuses a token whose trader was changed: the signature no longer matches', async () => {
    const token = await tokenFor('trader');
    const [body, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(body.slice(4), 'base64url').toString());
    const forged = `pem_${Buffer.from(JSON.stringify({ ...claims, sub: other.id })).toString('base64url')}.${sig}`;
    const { status, body: answer } = await settlement(forged);
    expect(status).toBe(401);
    expect(answer).toEqual({ code: 20011, msg: '嵌入令牌无效' });
    expect((await settlement(`${token.slice(0, -2)}xx`, '?lang=en')).body).toEqual({ code: 20011, msg: 'The embed token is not valid' });
  });

  it('refuses an expired token, a missing one, and a partner API token or a session in its place', async () => {
    const old = issueEmbedToken({ id: traderId, username: 'trader' }, Date.now() - 11 * 60_000).token;
    expect(await settlement(old, '?lang=en')).toMatchObject({ status: 401, body: { code: 20011, msg: 'The embed token has expired; get a new one' } });
    expect((await settlement(null)).body).toEqual({ code: 20011, msg: '缺少嵌入令牌' });
    expect((await settlement(null, '', `Bearer ${partnerToken}`)).body.code).toBe(20011);
    const withCookie = await answerOf<Bills>(settlementLoader, req('/api/portal/public/settlement', { cookie: db.cookies.admin }));
    expect(withCookie.body.code).toBe(20011);
  });

  it('refuses the token of a trader disabled since it was issued', async () => {
    const u = await makeUser(db.knex, { roleIds: [], userType: 4 });
    const token = await tokenFor(u.username);
    await db.knex('sys_user').where({ id: u.id }).update({ status: '1' });
    expect((await settlement(token)).body.code).toBe(20011);
  });

  it('says so, translated, when no plugin keeps bills (finance absent)', async () => {
    const token = await tokenFor('trader');
    const full = getRegistry();
    setRegistry(createRegistry([system, portal]));
    try {
      expect((await settlement(token, '?lang=en')).body).toEqual({ code: 500, msg: 'Settlement is not installed: bills cannot be looked up' });
    } finally {
      setRegistry(full);
    }
  });
});
