// Cache invalidation across processes. Every per-process cache whose contents must agree on
// all web processes and workers (identities and grants, list totals, and any cache added
// later) listens to a topic here, and every write that makes it stale invalidates the topic:
//
//   invalidate(topic, key?)   this process's listeners run at once; every other process's
//                             within 1 s (key: only the entries of that key; none: all)
//   onInvalidate(topic, fn)   fn(key | undefined) on every invalidation of the topic
//   live()                    true while invalidations from elsewhere are known to arrive in
//                             time; caches serve hits only then and read through otherwise
//
// Two transports, chosen by REDIS_URL:
//   - Redis: PUBLISH on `${CACHE_PREFIX}${topic}`; one subscriber connection per process,
//     subscribed per topic. While it is disconnected the process is not live; once it is back
//     every topic is flushed, since messages published meanwhile are lost.
//   - the database (embedded SQLite, or MySQL without Redis): a version number per topic in
//     sys_cache_version, bumped with one atomic statement and read by every process at most
//     every CACHE_POLL_MS (250 ms). A changed version flushes the whole topic (keys do not
//     travel this way). Not live when the last successful read started over 750 ms ago.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import { currentKnex } from '../db/knex.server';
import { watchRedis } from '../redis/outage.server';

export type InvalidationListener = (key: string | undefined) => void;

export interface Invalidator {
  readonly mode: 'redis' | 'database';
  /** Runs this process's listeners of the topic, then tells every other process. Never throws:
   *  a write has already been committed when it is called. */
  invalidate(topic: string, key?: string): Promise<void>;
  /** Listens to the topic; returns the function that stops listening. */
  onInvalidate(topic: string, fn: InvalidationListener): () => void;
  /** Whether invalidations made elsewhere are arriving: caches serve hits only when true. */
  live(): boolean;
  /** Resolves once live (the first poll done, or the subscriptions confirmed). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface InvalidatorOptions {
  /** Redis transport when set; the database otherwise. */
  redisUrl?: string;
  /** The database of the version rows. */
  knex?: Knex;
  /** Or the function asked for it at every poll (the process's shared handle may be replaced). */
  knexOf?: () => Knex | undefined;
  /** Channel prefix (Redis), so that installations sharing a Redis do not hear each other. */
  prefix?: string;
  pollMs?: number;
}

export const CACHE_VERSION_TABLE = 'sys_cache_version';

/** Listeners by topic, shared by both transports. */
class Listeners {
  private byTopic = new Map<string, Set<InvalidationListener>>();

  add(topic: string, fn: InvalidationListener): { first: boolean; remove: () => void } {
    let set = this.byTopic.get(topic);
    const first = !set;
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(fn);
    return { first, remove: () => set.delete(fn) };
  }

  topics(): string[] {
    return [...this.byTopic.keys()];
  }

  fire(topic: string, key: string | undefined): void {
    for (const fn of this.byTopic.get(topic) ?? []) {
      try {
        fn(key);
      } catch (e) {
        console.error(`[cache] listener of ${topic} failed`, e);
      }
    }
  }

  fireAll(): void {
    for (const topic of this.byTopic.keys()) this.fire(topic, undefined);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]);
}

class RedisInvalidator implements Invalidator {
  readonly mode = 'redis' as const;
  private readonly origin = crypto.randomBytes(8).toString('hex');
  private readonly listeners = new Listeners();
  private readonly sub: Redis;
  private readonly pub: Redis;
  /** Topics whose SUBSCRIBE the server has confirmed on the current connection. */
  private readonly subscribed = new Set<string>();
  private everReady = false;
  private closed = false;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // Named, so that an operator (CLIENT LIST) can tell what the connection is for.
    this.sub = new Redis(url, { maxRetriesPerRequest: null, autoResubscribe: false, connectionName: `cache-sub:${prefix}` });
    this.pub = new Redis(url, { maxRetriesPerRequest: 1 });
    // An outage is said once for the process (core/redis/outage.server.ts), not per retry.
    watchRedis(this.sub, 'cache');
    watchRedis(this.pub, 'cache');
    this.sub.on('close', () => this.subscribed.clear());
    this.sub.on('ready', () => void this.resubscribe());
    this.sub.on('message', (channel: string, message: string) => {
      if (!channel.startsWith(this.prefix)) return;
      let msg: { o?: string; k?: string | null };
      try {
        msg = JSON.parse(message);
      } catch {
        msg = {};
      }
      if (msg.o === this.origin) return; // already applied when published
      this.listeners.fire(channel.slice(this.prefix.length), msg.k ?? undefined);
    });
  }

  /** After a (re)connection: subscribe every topic again, then drop what may have been missed. */
  private async resubscribe(): Promise<void> {
    const topics = this.listeners.topics();
    try {
      if (topics.length) await this.sub.subscribe(...topics.map((t) => this.prefix + t));
      for (const t of topics) this.subscribed.add(t);
      if (this.everReady) this.listeners.fireAll();
      this.everReady = true;
    } catch (e) {
      if (!this.closed) console.error('[cache] redis subscribe failed:', (e as Error).message);
    }
  }

  private async subscribe(topic: string): Promise<void> {
    if (this.sub.status !== 'ready') return; // the 'ready' handler subscribes it
    try {
      await this.sub.subscribe(this.prefix + topic);
      this.subscribed.add(topic);
    } catch (e) {
      if (!this.closed) console.error('[cache] redis subscribe failed:', (e as Error).message);
    }
  }

  onInvalidate(topic: string, fn: InvalidationListener): () => void {
    const { first, remove } = this.listeners.add(topic, fn);
    if (first) void this.subscribe(topic);
    return remove;
  }

  async invalidate(topic: string, key?: string): Promise<void> {
    this.listeners.fire(topic, key);
    // Known to be down: do not hold the write's answer. A Redis outage takes the other
    // processes' subscribers down too, so they read through; if only this process lost Redis,
    // their entries expire after their TTL. Still connecting at start-up: the command waits.
    if (this.pub.status === 'reconnecting' || this.pub.status === 'end' || this.pub.status === 'close') {
      console.error(`[cache] Redis unavailable: the invalidation of ${topic} was not published`);
      return;
    }
    try {
      await withTimeout(this.pub.publish(this.prefix + topic, JSON.stringify({ o: this.origin, k: key ?? null })), 2_000, 'publish');
    } catch (e) {
      // Other processes are then stale until their entries expire (or their own Redis
      // connection drops, which flushes them).
      console.error(`[cache] could not publish the invalidation of ${topic}:`, (e as Error).message);
    }
  }

  live(): boolean {
    if (this.sub.status !== 'ready') return false;
    for (const t of this.listeners.topics()) if (!this.subscribed.has(t)) return false;
    return true;
  }

  async ready(): Promise<void> {
    while (!this.closed && !this.live()) await new Promise((r) => setTimeout(r, 20));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

class DatabaseInvalidator implements Invalidator {
  readonly mode = 'database' as const;
  private readonly listeners = new Listeners();
  /** The versions last read, by topic. */
  private readonly versions = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  /** When the last successful poll started: entries are trusted for `staleMs` after it. */
  private lastOk = 0;
  private readonly staleMs: number;
  private closed = false;

  constructor(
    private readonly knexOf: () => Knex | undefined,
    private readonly pollMs: number,
  ) {
    this.staleMs = Math.max(3 * pollMs, 750);
  }

  private start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
    void this.poll();
  }

  /** Reads every version; a topic whose version moved is flushed. */
  poll(): Promise<void> {
    if (this.polling) return this.polling;
    const knex = this.knexOf();
    if (!knex || this.closed) return Promise.resolve();
    const started = Date.now();
    this.polling = (async () => {
      try {
        const rows: { topic: string; version: number | string }[] = await knex(CACHE_VERSION_TABLE).select('topic', 'version');
        for (const r of rows) {
          const v = Number(r.version);
          // After the first read, a topic seen for the first time was invalidated meanwhile.
          const before = this.versions.get(r.topic) ?? (this.lastOk ? 0 : undefined);
          this.versions.set(r.topic, v);
          if (before !== undefined && before !== v) this.listeners.fire(r.topic, undefined);
        }
        this.lastOk = started;
      } catch (e) {
        // Table not migrated yet, database unreachable or shut down: not live, caches read through.
        if (!this.closed && this.lastOk) console.error('[cache] could not read cache versions:', (e as Error).message);
        this.lastOk = 0;
      } finally {
        this.polling = undefined;
      }
    })();
    return this.polling;
  }

  onInvalidate(topic: string, fn: InvalidationListener): () => void {
    const { remove } = this.listeners.add(topic, fn);
    this.start();
    return remove;
  }

  /** Per topic, the bump that has not started yet: every call made before it starts is carried by it. */
  private readonly queued = new Map<string, Promise<void>>();
  private readonly running = new Map<string, Promise<void>>();
  /** Per topic, when its last bump started. */
  private readonly started = new Map<string, number>();

  invalidate(topic: string, key?: string): Promise<void> {
    this.listeners.fire(topic, key);
    // A burst of writes bumps the version twice at most (the one running, one after it), not
    // once per write: each caller resolves after a bump that started after its call. Bumps of a
    // topic start a fifth of the poll interval apart at the closest (other processes read them
    // once a poll), so steady writes cost a statement every 50 ms, not one each.
    let next = this.queued.get(topic);
    if (!next) {
      next = (this.running.get(topic) ?? Promise.resolve()).then(async () => {
        const wait = (this.started.get(topic) ?? 0) + this.pollMs / 5 - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        this.started.set(topic, Date.now());
        this.queued.delete(topic);
        const run = this.bump(topic).finally(() => this.running.get(topic) === run && this.running.delete(topic));
        this.running.set(topic, run);
        return run;
      });
      this.queued.set(topic, next);
    }
    return next;
  }

  private async bump(topic: string): Promise<void> {
    const knex = this.knexOf();
    if (!knex) return;
    try {
      // One statement: a new topic starts at 1, an existing one counts up (MySQL and SQLite).
      await knex(CACHE_VERSION_TABLE)
        .insert({ topic, version: 1 })
        .onConflict('topic')
        .merge({ version: knex.raw('?? + 1', [`${CACHE_VERSION_TABLE}.version`]) });
    } catch (e) {
      console.error(`[cache] could not record the invalidation of ${topic}:`, (e as Error).message);
    }
  }

  live(): boolean {
    this.start();
    return this.lastOk > 0 && Date.now() - this.lastOk < this.staleMs;
  }

  async ready(): Promise<void> {
    this.start();
    while (!this.closed && !this.live()) {
      await this.poll();
      if (!this.live()) await new Promise((r) => setTimeout(r, 20));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.polling;
  }
}

export function createInvalidator(opts: InvalidatorOptions = {}): Invalidator {
  if (opts.redisUrl) return new RedisInvalidator(opts.redisUrl, opts.prefix ?? 'port:cache:');
  const { knex } = opts;
  return new DatabaseInvalidator(opts.knexOf ?? (() => knex), Math.max(50, opts.pollMs ?? 250));
}

// One per process, on globalThis so that server.ts and the Remix build (which bundles its own
// copy of core) share the subscriber connection, and server.ts can close it on shutdown.
const g = globalThis as { __portInvalidator?: Invalidator };

/** This process's invalidator: Redis with REDIS_URL, otherwise the shared database handle. */
export function getInvalidator(): Invalidator {
  g.__portInvalidator ??= createInvalidator({
    redisUrl: process.env.REDIS_URL || undefined,
    prefix: process.env.CACHE_PREFIX || undefined,
    pollMs: Number(process.env.CACHE_POLL_MS) || undefined,
    knexOf: currentKnex,
  });
  return g.__portInvalidator;
}

/** Shorthand for getInvalidator().invalidate(). */
export function invalidate(topic: string, key?: string): Promise<void> {
  return getInvalidator().invalidate(topic, key);
}

/** Closes this process's invalidator (its Redis connections or its poll); at shutdown. */
export async function closeInvalidator(): Promise<void> {
  const inv = g.__portInvalidator;
  g.__portInvalidator = undefined;
  await inv?.close();
}
