// Grants declared as plugin data (issue 11 item 5): a freshly seeded database gives every role
// exactly the menus and permissions it had when the seeds wrote them by hand (the fixture was
// taken from the hand-written seeds before the change); seeding again changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../tests/support/suite';
import { seedAll } from '../db/migrate.server';
import { createRegistry } from '../registry.server';
import { definePlugin } from '../plugin';

const FIXTURE = path.join(__dirname, '__fixtures__', 'seeded-grants.json');

async function grantsByRole(knex: Knex): Promise<Record<string, { menus: string[]; permissions: string[] }>> {
  const roles: { id: number; code: string }[] = await knex('sys_role').select('id', 'code').orderBy('code');
  const out: Record<string, { menus: string[]; permissions: string[] }> = {};
  for (const r of roles) {
    const menus = (await knex('sys_role_menu').where({ role_id: r.id }).pluck('menu_key')) as string[];
    const permissions = (await knex('sys_role_permission').where({ role_id: r.id }).pluck('permission_code')) as string[];
    out[r.code] = { menus: [...menus].sort(), permissions: [...permissions].sort() };
  }
  return out;
}

describe('seeded grants', () => {
  const db = setUpTestDb();

  it('gives every role the menus and permissions the hand-written seeds gave', async () => {
    const actual = await grantsByRole(db.knex);
    if (process.env.WRITE_GRANTS_FIXTURE) fs.writeFileSync(FIXTURE, `${JSON.stringify(actual, null, 2)}\n`);
    expect(actual).toEqual(JSON.parse(fs.readFileSync(FIXTURE, 'utf8')));
  });

  it('changes nothing when seeded again', async () => {
    const before = await grantsByRole(db.knex);
    await seedAll(db.knex, db.registry.plugins, db.registry);
    expect(await grantsByRole(db.knex)).toEqual(before);
  });

  it('leaves a grant the administrator took away taken away when seeded again', async () => {
    const role = await db.knex('sys_role').where({ code: 'PTGL' }).first('id');
    await db.knex('sys_role_menu').where({ role_id: role.id, menu_key: 'management.log' }).delete();
    await seedAll(db.knex, db.registry.plugins, db.registry);
    expect(await db.knex('sys_role_menu').where({ role_id: role.id, menu_key: 'management.log' }).first()).toBeUndefined();
  });

  it('counts a grant as applied on a database where the hand-written seed it replaces ran', async () => {
    // A database seeded before grants were data: core/demo-identity granted PTGL the job screen,
    // an administrator took it away, and there is no record of the declared grant yet.
    const role = await db.knex('sys_role').where({ code: 'PTGL' }).first('id');
    await db.knex('sys_role_menu').where({ role_id: role.id, menu_key: 'management.job' }).delete();
    await db.knex('sys_grant_log').delete();
    expect(await db.knex('sys_seed_log').where({ name: 'core/demo-identity' }).first()).toBeDefined();
    await seedAll(db.knex, db.registry.plugins, db.registry);
    expect(await db.knex('sys_role_menu').where({ role_id: role.id, menu_key: 'management.job' }).first()).toBeUndefined();
  });
});

describe('declared grants', () => {
  it('stop the registry when they name a menu or permission no plugin declares', () => {
    const plugin = (grant: { menus?: string[]; permissions?: string[] }) =>
      definePlugin({
        id: 'demo',
        root: 'x',
        menus: [{ key: 'demo', path: '/demo', titleKey: 'demo:menu' }],
        permissions: [{ code: 'demo:list', titleKey: 'demo:perm' }],
        grants: [{ role: 'PTGL', ...grant }],
        locales: { zh: { menu: '演示' }, en: { menu: 'Demo' }, my: { menu: 'ဒီမို' } },
      });
    expect(() => createRegistry([plugin({ menus: ['demo'], permissions: ['demo:list'] })])).not.toThrow();
    expect(() => createRegistry([plugin({ menus: ['nowhere'] })])).toThrow(/unknown menu nowhere/);
    expect(() => createRegistry([plugin({ permissions: ['demo:nothing'] })])).toThrow(/unknown permission demo:nothing/);
  });
});
