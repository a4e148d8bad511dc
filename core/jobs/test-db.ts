// Test support for core/jobs: a fresh MariaDB database per test file via tests/support/db.ts.
// If the full migrate+seed fails (another part of the tree being broken or unfinished), the
// jobs tests still run on a minimal database: core's session and job migrations only, with
// the sys_job rows synced from the registry the same way core/rbac/sync.server.ts does.
import crypto from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { knexConfig, setKnex } from '../db/knex.server';
import { coreMigrations } from '../db/core-migrations';
import type { PortPlugin } from '../plugin';
import { createRegistry, type Registry } from '../registry.server';
import { QUEUE_NAME } from './scheduler.server';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export interface JobsTestDb {
  knex: Knex;
  /** The database's URL, for a second pool (another process's view of the same database). */
  url: string;
  registry: Registry;
  destroy(): Promise<void>;
}

export async function createJobsTestDb(plugins: PortPlugin[]): Promise<JobsTestDb> {
  const before = await ownDatabases();
  try {
    const { createTestDb } = await import('../../tests/support/db');
    const db = await createTestDb({ plugins });
    return { knex: db.knex, url: db.url, registry: db.registry, destroy: () => db.destroy() };
  } catch (e) {
    console.warn(`[jobs tests] createTestDb failed (${(e as Error).message}); using a minimal jobs-only database`);
    // The half-migrated database createTestDb left behind.
    for (const name of await ownDatabases()) if (!before.includes(name)) await dropDatabase(name);
    return minimalDb(plugins);
  }
}

function baseUrl(): string {
  return process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/test';
}

/** Runs `fn` on a pool of its own to the database server, closed after. */
async function onServer<T>(fn: (admin: Knex) => Promise<T>): Promise<T> {
  const admin = knexFactory(knexConfig(baseUrl()));
  try {
    return await fn(admin);
  } finally {
    await admin.destroy();
  }
}

const dropDatabase = (name: string) => onServer((admin) => admin.raw(`DROP DATABASE IF EXISTS \`${name}\``));

/** Databases createTestDb made in this process (it names them t_<pid>_<hex>). */
async function ownDatabases(): Promise<string[]> {
  const [rows] = await onServer((admin) => admin.raw(`SHOW DATABASES LIKE 't\\_${process.pid}\\_%'`));
  return (rows as Record<string, string>[]).map((r) => Object.values(r)[0]);
}

async function minimalDb(plugins: PortPlugin[]): Promise<JobsTestDb> {
  const name = `tj_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await onServer((admin) => admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`));
  const url = new URL(baseUrl());
  url.pathname = `/${name}`;
  const knex = knexFactory(knexConfig(url.toString()));
  for (const m of coreMigrations.filter((m) => ['002_sessions', '003_jobs', '009_job_locks'].includes(m.name))) await m.up(knex);
  const registry = createRegistry(plugins);
  const now = new Date();
  for (const p of registry.plugins) {
    for (const j of p.jobs ?? []) {
      await knex('sys_job').insert({ name: j.name, cron: j.cron ?? null, status: 'normal', plugin: p.id, updated_at: now, created_at: now });
    }
  }
  setKnex(knex);
  return {
    knex,
    url: url.toString(),
    registry,
    async destroy() {
      setKnex(undefined);
      await knex.destroy();
      await dropDatabase(name);
    },
  };
}

/** A BullMQ prefix of its own for one test file. */
export function testPrefix(tag: string): string {
  return `port-test-${tag}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
}

/** Removes everything a test file left in Redis under its prefix. */
export async function cleanPrefix(prefix: string): Promise<void> {
  const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  try {
    const queue = new Queue(QUEUE_NAME, { connection, prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    let cursor = '0';
    do {
      const [next, keys] = await connection.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await connection.del(...keys);
    } while (cursor !== '0');
  } finally {
    await connection.quit().catch(() => connection.disconnect());
  }
}

/** Polls until `fn` returns a truthy value or the time is up. */
export async function waitFor<T>(fn: () => Promise<T>, timeoutMs = 10_000, everyMs = 100): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function countLogs(knex: Knex, where: Record<string, unknown>): Promise<number> {
  const [{ n }] = await knex('sys_job_log').where(where).count({ n: '*' });
  return Number(n);
}
