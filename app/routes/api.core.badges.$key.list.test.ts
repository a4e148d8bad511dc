// GET /api/core/badges/<key>/list on a fresh seeded MariaDB: the fund reminder's dialog list
// (SPEC §6 "Fund row", first page 1, size 10) for the roles that see the badge, the server's
// refusal for everyone else, paging and the page-size cap.
import { describe, expect, it } from 'vitest';
import { badgesFor } from '../../core/badges.server';
import { setUpTestDb } from '../../tests/support/suite';
import { envelope, req, respond } from '../../tests/support/http';
import { loginAs } from '../../tests/support/session';
import { makeUser, resourceApi, sessionUser } from '../../tests/support/resource';
import { loader } from './api.core.badges.$key.list';

const db = setUpTestDb();

interface Page {
  rows: Record<string, unknown>[];
  total: number;
  page: number;
  pageSize: number;
}

async function list(cookie: string, key: string, query = '') {
  const res = await respond(loader, req(`/api/core/badges/${key}/list${query}`, { cookie }), { key });
  const body = await envelope(res);
  return { status: res.status, code: body.code, msg: body.msg, data: body.data as Page };
}

/** A fresh trader whose RMB sub-account holds `balance` under a `threshold` reminder. */
async function accountUnderThreshold(balance: string, threshold: string) {
  const u = await makeUser(db.knex, { roleIds: [], userType: 4 });
  const res = await resourceApi('finance', 'subAccount', { cookie: await loginAs('admin') }).create({ userId: u.id, currency: 'RMB', initialAmount: balance, reminderThreshold: threshold });
  expect(res.body.code, res.body.msg).toBe(200);
  return { username: u.username, account: res.body.data as { subAccNo: string; customerName: string } };
}

const belowThreshold = async () => Number((await db.knex('fin_sub_account').whereRaw('available < reminder_threshold').count({ n: '*' }).first())?.n);

describe('GET /api/core/badges/fundReminder/list', () => {
  it('gives PTGL (operator) and the administrator the fund rows: customerName, subAccNo, remainingMoney', async () => {
    const { account } = await accountUnderThreshold('12.34', '100.00');
    for (const username of ['operator', 'admin']) {
      const out = await list(await loginAs(username), 'fundReminder', '?page=1&pageSize=100');
      expect(out.code, `${username}: ${out.msg}`).toBe(200);
      expect(out.data.total).toBe(await belowThreshold());
      const row = out.data.rows.find((r) => r.subAccNo === account.subAccNo);
      expect(row, username).toEqual({ customerName: account.customerName, subAccNo: account.subAccNo, remainingMoney: '12.34' });
    }
  });

  it('starts at page 1 with 10 rows per page when no paging is given', async () => {
    const out = await list(await loginAs('operator'), 'fundReminder');
    expect(out.code).toBe(200);
    expect(out.data).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('pages through the rows without repeating one, and caps the page size at 100', async () => {
    while ((await belowThreshold()) < 3) await accountUnderThreshold('1.00', '2.00');
    const cookie = await loginAs('operator');
    const total = await belowThreshold();
    const pages = await Promise.all([1, 2, 3].map((p) => list(cookie, 'fundReminder', `?page=${p}&pageSize=1`)));
    for (const p of pages) expect(p.data).toMatchObject({ total, pageSize: 1 });
    expect(pages.map((p) => p.data.page)).toEqual([1, 2, 3]);
    const accNos = pages.flatMap((p) => p.data.rows.map((r) => r.subAccNo));
    expect(accNos).toHaveLength(3);
    expect(new Set(accNos).size).toBe(3);
    const beyond = await list(cookie, 'fundReminder', `?page=${total + 1}&pageSize=1`);
    expect(beyond.data.rows).toEqual([]);
    const capped = await list(cookie, 'fundReminder', '?pageSize=500');
    expect(capped.data.pageSize).toBe(100);
  });

  it('refuses the trader (no fund reminder role) with the 403 envelope', async () => {
    const out = await list(await loginAs('trader'), 'fundReminder');
    expect(out.status).toBe(403);
    expect(out.code).toBe(403);
    expect(out.msg).toBe('没有访问权限');
    expect(out.data).toBeUndefined();
    const fresh = await makeUser(db.knex, { roleIds: [], userType: 4 });
    expect((await list(await loginAs(fresh.username), 'fundReminder')).status).toBe(403);
  });

  it('answers 404 for a badge that does not exist', async () => {
    const out = await list(await loginAs('admin'), 'noSuchBadge');
    expect(out.status).toBe(404);
    expect(out.code).toBe(404);
  });

  it('asks for a login first', async () => {
    const res = await respond(loader, req('/api/core/badges/fundReminder/list'), { key: 'fundReminder' });
    expect((await envelope(res)).code).toBe(20011);
  });

  it('tells the layout that the fund reminder opens a list, with its columns and the ledger link', async () => {
    const badge = (await badgesFor(db.registry, await sessionUser(db.knex, 'operator'))).find((b) => b.key === 'fundReminder');
    expect(badge?.list).toEqual({
      columns: [
        { field: 'customerName', labelKey: 'finance:funds.customerName' },
        { field: 'subAccNo', labelKey: 'finance:funds.subAccNo' },
        { field: 'remainingMoney', labelKey: 'finance:funds.remainingMoney', kind: 'money' },
      ],
      moreHref: '/price/dlStrNdt?tab=accounts',
    });
  });
});
