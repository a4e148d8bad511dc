// The one database handle. MySQL/MariaDB when DATABASE_URL is set, otherwise an embedded
// SQLite file under DATA_DIR. Kept on globalThis so the Remix build and scripts run by tsx
// in the same process share one pool.
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || './data');
}

export function knexConfig(url = process.env.DATABASE_URL): Knex.Config {
  if (url && /^mysql2?:\/\//.test(url)) {
    const u = new URL(url);
    return {
      client: 'mysql2',
      connection: {
        host: u.hostname,
        port: Number(u.port || 3306),
        user: decodeURIComponent(u.username),
        password: decodeURIComponent(u.password),
        database: u.pathname.replace(/^\//, ''),
        charset: 'utf8mb4',
        timezone: 'Z',
        dateStrings: false,
      },
      pool: { min: 0, max: Number(process.env.DB_POOL_MAX || 10) },
      log: quietAcquireErrors,
    };
  }
  const file = url?.startsWith('sqlite:') ? url.slice('sqlite:'.length) : path.join(dataDir(), 'app.sqlite');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return {
    client: 'better-sqlite3',
    connection: { filename: file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        done(null, conn);
      },
    },
  };
}

/**
 * knex prints a driver stack for every failed connection attempt ("Acquire connection error: …");
 * the same error reaches the caller, which says what is wrong once (core/db/health.server.ts:
 * `database unreachable at host:port` at start-up, a 503 during an outage, the job log).
 */
const quietAcquireErrors = {
  warn(message: unknown) {
    if (typeof message === 'string' && message.startsWith('Acquire connection error')) return;
    console.warn(message);
  },
};

const g = globalThis as unknown as { __portKnex?: Knex };

export function getKnex(): Knex {
  if (!g.__portKnex) g.__portKnex = knexFactory(knexConfig());
  return g.__portKnex;
}

/** The shared handle if one is open, without opening one (background work such as the cache
 *  version poll must not create a default SQLite file in a process that never used it). */
export function currentKnex(): Knex | undefined {
  return g.__portKnex;
}

/** Replaces the shared handle (tests point it at their own schema). */
export function setKnex(knex: Knex | undefined): void {
  g.__portKnex = knex;
}

export function isMysql(knex: Knex): boolean {
  return String(knex.client.config.client).startsWith('mysql');
}

/** SQLite hands back epoch milliseconds, MySQL a Date: callers always get a Date. */
export function toDate(v: unknown): Date | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v;
  if (typeof v === 'number' || typeof v === 'bigint') return new Date(Number(v));
  const n = Number(v);
  return Number.isFinite(n) ? new Date(n) : new Date(String(v));
}

/** A DATE column's day as YYYY-MM-DD: MariaDB's driver reads it as a UTC-midnight Date (timezone Z), SQLite as text. */
export function dayText(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
}

export function toBool(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}

/** `column LIKE %value%` with the user's % and _ taken literally, on MySQL and SQLite alike. */
export function whereContains(qb: Knex.QueryBuilder, column: string, value: string): Knex.QueryBuilder {
  const escaped = value.replace(/[\\%_]/g, (c) => '\\' + c);
  return qb.whereRaw(`?? LIKE ? ESCAPE ?`, [column, `%${escaped}%`, '\\']);
}
