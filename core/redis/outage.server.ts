// Redis going away and coming back, as the process's log says it: every Redis connection of
// the process (job queue and worker, sign-in throttle, cache invalidation, rate limits) is
// watched here. The first connection of the process to lose Redis logs one line, the last to
// get it back logs one line; the reconnection attempts in between (ioredis retries every few
// hundred ms, and BullMQ re-emits each failure) log nothing. What still works meanwhile is each
// user's own business: they ask redisDown(client).
import type { Redis } from 'ioredis';

/** Error codes meaning "cannot talk to the Redis server" (not "the command was wrong"). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ECONNABORTED']);

/** True when the error says Redis cannot be reached (a refused or lost connection, a command given up on). */
export function isRedisUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 4) return false;
  const x = e as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof x.code === 'string' && UNREACHABLE_CODES.has(x.code)) return true;
  if (x.name === 'MaxRetriesPerRequestError') return true;
  if (typeof x.message === 'string' && /Connection is closed|Stream isn't writeable|enableOfflineQueue|Command timed out|connect ECONNREFUSED|read ECONNRESET/.test(x.message)) return true;
  if (Array.isArray(x.errors) && x.errors.some((c) => isRedisUnavailable(c, depth + 1))) return true;
  return isRedisUnavailable(x.cause, depth + 1);
}

/** The connection is known to be away (reconnecting or closed): a command would wait or fail. */
export function redisDown(client: Redis): boolean {
  return client.status === 'reconnecting' || client.status === 'close' || client.status === 'end';
}

interface Outage {
  since: number;
  /** Watched connections that lost Redis and have not got it back. */
  down: Set<Redis>;
}

const g = globalThis as { __portRedisOutage?: Outage | null };

function where(client: Redis): string {
  const o = client.options as { host?: string; port?: number; path?: string };
  return o.path ?? `${o.host ?? 'localhost'}:${o.port ?? 6379}`;
}

function reason(e: unknown): string {
  const x = e as { code?: unknown; message?: unknown };
  if (typeof x?.code === 'string') return x.code;
  return typeof x?.message === 'string' ? x.message.slice(0, 80) : 'error';
}

function lost(client: Redis, e?: unknown): void {
  let outage = g.__portRedisOutage;
  if (!outage) {
    outage = g.__portRedisOutage = { since: Date.now(), down: new Set() };
    console.error(`[redis] unreachable at ${where(client)}${e ? ` (${reason(e)})` : ''}: queued jobs and schedules wait for it, sign-in counts failures in the database, "run once" and imports are refused until it is back`);
  }
  outage.down.add(client);
}

function back(client: Redis): void {
  const outage = g.__portRedisOutage;
  if (!outage?.down.delete(client) || outage.down.size) return;
  g.__portRedisOutage = null;
  console.log(`[redis] reachable again at ${where(client)} after ${Math.round((Date.now() - outage.since) / 1000)} s`);
}

/**
 * Watches one connection: its connection errors go into the process's outage (one line at the
 * start, one at the end), any other error is logged as `[<what>] …` with its message. Returns
 * the client. Also the 'error' listener ioredis needs (without one it prints every failure).
 */
export function watchRedis<C extends Redis>(client: C, what: string): C {
  let wasReady = false;
  client.on('ready', () => {
    wasReady = true;
    back(client);
  });
  client.on('error', (e: unknown) => {
    if (isRedisUnavailable(e)) lost(client, e);
    else console.error(`[${what}] redis:`, (e as Error)?.message ?? e);
  });
  // A connection that was up and dropped without an error event (the server closed it); not
  // emitted for a connection closed on purpose (quit, disconnect).
  client.on('reconnecting', () => {
    if (wasReady) lost(client);
  });
  client.on('end', () => g.__portRedisOutage?.down.delete(client));
  return client;
}

/**
 * For 'error' events of what is built on watched connections (BullMQ's Queue and Worker
 * re-emit their connections' errors): an unreachable Redis is already said, anything else is
 * logged with its message.
 */
export function reportRedisError(what: string): (e: unknown) => void {
  return (e) => {
    if (isRedisUnavailable(e)) return;
    console.error(`[${what}]`, (e as Error)?.message ?? e);
  };
}
