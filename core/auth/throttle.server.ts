// Failure counters for sign-in throttling that hold under concurrency and across web processes.
// A caller first takes a slot (`take`): one atomic statement that counts the attempt only while
// the window's count is below the limit. So of 25 parallel attempts exactly `max` get a slot and
// reach the password check; the rest are refused without one. A success gives the slot back.
//   - REDIS_URL set: a Lua script on one Redis key (INCR + PEXPIRE), shared by every process;
//     while Redis is away, the database's counters (sign-in keeps working, still throttled).
//   - otherwise: one conditional UPDATE on sys_login_throttle in the shared database.
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import { isRedisUnavailable, redisDown, watchRedis } from '../redis/outage.server';

export interface Slot {
  /** False when the window's limit is reached: the attempt must not be checked. */
  taken: boolean;
  /** Failures counted in the current window, this attempt included when taken. */
  count: number;
  /** When the window ends (ms since epoch). */
  resetAt: number;
}

export interface ThrottleStore {
  take(key: string, max: number, windowMs: number): Promise<Slot>;
  /** Gives one slot back (the attempt was not a failure). */
  giveBack(key: string): Promise<void>;
  /** Forgets the key (a success resets the count). */
  clear(key: string): Promise<void>;
}

const TABLE = 'sys_login_throttle';

export function dbThrottleStore(knex: Knex): ThrottleStore {
  return {
    async take(key, max, windowMs) {
      const now = Date.now();
      const cutoff = now - windowMs;
      await knex(TABLE).insert({ throttle_key: key, failures: 0, window_start: now }).onConflict('throttle_key').ignore();
      // One statement decides: an expired window restarts at 1, otherwise +1 while below max.
      // `failures` is assigned first: MySQL evaluates SET left to right with the new values.
      const changed = await knex(TABLE)
        .where({ throttle_key: key })
        .andWhere((q) => q.where('window_start', '<', cutoff).orWhere('failures', '<', max))
        .update({
          failures: knex.raw('CASE WHEN window_start < ? THEN 1 ELSE failures + 1 END', [cutoff]),
          window_start: knex.raw('CASE WHEN window_start < ? THEN ? ELSE window_start END', [cutoff, now]),
        });
      const row = await knex(TABLE).where({ throttle_key: key }).first();
      const start = Number(row?.window_start ?? now);
      return { taken: Number(changed) > 0, count: Number(row?.failures ?? 0), resetAt: start + windowMs };
    },
    async giveBack(key) {
      await knex(TABLE).where({ throttle_key: key }).andWhere('failures', '>', 0).decrement('failures', 1);
    },
    async clear(key) {
      await knex(TABLE).where({ throttle_key: key }).delete();
    },
  };
}

// KEYS[1] counter; ARGV max, windowMs. Returns { taken 0|1, count, pttl }.
const TAKE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then
  return {0, n, redis.call('PTTL', KEYS[1])}
end
n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {1, n, redis.call('PTTL', KEYS[1])}`;

const GIVE_BACK = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 1`;

export function redisThrottleStore(redis: Redis, prefix = 'port:login:'): ThrottleStore {
  return {
    async take(key, max, windowMs) {
      const [taken, count, pttl] = (await redis.eval(TAKE, 1, prefix + key, max, windowMs)) as [number, number, number];
      return { taken: taken === 1, count, resetAt: Date.now() + (pttl > 0 ? pttl : windowMs) };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK, 1, prefix + key);
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Redis's counters, or the database's while Redis is away (known to be down, or a command
 * that could not reach it): the failures of an outage are counted in the database, which every
 * process shares, so sign-in stays throttled instead of answering an error.
 */
export function withDbFallback(redis: Redis, primary: ThrottleStore, fallback: ThrottleStore): ThrottleStore {
  const through = async <T>(fn: (s: ThrottleStore) => Promise<T>): Promise<T> => {
    if (redisDown(redis)) return fn(fallback);
    try {
      return await fn(primary);
    } catch (e) {
      if (!isRedisUnavailable(e)) throw e;
      return fn(fallback);
    }
  };
  return {
    take: (key, max, windowMs) => through((s) => s.take(key, max, windowMs)),
    giveBack: (key) => through((s) => s.giveBack(key)),
    clear: (key) => through((s) => s.clear(key)),
  };
}

const g = globalThis as { __portThrottleRedis?: { url: string; client: Redis } };

/** The store for this process: Redis when REDIS_URL is set (the database while it is away), the database otherwise. */
export function throttleStore(knex: Knex): ThrottleStore {
  const url = process.env.REDIS_URL;
  if (!url) return dbThrottleStore(knex);
  if (g.__portThrottleRedis?.url !== url) {
    g.__portThrottleRedis?.client.disconnect();
    // A command waits at most 2 s (the first ones wait for the connection to open).
    const client = watchRedis(new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, commandTimeout: 2000 }), 'auth');
    g.__portThrottleRedis = { url, client };
  }
  return withDbFallback(g.__portThrottleRedis.client, redisThrottleStore(g.__portThrottleRedis.client), dbThrottleStore(knex));
}

/** Closes this process's Redis connection of the throttle, if one was opened (at shutdown). */
export async function closeThrottleStore(): Promise<void> {
  const open = g.__portThrottleRedis;
  g.__portThrottleRedis = undefined;
  if (open) await open.client.quit().catch(() => open.client.disconnect());
}
