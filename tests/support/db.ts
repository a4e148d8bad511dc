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
import partnerExample from '../../examples/partner-plugin';
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
  const sqlite = !!opts.sqlite || TEST_ON_SQLITE;
  const plugins = opts.plugins ?? configured;
  const registry = createRegistry(plugins);
  const key = templateKey(plugins, opts.seed !== false);
  const store = key ? await cloneOfTemplate(key, sqlite, registry, opts.seed !== false) : sqlite ? sqliteStore() : await mariadbStore();
  const { knex, url } = store;
  if (!key) {
    await migrateAll(knex, registry.plugins);
    if (opts.seed !== false) await seedAll(knex, registry.plugins, registry);
  }
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

// ---------------------------------------------------------------- templates
// Migrating and seeding a database costs seconds per test file (every plugin's migrations and
// demo data). A run (tests/support/templates.global.ts sets TEST_TEMPLATE_RUN) builds each
// database a test asks for once, as a template (a database `tpl_<run>_<key>` on MariaDB, a file
// on SQLite) with the files its seed wrote under DATA_DIR, and hands each file a copy: tables
// (SHOW CREATE TABLE, so indexes, foreign keys and AUTO_INCREMENT come along) and rows, or the
// SQLite file; the template's uploads are hard-linked into the test's DATA_DIR. Only the app's
// own plugin objects are templated (their code is the same in every test process); a test's
// own plugins are migrated and seeded as before.

const KNOWN_PLUGINS: PortPlugin[] = [...new Set([...configured, partnerExample])];

/** The template name for this plugin list and seed flag, or null when it holds a plugin of the test's own. */
function templateKey(plugins: PortPlugin[], seed: boolean): string | null {
  const run = process.env.TEST_TEMPLATE_RUN;
  if (!run) return null;
  const idx = plugins.map((p) => KNOWN_PLUGINS.indexOf(p));
  if (idx.some((i) => i < 0)) return null;
  return `${idx.join('_')}${seed ? 's' : 'm'}`;
}

const templateDir = () => path.join(os.tmpdir(), `port-tpl-${process.env.TEST_TEMPLATE_RUN}`);

/** Runs `build` with DATA_DIR pointing at the template's files folder, restored after. */
async function withDataDir<T>(dir: string, build: () => Promise<T>): Promise<T> {
  const saved = process.env.DATA_DIR;
  process.env.DATA_DIR = dir;
  try {
    return await build();
  } finally {
    if (saved === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved;
  }
}

/** Hard-links every file under `from` into `to` (a copy across file systems), keeping what is there. */
function linkTree(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    const a = path.join(from, e.name);
    const b = path.join(to, e.name);
    if (e.isDirectory()) {
      fs.mkdirSync(b, { recursive: true });
      linkTree(a, b);
    } else if (!fs.existsSync(b)) {
      try {
        fs.linkSync(a, b);
      } catch {
        fs.copyFileSync(a, b);
      }
    }
  }
}

async function build(knex: Knex, registry: Registry, seed: boolean): Promise<void> {
  await migrateAll(knex, registry.plugins);
  if (seed) await seedAll(knex, registry.plugins, registry);
}

async function cloneOfTemplate(key: string, sqlite: boolean, registry: Registry, seed: boolean): Promise<Store> {
  const dir = templateDir();
  fs.mkdirSync(dir, { recursive: true });
  const files = path.join(dir, `${sqlite ? 'sqlite' : 'mariadb'}-${key}.files`);
  const store = sqlite ? await sqliteClone(key, dir, files, registry, seed) : await mariadbClone(key, files, registry, seed);
  linkTree(path.join(files, 'uploads'), path.join(path.resolve(process.env.DATA_DIR || './data'), 'uploads'));
  return store;
}

async function sqliteClone(key: string, dir: string, files: string, registry: Registry, seed: boolean): Promise<Store> {
  const file = path.join(dir, `${key}.sqlite`);
  if (!fs.existsSync(file)) {
    // Two processes may build the same template at once: each builds its own and renames it
    // into place (atomic), so a reader never sees half of one.
    const own = path.join(dir, `${key}.${process.pid}.${crypto.randomBytes(3).toString('hex')}`);
    const knex = knexFactory(knexConfig(`sqlite:${own}.sqlite`));
    try {
      await withDataDir(`${own}.files`, () => build(knex, registry, seed));
      await knex.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      await knex.destroy();
    }
    // The files first: a template file in place means its files are too.
    if (fs.existsSync(`${own}.files`)) {
      try {
        fs.renameSync(`${own}.files`, files);
      } catch {
        fs.rmSync(`${own}.files`, { recursive: true, force: true }); // another process's are in place
      }
    }
    fs.renameSync(`${own}.sqlite`, file);
    for (const extra of ['-wal', '-shm']) fs.rmSync(`${own}.sqlite${extra}`, { force: true });
  }
  const target = sqliteStore();
  fs.copyFileSync(file, target.url.slice('sqlite:'.length));
  return target;
}

async function mariadbClone(key: string, files: string, registry: Registry, seed: boolean): Promise<Store> {
  const template = `tpl_${process.env.TEST_TEMPLATE_RUN}_${key}`;
  const config = knexConfig(TEST_DATABASE_URL);
  const admin = knexFactory({ ...config, connection: { ...(config.connection as object), multipleStatements: true }, pool: { min: 1, max: 1 } });
  try {
    // One builder per template across the run's processes; the others wait for it.
    await admin.raw('SELECT GET_LOCK(?, 900)', [template]);
    const ready = await admin('information_schema.TABLES').where({ TABLE_SCHEMA: template, TABLE_NAME: READY }).first();
    if (!ready) {
      await admin.raw(`DROP DATABASE IF EXISTS \`${template}\``);
      await admin.raw(`CREATE DATABASE \`${template}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${template}`;
      const knex = knexFactory(knexConfig(url.toString()));
      try {
        fs.rmSync(files, { recursive: true, force: true });
        await withDataDir(files, () => build(knex, registry, seed));
        await knex.schema.createTable(READY, (t) => t.integer('id'));
      } finally {
        await knex.destroy();
      }
    }
    await admin.raw('SELECT RELEASE_LOCK(?)', [template]);
    const target = await mariadbStore();
    const tables: { name: string }[] = (
      await admin.raw("SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> ?", [template, READY])
    )[0];
    const name = new URL(target.url).pathname.slice(1);
    const script: string[] = ['SET FOREIGN_KEY_CHECKS = 0', `USE \`${name}\``];
    for (const t of tables) {
      const [[row]] = await admin.raw(`SHOW CREATE TABLE \`${template}\`.\`${t.name}\``);
      script.push(row['Create Table'], `INSERT INTO \`${t.name}\` SELECT * FROM \`${template}\`.\`${t.name}\``);
    }
    script.push('SET FOREIGN_KEY_CHECKS = 1');
    await admin.raw(script.join(';\n'));
    return target;
  } finally {
    await admin.destroy();
  }
}

const READY = 'zz_template_ready';

/** Drops this run's templates (the global teardown). */
export async function dropTemplates(run: string): Promise<void> {
  fs.rmSync(path.join(os.tmpdir(), `port-tpl-${run}`), { recursive: true, force: true });
  const admin = knexFactory(knexConfig(TEST_DATABASE_URL));
  try {
    const rows: { name: string }[] = (await admin.raw('SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE ?', [`tpl\\_${run}\\_%`]))[0];
    for (const r of rows) await admin.raw(`DROP DATABASE IF EXISTS \`${r.name}\``);
  } finally {
    await admin.destroy();
  }
}
