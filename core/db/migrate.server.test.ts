// migrateAll + seedAll on both supported databases: they build the schema and demo data,
// and running them again (every start does) changes nothing.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import system from '../../plugins/system/index';
import partnerExample from '../../examples/partner-plugin/index';
import { createTestDb, sqliteStore, type Store, type TestDb } from '../../tests/support/db';
import { DEMO_PASSWORD } from '../../tests/support/session';
import { attemptLogin, THROTTLE } from '../auth/login.server';
import { tFor } from '../i18n/i18n.server';
import { createRegistry, type Registry } from '../registry.server';
import { DEMO_USERS } from '../seed-demo.server';
import { migrateAll, rollbackAll, seedAll } from './migrate.server';

const TABLES = ['sys_user', 'sys_role', 'sys_user_role', 'sys_menu', 'sys_permission', 'sys_role_menu', 'sys_role_permission', 'sys_job', 'sys_ref_code_type', 'sys_ref_code', 'partner_greeting'];

function menuKeys(nodes: { key: string; children?: unknown[] }[]): string[] {
  return nodes.flatMap((n) => [n.key, ...menuKeys((n.children ?? []) as { key: string; children?: unknown[] }[])]);
}

async function counts(knex: Knex): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await knex(t).count({ n: '*' }).first())!.n);
  return out;
}

const registry: Registry = createRegistry([system, partnerExample]);
let store: Store;
let sqlite: Knex;
let maria: TestDb;
let firstRun: string[];

beforeAll(async () => {
  store = sqliteStore();
  sqlite = store.knex;
  firstRun = await migrateAll(sqlite, registry.plugins);
  await seedAll(sqlite, registry.plugins, registry);
  maria = await createTestDb({ plugins: [system, partnerExample] });
});
afterAll(async () => {
  await sqlite?.destroy();
  await maria?.destroy();
  await store?.drop();
});

describe('on SQLite', () => {
  it('migrates core first, then the plugins in list order', () => {
    // core's migrations come first, in name order (the list grows: assert the known prefix)
    expect(firstRun.slice(0, 5)).toEqual(['core/001_identity', 'core/002_sessions', 'core/003_jobs', 'core/004_seed_log', 'core/005_resource_engine']);
    const owner = (name: string) => name.split('/')[0];
    // then the plugins, each as one block, in the order of the plugin list: core → system → partner
    const blocks = firstRun.map(owner).filter((o, i, all) => i === 0 || all[i - 1] !== o);
    expect(blocks).toEqual(['core', 'system', 'partner']);
    // within a plugin, by name; every migration of every listed plugin ran exactly once
    for (const id of ['core', 'system', 'partner']) {
      const own = firstRun.filter((n) => owner(n) === id);
      expect(own, id).toEqual([...own].sort());
    }
    expect(firstRun).toContain('system/001_ref_codes');
    expect(firstRun.filter((n) => owner(n) === 'system')[0]).toBe('system/001_ref_codes');
    expect(firstRun.at(-1)).toBe('partner/001_partner');
    const declared = registry.plugins.flatMap((p) => (p.migrations ?? []).map((m) => `${p.id}/${m.name}`));
    expect([...firstRun].sort()).toEqual([...declared].sort());
  });

  it('seeds one demo user per account type, with their roles', async () => {
    const users = await sqlite('sys_user').orderBy('user_type').select('username', 'user_type', 'status');
    expect(users).toEqual(DEMO_USERS.map((u) => ({ username: u.username, user_type: u.userType, status: '0' })));
    const opRoles = await sqlite('sys_role as r')
      .join('sys_user_role as ur', 'ur.role_id', 'r.id')
      .join('sys_user as u', 'u.id', 'ur.user_id')
      .where('u.username', 'operator')
      .orderBy('r.code')
      .pluck('r.code');
    expect(opRoles).toEqual(['GBYW', 'PTGL']);
    // every menu the registry declares (core, system, partner) is in sys_menu, nothing else
    expect(await sqlite('sys_menu').orderBy('key').pluck('key')).toEqual(menuKeys(registry.menus).sort());
    expect(await sqlite('sys_menu').where({ key: 'management.job' }).first()).toMatchObject({ parent_key: 'management.systemMaintenance', plugin: 'system' });
    expect(await sqlite('sys_menu').where({ key: 'management.jobLog' }).first()).toMatchObject({ parent_key: 'management.systemMaintenance' });
    expect(Boolean((await sqlite('sys_menu').where({ key: 'management.jobLog' }).first()).hidden)).toBe(true);
    expect(await sqlite('sys_menu').where({ key: 'partner.hello' }).first()).toMatchObject({ parent_key: 'partner', plugin: 'partner' });
  });

  it('a demo user can sign in with the demo password, a wrong one is refused and the lock works', async () => {
    const t = tFor('zh');
    const attempt = (username: string, password: string) => attemptLogin(sqlite, t, { username, password, ip: '10.5.0.1', userAgent: null });
    expect(await attempt('admin', DEMO_PASSWORD)).toMatchObject({ ok: true });
    for (let i = 0; i < THROTTLE.maxPerUser; i++) expect(await attempt('trader', `bad-${i}`)).toMatchObject({ ok: false, reason: 'invalid' });
    const locked = await attempt('trader', DEMO_PASSWORD);
    expect(locked).toMatchObject({ ok: false, reason: 'locked' });
    expect(locked.ok ? '' : locked.message).toContain('15分钟');
  });

  it('running migrate and seed again is a no-op: nothing migrated, same row counts, no duplicate users', async () => {
    const before = await counts(sqlite);
    expect(before.sys_user).toBe(DEMO_USERS.length);
    expect(await migrateAll(sqlite, registry.plugins)).toEqual([]);
    await seedAll(sqlite, registry.plugins, registry);
    await seedAll(sqlite, registry.plugins, registry);
    expect(await counts(sqlite)).toEqual(before);
  });

  it('a second seed run keeps a demo user’s changed nickname and password', async () => {
    const before = await sqlite('sys_user').where({ username: 'trader' }).first();
    await sqlite('sys_user').where({ username: 'trader' }).update({ nickname: '改过的昵称', password_hash: 'changed-hash' });
    await seedAll(sqlite, registry.plugins, registry);
    const after = await sqlite('sys_user').where({ username: 'trader' }).first();
    expect(after).toMatchObject({ nickname: '改过的昵称', password_hash: 'changed-hash' });
    expect(after.id).toBe(before.id);
  });

  it('seeds demo data once: a deleted demo user and a revoked grant stay that way', async () => {
    const broker = await sqlite('sys_user').where({ username: 'broker' }).first();
    const brokerRoles = await sqlite('sys_user_role').where({ user_id: broker.id });
    const ptglGrants = await sqlite('sys_role_menu').select('*');
    const ptglPerms = await sqlite('sys_role_permission').select('*');
    await sqlite('sys_user').where({ username: 'broker' }).delete();
    const ptgl = await sqlite('sys_role').where({ code: 'PTGL' }).first();
    await sqlite('sys_role_menu').where({ role_id: ptgl.id }).delete();
    await sqlite('sys_role_permission').where({ role_id: ptgl.id }).delete();
    await seedAll(sqlite, registry.plugins, registry);
    expect(await sqlite('sys_user').where({ username: 'broker' }).first()).toBeUndefined();
    expect(await sqlite('sys_role_menu').where({ role_id: ptgl.id })).toEqual([]);
    expect(await sqlite('sys_role_permission').where({ role_id: ptgl.id })).toEqual([]);
    // exactly the run-once seeds of the listed plugins are logged (core's, system's reference codes, partner's)
    const logged = (await sqlite('sys_seed_log').select('name')).map((r: { name: string }) => r.name).sort();
    expect(logged).toEqual(registry.plugins.flatMap((p) => (p.seeds ?? []).filter((sd) => sd.once).map((sd) => `${p.id}/${sd.name}`)).sort());
    expect(logged).toEqual(expect.arrayContaining(['core/demo-identity', 'system/reference-codes', 'partner/greetings']));
    // Put the demo data back for the tests that follow.
    await sqlite('sys_user').insert(broker);
    await sqlite('sys_user_role').insert(brokerRoles);
    await sqlite('sys_role_menu').where({ role_id: ptgl.id }).delete();
    await sqlite('sys_role_menu').insert(ptglGrants.filter((g: { role_id: number }) => g.role_id === ptgl.id));
    await sqlite('sys_role_permission').insert(ptglPerms.filter((g: { role_id: number }) => g.role_id === ptgl.id));
  });

  it('rollbackAll undoes every migration, and migrateAll builds it all again', async () => {
    await rollbackAll(sqlite, registry.plugins);
    for (const t of TABLES) expect(await sqlite.schema.hasTable(t), t).toBe(false);
    expect(await migrateAll(sqlite, registry.plugins)).toEqual(firstRun);
    await seedAll(sqlite, registry.plugins, registry);
    expect((await counts(sqlite)).sys_user).toBe(DEMO_USERS.length);
  });
});

describe('on MariaDB', () => {
  it('running migrate and seed again is a no-op', async () => {
    const before = await counts(maria.knex);
    expect(before.sys_user).toBe(DEMO_USERS.length);
    expect(before.partner_greeting).toBe(2);
    expect(await migrateAll(maria.knex, registry.plugins)).toEqual([]);
    await seedAll(maria.knex, registry.plugins, registry);
    expect(await counts(maria.knex)).toEqual(before);
  });

  it('a second seed run keeps a demo user’s changed nickname', async () => {
    await maria.knex('sys_user').where({ username: 'admin' }).update({ nickname: 'Chief' });
    await seedAll(maria.knex, registry.plugins, registry);
    expect((await maria.knex('sys_user').where({ username: 'admin' }).first()).nickname).toBe('Chief');
  });

  it('a second seed run keeps a menu an administrator hid, and its order', async () => {
    await maria.knex('sys_menu').where({ key: 'management.job' }).update({ hidden: true, order_num: 99 });
    await seedAll(maria.knex, registry.plugins, registry);
    expect(await maria.knex('sys_menu').where({ key: 'management.job' }).first()).toMatchObject({ hidden: 1, order_num: 99 });
  });

  it('a second seed run keeps an administrator’s extra grant to a demo role', async () => {
    const ptgl = await maria.knex('sys_role').where({ code: 'PTGL' }).first();
    await maria.knex('sys_role_permission').insert({ role_id: ptgl.id, permission_code: 'system:job:run' });
    await seedAll(maria.knex, registry.plugins, registry);
    expect(await maria.knex('sys_role_permission').where({ role_id: ptgl.id }).orderBy('permission_code').pluck('permission_code')).toEqual([
      'partner:card:add',
      'partner:card:edit',
      'partner:card:list',
      'partner:card:send',
      'partner:hello:add',
      'partner:hello:view',
      'shipShow:remind',
      'system:job:list',
      'system:job:run',
      'system:log:list',
    ]);
  });
});
