// Giving memory back after a burst of load. Under load V8 lets garbage pile up (the heap grows
// to a few hundred MB while what is alive stays ~100 MB) and, once requests stop, keeps that
// high-water mark for minutes until its memory reducer gets round to it. bench/memory.ts shows
// it: 60 s at 50 connections took RSS from ~330 to ~560 MB, and a full collection afterwards
// brings the heap back to what it was before the load (no leak). So when the server has been
// idle for a few seconds and the heap has grown well past what was alive after the last full
// collection, collect once: the heap shrinks and the pages go back to the system. At most once
// per idle period, never while a request is in flight.
import v8 from 'node:v8';
import vm from 'node:vm';
import type { RequestHandler } from 'express';

export interface IdleMemoryOptions {
  /** No request in flight and none for this long counts as idle (default 5 s). */
  idleMs?: number;
  /** Collect only when the heap (committed) exceeds what was alive after the last full
   *  collection by this much (default 64 MB). */
  growthBytes?: number;
  /** How often to look (default 2.5 s). */
  checkMs?: number;
  /** At most one collection per this long (default 60 s), so a heap V8 will not shrink costs little. */
  minIntervalMs?: number;
}

let gcFn: (() => void) | null | undefined;

/** V8's full collection: global.gc with --expose-gc, else enabled for this process only. */
function fullGc(): (() => void) | null {
  if (gcFn !== undefined) return gcFn;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return (gcFn = exposed);
  try {
    v8.setFlagsFromString('--expose-gc');
    gcFn = vm.runInNewContext('gc') as () => void;
  } catch {
    gcFn = null;
  }
  return gcFn;
}

/**
 * Express middleware that notes activity, plus a timer (unref'd) that runs one full
 * collection when the process has gone idle after its heap grew. `stop()` clears the timer.
 */
export function releaseMemoryWhenIdle(opts: IdleMemoryOptions = {}): RequestHandler & { stop(): void; collections(): number } {
  const idleMs = opts.idleMs ?? Number(process.env.IDLE_GC_MS || 5_000);
  const growth = opts.growthBytes ?? 64 * 1024 * 1024;
  let lastRequest = Date.now();
  let inFlight = 0;
  /** A request came since the last collection: one collection per idle period at most. */
  let armed = false;
  /** The heap in use after the last full collection (at first: when this started). */
  let live = v8.getHeapStatistics().used_heap_size;
  let count = 0;
  let lastCollection = 0;
  const minInterval = opts.minIntervalMs ?? 60_000;
  const idleNow = () => inFlight === 0 && Date.now() - lastRequest >= idleMs;
  const timer = setInterval(() => {
    if (!armed || !idleNow() || Date.now() - lastCollection < minInterval) return;
    // V8's own collections under load free the garbage but keep the heap they grew to.
    if (v8.getHeapStatistics().total_heap_size - live < growth) return;
    const gc = fullGc();
    if (!gc) return;
    gc();
    count++;
    armed = false;
    lastCollection = Date.now();
    live = v8.getHeapStatistics().used_heap_size;
    // A second one a moment later, if still idle, is the one after which V8 shrinks the heap
    // to what survived (in bench/memory.ts the heap stayed ~200 MB committed after one full
    // collection and went to ~130 MB after another).
    setTimeout(() => {
      if (armed || !idleNow()) return;
      gc();
      live = v8.getHeapStatistics().used_heap_size;
    }, 1_000).unref();
  }, opts.checkMs ?? 2_500);
  timer.unref();
  const middleware: RequestHandler = (_req, res, next) => {
    inFlight++;
    armed = true;
    lastRequest = Date.now();
    res.once('close', () => {
      inFlight--;
      lastRequest = Date.now();
    });
    next();
  };
  return Object.assign(middleware, {
    stop: () => clearInterval(timer),
    collections: () => count,
  });
}
