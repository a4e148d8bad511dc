// Rate limits of the portal's public API per client address, with rate-limiter-flexible (a
// maintained limiter, instead of a hand-written counter): Redis when REDIS_URL is set, else the
// ptl_rate_limit table of the shared database (MariaDB or SQLite), so the limit holds across
// every web process. Each limiter counts one action (posting a message, looking one up).
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import { RateLimiterMySQL, RateLimiterRedis, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { isMysql, watchRedis } from '@core/server';

export const RATE_LIMIT_TABLE = 'ptl_rate_limit';

export interface LimitSpec {
  /** The counter's name (`msgPost`): a key prefix. */
  name: string;
  points: number;
  durationS: number;
}

/** Posting a message: PORTAL_MESSAGE_LIMIT posts per PORTAL_MESSAGE_WINDOW_S seconds per address (5 per 10 minutes). */
export const postLimit = (): LimitSpec => ({
  name: 'msgPost',
  points: positive(process.env.PORTAL_MESSAGE_LIMIT, 5),
  durationS: positive(process.env.PORTAL_MESSAGE_WINDOW_S, 600),
});
/** Looking a reply up: 30 per 10 minutes per address (guessing numbers and emails stays slow). */
export const lookupLimit = (): LimitSpec => ({ name: 'msgLookup', points: 30, durationS: 600 });

function positive(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const g = globalThis as { __portalLimiterRedis?: { url: string; client: Redis } };
const limiters = new WeakMap<object, Map<string, RateLimiterAbstract>>();

function redisClient(url: string): Redis {
  if (g.__portalLimiterRedis?.url !== url) {
    g.__portalLimiterRedis?.client.disconnect();
    g.__portalLimiterRedis = { url, client: watchRedis(new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true }), 'portal') };
  }
  return g.__portalLimiterRedis.client;
}

function limiterOf(knex: Knex, spec: LimitSpec): RateLimiterAbstract {
  const url = process.env.REDIS_URL;
  const owner: object = url ? redisClient(url) : knex;
  let map = limiters.get(owner);
  if (!map) limiters.set(owner, (map = new Map()));
  const id = `${spec.name}:${spec.points}:${spec.durationS}`;
  let limiter = map.get(id);
  if (!limiter) {
    const common = { keyPrefix: `ptl_${spec.name}`, points: spec.points, duration: spec.durationS };
    if (url) limiter = new RateLimiterRedis({ ...common, storeClient: redisClient(url) });
    else if (isMysql(knex)) {
      const database = (knex.client.config.connection as { database: string }).database;
      // The table is the plugin's migration's (messages_001): the limiter neither creates a database nor a table.
      limiter = new RateLimiterMySQL({ ...common, storeClient: knex, storeType: 'knex', dbName: database, tableName: RATE_LIMIT_TABLE, tableCreated: true, clearExpiredByTimeout: true });
    } else limiter = new RateLimiterSQLite({ ...common, storeClient: knex, storeType: 'knex', tableName: RATE_LIMIT_TABLE, tableCreated: true, clearExpiredByTimeout: true });
    map.set(id, limiter);
  }
  return limiter;
}

/** Counts one action of this address: the seconds to wait when over the limit (nothing counted then), else null. */
export async function takePoint(knex: Knex, spec: LimitSpec, address: string | null): Promise<number | null> {
  try {
    await limiterOf(knex, spec).consume(address || 'unknown');
    return null;
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw e;
  }
}

/** Closes this process's Redis connection of the limiter, if one was opened. */
export async function closeLimiter(): Promise<void> {
  const open = g.__portalLimiterRedis;
  g.__portalLimiterRedis = undefined;
  if (open) await open.client.quit().catch(() => open.client.disconnect());
}
