// One migration and seed runner over core and every plugin, core first, then plugins in
// config order. Migrations are imported modules (no directory scanning), so the same list
// works under tsx, in the Remix server build and in tests.
import type { Knex } from 'knex';
import type { Migration, PortPlugin } from '../plugin';
import { hashPassword } from '../auth/password.server';
import type { Registry } from '../registry.server';
import { syncRegistryData } from '../rbac/sync.server';
import { applyGrants } from '../rbac/grant';

interface NamedMigration extends Migration {
  fullName: string;
}

function collect(plugins: PortPlugin[]): NamedMigration[] {
  const all: NamedMigration[] = [];
  const seen = new Set<string>();
  for (const p of plugins) {
    const own = [...(p.migrations ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const m of own) {
      const fullName = `${p.id}/${m.name}`;
      if (seen.has(fullName)) throw new Error(`duplicate migration ${fullName}`);
      seen.add(fullName);
      all.push({ ...m, fullName });
    }
  }
  return all;
}

function source(plugins: PortPlugin[]): Knex.MigrationSource<NamedMigration> {
  const list = collect(plugins);
  return {
    getMigrations: async () => list,
    getMigrationName: (m) => m.fullName,
    getMigration: async (m) => ({
      up: (knex: Knex) => m.up(knex),
      down: (knex: Knex) => (m.down ? m.down(knex) : Promise.resolve()),
    }),
  };
}

export async function migrateAll(knex: Knex, plugins: PortPlugin[]): Promise<string[]> {
  // Plugins list their migrations in their own order, so cross-plugin order is config order,
  // not alphabetical: let knex skip its own sorting/validation of names.
  const [, done] = await knex.migrate.latest({
    migrationSource: source(plugins),
    tableName: 'knex_migrations',
    disableMigrationsListValidation: true,
  });
  return done as string[];
}

export async function rollbackAll(knex: Knex, plugins: PortPlugin[]): Promise<void> {
  await knex.migrate.rollback({ migrationSource: source(plugins), tableName: 'knex_migrations' }, true);
}

/** Syncs registry data (menus, permissions, jobs) into the database, then runs every seed. */
export async function seedAll(knex: Knex, plugins: PortPlugin[], registry: Registry): Promise<void> {
  const demoPassword = process.env.DEMO_PASSWORD || 'Demo@12345';
  await syncRegistryData(knex, registry);
  for (const p of plugins) {
    for (const s of p.seeds ?? []) {
      const name = `${p.id}/${s.name}`;
      if (s.once && (await knex('sys_seed_log').where({ name }).first())) continue;
      // Declared grants reach a role as soon as a seed has created it, before the demo data
      // seeds act as the role's users.
      await applyGrants(knex, registry.grants);
      await s.run(knex, { demoPassword, hashPassword, registry });
      if (s.once) await knex('sys_seed_log').insert({ name, ran_at: new Date() });
    }
  }
  await applyGrants(knex, registry.grants);
}
