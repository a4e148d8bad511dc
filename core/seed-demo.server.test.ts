// Demo data for every screen (issue 10 "What exists must hold"): after seeding, every list
// resource of every enabled plugin shows at least one row to a demo user allowed to list it,
// on MariaDB and on the embedded SQLite default; seeding again adds nothing. Iterating the
// registry means a new screen without demo data fails here.
import type { Knex } from 'knex';
import { describe, expect, it, vi } from 'vitest';
import { setUpTestDb } from '../tests/support/suite';
import { seedAll } from './db/migrate.server';
import type { Registry } from './registry.server';
import { hasMenu, hasPermission, loadSessionUser, type SessionUser } from './rbac/access.server';
import { listRows, parseListQuery } from './resource/service.server';
import { DEMO_USERS } from './seed-demo.server';
import { demoDataSeed } from './demo-actor.server';

/** Lists allowed to be empty on a new installation, with why. None today: the audit log
 *  (system.operLog) fills up from the demo seeds' own writes, like any other write. */
const MAY_BE_EMPTY: Record<string, string> = {};

async function demoUsers(knex: Knex, registry: Registry): Promise<SessionUser[]> {
  const names = [...DEMO_USERS.map((u) => u.username), ...registry.plugins.flatMap((p) => p.demoLogins ?? []).map((u) => u.username)];
  const users: SessionUser[] = [];
  for (const username of names) {
    const row = await knex('sys_user').where({ username }).first('id');
    const user = row ? await loadSessionUser(knex, Number(row.id)) : null;
    if (user) users.push(user);
  }
  return users;
}

/** Per resource: the most rows any demo user allowed to open the list sees, and who saw them. */
async function bestCounts(knex: Knex, registry: Registry): Promise<Map<string, { rows: number; by: string[] }>> {
  const users = await demoUsers(knex, registry);
  const out = new Map<string, { rows: number; by: string[] }>();
  for (const [key, sr] of registry.resources) {
    const allowed = users.filter((u) => hasPermission(u, sr.def.permissions.list ?? '') && (!sr.def.menu || hasMenu(u, sr.def.menu)));
    const best = { rows: 0, by: allowed.map((u) => u.username) };
    for (const u of allowed) {
      const { total, rows } = await listRows(sr, u, parseListQuery(sr.def, new URLSearchParams()), knex);
      best.rows = Math.max(best.rows, total ?? rows.length);
    }
    out.set(key, best);
  }
  return out;
}

async function tableCounts(knex: Knex, registry: Registry): Promise<Record<string, number>> {
  const tables = [...new Set([...registry.resources.values()].map((sr) => sr.def.table)), 'cus_receipt', 'cus_decl_goods', 'cus_manifest_goods', 'fin_bill_line'];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await knex(t).count({ n: '*' }).first())?.n ?? 0);
  return out;
}

function expectEveryListFilled(counts: Map<string, { rows: number; by: string[] }>): void {
  const empty = [...counts].filter(([key, c]) => c.rows === 0 && !(key in MAY_BE_EMPTY)).map(([key, c]) => `${key} (listed as ${c.by.join(', ') || 'nobody'})`);
  expect(empty, 'list resources without demo rows').toEqual([]);
}

describe('demo data on MariaDB', () => {
  const db = setUpTestDb();

  it('gives every list resource of every plugin at least one row its users see', async () => {
    expect(db.registry.resources.size).toBeGreaterThan(40);
    expectEveryListFilled(await bestCounts(db.knex, db.registry));
  });

  it('shows the workflows in their states: declarations from draft to released and rejected with the reason, documents with their goods', async () => {
    const states = (await db.knex('cus_declaration').select('status', 'reject_reason')) as { status: string; reject_reason: string | null }[];
    expect(new Set(states.map((s) => s.status))).toEqual(new Set(['draft', 'submitted', 'accepted', 'inspection', 'released', 'rejected']));
    expect(states.find((s) => s.status === 'rejected')!.reject_reason).toMatch(/重新申报/);
    const noGoods = await db.knex('cus_declaration').whereNotExists(db.knex('cus_decl_goods').whereRaw('cus_decl_goods.declaration_id = cus_declaration.id')).first();
    expect(noGoods).toBeUndefined();
    const original = await db.knex('cus_manifest').where({ kind: 'original' }).pluck('id');
    expect(original.length).toBeGreaterThan(0);
    expect(Number((await db.knex('cus_manifest_goods').whereIn('manifest_id', original).count({ n: '*' }).first())?.n)).toBeGreaterThan(0);
    expect(new Set(await db.knex('cus_report').where({ kind: 'vehicle' }).pluck('direction'))).toEqual(new Set(['entry', 'exit']));
    expect(new Set(await db.knex('fin_bad_debt').pluck('status'))).toEqual(new Set(['pending', 'approved', 'rejected']));
  });

  it('adds nothing when the seeds run again (every start runs them)', async () => {
    const before = await tableCounts(db.knex, db.registry);
    await seedAll(db.knex, db.registry.plugins, db.registry);
    expect(await tableCounts(db.knex, db.registry)).toEqual(before);
  });
});

describe('demo data on the embedded SQLite default', () => {
  const db = setUpTestDb({ sqlite: true });

  it('gives every list resource at least one row, and seeding again adds nothing', async () => {
    expectEveryListFilled(await bestCounts(db.knex, db.registry));
    const before = await tableCounts(db.knex, db.registry);
    await seedAll(db.knex, db.registry.plugins, db.registry);
    expect(await tableCounts(db.knex, db.registry)).toEqual(before);
  });

  it('skips a demo seed that no longer fits the database, without stopping the start or leaving half its rows', async () => {
    const count = async () => Number((await db.knex('sys_dept').count({ n: '*' }).first())?.n);
    const before = await count();
    const broken = demoDataSeed('broken-demo', async (trx) => {
      await trx('sys_dept').insert({ name: '半途部门', parent_id: null, order_num: 99, status: '0', created_at: new Date(), updated_at: new Date(), version: 1 });
      throw new Error('a demo user lost its grants');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(broken.run(db.knex, { demoPassword: 'x', hashPassword: async (p) => p, registry: db.registry })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('demo data "broken-demo" skipped: a demo user lost its grants');
    warn.mockRestore();
    expect(await count()).toBe(before);
  });
});
