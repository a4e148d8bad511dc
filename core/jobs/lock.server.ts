// Locks that hold across processes, for jobs that must never run twice at once (JobDef
// `exclusive`). A lock has a random token and an expiry: the holder renews it while it works
// and releases it at the end; only the token's owner can renew or release, so a holder that
// was too slow (its lock expired and was taken by another) cannot free someone else's lock.
//   - Redis (BullMQ mode): SET NX PX, renewal and release as token-checked Lua scripts.
//   - otherwise: one row per lock in sys_lock, taken by an insert or by one conditional update
//     of an expired row (the same statements on SQLite and MariaDB).
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';

export interface LockStore {
  /** Takes the lock for ttlMs, or returns null when another holder has it. */
  acquire(name: string, ttlMs: number): Promise<string | null>;
  /** Extends a held lock; false when the token no longer holds it. */
  extend(name: string, token: string, ttlMs: number): Promise<boolean>;
  release(name: string, token: string): Promise<void>;
}

export interface HeldLock {
  /** False once a renewal found the lock taken by another holder (it had expired). */
  readonly held: boolean;
  release(): Promise<void>;
}

/**
 * How long a lock lasts without renewal; renewed every third of it while held. A killed
 * holder's lock is free again this long after its last renewal, before BullMQ hands the
 * killed run to another worker (JOBS_LOCK_MS 30 s + JOBS_STALLED_CHECK_MS 15 s).
 */
export const LOCK_TTL_MS = 30_000;

const newToken = () => crypto.randomBytes(12).toString('hex');

// ---------------------------------------------------------------------------------------------
// Redis

// KEYS[1] lock; ARGV token, ttl.
const EXTEND = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export function redisLockStore(redis: Redis, prefix: string): LockStore {
  const key = (name: string) => `${prefix}:lock:${name}`;
  return {
    async acquire(name, ttlMs) {
      const token = newToken();
      const ok = await redis.set(key(name), token, 'PX', ttlMs, 'NX');
      return ok === 'OK' ? token : null;
    },
    async extend(name, token, ttlMs) {
      return Number(await redis.eval(EXTEND, 1, key(name), token, ttlMs)) === 1;
    },
    async release(name, token) {
      await redis.eval(RELEASE, 1, key(name), token);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Database

const TABLE = 'sys_lock';

function isDuplicate(e: unknown): boolean {
  const err = e as { code?: string; errno?: number; message?: string };
  return err.code === 'ER_DUP_ENTRY' || err.errno === 1062 || /UNIQUE constraint failed|SQLITE_CONSTRAINT/.test(err.message ?? '');
}

export function dbLockStore(knex: Knex): LockStore {
  return {
    async acquire(name, ttlMs) {
      const token = newToken();
      const now = Date.now();
      try {
        await knex(TABLE).insert({ name, token, expires_at: now + ttlMs });
        return token;
      } catch (e) {
        if (!isDuplicate(e)) throw e;
      }
      // The row exists: take it only if its holder let it expire (one statement decides).
      const taken = await knex(TABLE)
        .where({ name })
        .andWhere('expires_at', '<', now)
        .update({ token, expires_at: now + ttlMs });
      return Number(taken) > 0 ? token : null;
    },
    async extend(name, token, ttlMs) {
      const n = await knex(TABLE).where({ name, token }).update({ expires_at: Date.now() + ttlMs });
      return Number(n) > 0;
    },
    async release(name, token) {
      await knex(TABLE).where({ name, token }).delete();
    },
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * Takes the lock and keeps renewing it until released; null when another holder has it.
 * A failed renewal (lock lost or store unreachable) is reported and `held` turns false.
 */
export async function holdLock(store: LockStore, name: string, ttlMs = LOCK_TTL_MS): Promise<HeldLock | null> {
  const token = await store.acquire(name, ttlMs);
  if (!token) return null;
  let held = true;
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = store
      .extend(name, token, ttlMs)
      .then((ok) => {
        if (!ok && held) console.error(`[jobs] lock ${name} was lost while held (it expired and another holder took it)`);
        held = held && ok;
      })
      .catch((e) => console.error(`[jobs] could not renew lock ${name}`, (e as Error).message ?? e));
  }, Math.max(1000, Math.floor(ttlMs / 3)));
  timer.unref?.();
  return {
    get held() {
      return held;
    },
    async release() {
      clearInterval(timer);
      await renewing.catch(() => undefined);
      held = false;
      // Token-checked: a lock lost to another holder is left to it.
      await store.release(name, token);
    },
  };
}
