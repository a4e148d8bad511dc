// A per-process cache that agrees across processes: entries expire after a TTL, at most `max`
// are kept (least recently used dropped first, core/lru.ts), and every invalidation of its
// topic, made in any process (core/cache/invalidation.server.ts), drops them. Add a cache
// through this, never a bare Map, when other processes' writes can make it stale:
//
//   const totals = createCache<number>({ topic: 'orders.totals', max: 500, ttlMs: 3_000 });
//   const n = await totals.get(key, () => countOrders());   // read through on a miss
//   await totals.invalidate();                              // after the write commits
//
// Hits are served only while the invalidator is live (Redis subscribed, or the version poll
// recent); otherwise every get reads through, so an outage of the transport never leaves a
// stale entry in use. A load that overlaps an invalidation is returned but not kept.
import { Lru } from '../lru';
import { getInvalidator, type Invalidator } from './invalidation.server';

export interface CacheOptions<V> {
  /** The invalidation topic (one per cache): `invalidate(topic, key?)` anywhere drops entries. */
  topic: string;
  /** At most this many entries per process. */
  max: number;
  /** How long an entry is served; 0 or less turns the cache off (every get reads through). */
  ttlMs: number | ((value: V) => number);
  /** Which entries an invalidation of `key` drops; default the entry of that very key. */
  matches?: (entryKey: string, invalidatedKey: string) => boolean;
  /** Default: this process's invalidator. */
  invalidator?: Invalidator;
}

export interface ProcessCache<V> {
  /** The cached value, or `load()`'s (concurrent misses of one key share one load). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Drops the key's entries (all without a key) here and in every other process. */
  invalidate(key?: string): Promise<void>;
  readonly size: number;
}

export function createCache<V>(opts: CacheOptions<V>): ProcessCache<V> {
  const lru = new Lru<string, { at: number; value: V }>(Math.max(1, opts.max));
  const inflight = new Map<string, { generation: number; promise: Promise<V> }>();
  const ttlOf = typeof opts.ttlMs === 'function' ? opts.ttlMs : () => opts.ttlMs as number;
  const matches = opts.matches ?? ((a: string, b: string) => a === b);
  const disabled = typeof opts.ttlMs === 'number' && opts.ttlMs <= 0;
  /** Counts invalidations: a load started before one must not be kept. */
  let generation = 0;
  let listeningTo: Invalidator | undefined;
  const invalidator = () => opts.invalidator ?? getInvalidator();

  const drop = (key: string | undefined) => {
    generation++;
    if (key === undefined) lru.clear();
    else for (const k of [...lru.keys()]) if (matches(k, key)) lru.delete(k);
  };

  return {
    async get(key, load) {
      if (disabled) return load();
      const inv = invalidator();
      // Listens from the first use on (an entry can only exist after it), and again to a new
      // invalidator if the process's one was replaced.
      if (listeningTo !== inv) {
        inv.onInvalidate(opts.topic, drop);
        listeningTo = inv;
        drop(undefined);
      }
      const live = inv.live();
      if (live) {
        const hit = lru.get(key);
        if (hit && Date.now() - hit.at < ttlOf(hit.value)) return hit.value;
      }
      const running = inflight.get(key);
      if (running && running.generation === generation) return running.promise;
      const started = { generation, at: Date.now() };
      const promise = load()
        .then((value) => {
          if (live && started.generation === generation) lru.set(key, { at: started.at, value });
          return value;
        })
        .finally(() => {
          if (inflight.get(key)?.promise === promise) inflight.delete(key);
        });
      inflight.set(key, { generation, promise });
      return promise;
    },
    async invalidate(key) {
      // Published even when this process does not cache: others may.
      await invalidator().invalidate(opts.topic, key);
    },
    get size() {
      return lru.size;
    },
  };
}
