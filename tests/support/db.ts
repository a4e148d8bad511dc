// Each test file gets its own fresh MariaDB database, migrated and seeded: no shared state.
import crypto from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { knexConfig, setKnex } from '../../core/db/knex.server';
import { migrateAll, seedAll } from '../../core/db/migrate.server';
import type { PortPlugin } from '../../core/plugin';
import { createRegistry, type Registry } from '../../core/registry.server';
import configured from '../../plugins.config';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/test';

export interface TestDb {
  knex: Knex;
  url: string;
  registry: Registry;
  destroy(): Promise<void>;
}

export async function createTestDb(opts: { plugins?: PortPlugin[]; seed?: boolean } = {}): Promise<TestDb> {
  const name = `t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = knexFactory(knexConfig(TEST_DATABASE_URL));
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const base = new URL(TEST_DATABASE_URL);
  base.pathname = `/${name}`;
  const url = base.toString();
  const knex = knexFactory(knexConfig(url));
  const registry = createRegistry(opts.plugins ?? configured);
  await migrateAll(knex, registry.plugins);
  if (opts.seed !== false) await seedAll(knex, registry.plugins, registry);
  setKnex(knex);
  return {
    knex,
    url,
    registry,
    async destroy() {
      setKnex(undefined);
      await knex.destroy();
      const a = knexFactory(knexConfig(TEST_DATABASE_URL));
      await a.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await a.destroy();
    },
  };
}
