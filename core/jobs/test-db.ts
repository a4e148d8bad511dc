// Test support for core/jobs: a fresh database per test file via tests/support/db.ts (its
// migrate+seed failing fails the jobs tests too, rather than running them on some other schema).
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { PortPlugin } from '../plugin';
import type { Registry } from '../registry.server';
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
  const { createTestDb } = await import('../../tests/support/db');
  const db = await createTestDb({ plugins });
  return { knex: db.knex, url: db.url, registry: db.registry, destroy: () => db.destroy() };
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
