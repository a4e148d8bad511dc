// Each test file gets its own fresh database, migrated and seeded: no shared state.
// MariaDB by default (TEST_DATABASE_URL); with TEST_DB=sqlite a temporary SQLite file with
// the pool the app itself uses on the embedded default (one connection, see
// core/db/knex.server.ts), so a read outside a write's transaction shows up here as it does
// in a default install.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexConfig, setKnex } from '../../core/db/knex.server';
import { migrateAll, seedAll } from '../../core/db/migrate.server';
import type { PortPlugin } from '../../core/plugin';
import { createRegistry, type Registry } from '../../core/registry.server';
import configured from '../../plugins.config';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/test';

/** True when this run uses SQLite (TEST_DB=sqlite) instead of MariaDB. */
export const TEST_ON_SQLITE = process.env.TEST_DB === 'sqlite';

/**
 * How long a query waits for the one SQLite connection before failing. The app waits knex's
 * default 60 s; a test fails sooner with the same KnexTimeoutError, so a read made outside an
 * open transaction (which can never get the connection) is reported quickly.
 */
export const SQLITE_ACQUIRE_TIMEOUT_MS = Number(process.env.TEST_SQLITE_ACQUIRE_MS || 10000);

export interface TestDb {
  knex: Knex;
  url: string;
  registry: Registry;
  destroy(): Promise<void>;
}

export interface Store {
  url: string;
  knex: Knex;
  drop(): Promise<void>;
}

/** A fresh, empty MariaDB database of its own (TEST_DATABASE_URL's server), dropped by drop(). */
export async function mariadbStore(): Promise<Store> {
  const name = `t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = knexFactory(knexConfig(TEST_DATABASE_URL));
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const base = new URL(TEST_DATABASE_URL);
  base.pathname = `/${name}`;
  const url = base.toString();
  return {
    url,
    knex: knexFactory(knexConfig(url)),
    async drop() {
      const a = knexFactory(knexConfig(TEST_DATABASE_URL));
      await a.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await a.destroy();
    },
  };
}

/** A fresh, empty SQLite file in a temporary directory, removed by drop(). */
export function sqliteStore(): Store {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'port-test-'));
  const url = `sqlite:${path.join(dir, 'app.sqlite')}`;
  return {
    url,
    knex: knexFactory({ ...knexConfig(url), acquireConnectionTimeout: SQLITE_ACQUIRE_TIMEOUT_MS }),
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database, migrated and (unless `seed: false`) seeded; `sqlite: true` makes it SQLite whatever TEST_DB says (the embedded default). */
export async function createTestDb(opts: { plugins?: PortPlugin[]; seed?: boolean; sqlite?: boolean } = {}): Promise<TestDb> {
  const store = opts.sqlite || TEST_ON_SQLITE ? sqliteStore() : await mariadbStore();
  const { knex, url } = store;
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
      await store.drop();
    },
  };
}
