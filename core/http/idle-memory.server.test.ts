// The heap's high-water mark after load is given back once the server is idle, never while a
// request is being served.
import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { releaseMemoryWhenIdle } from './idle-memory.server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('releaseMemoryWhenIdle', () => {
  it('collects once idle after the heap grew, not during a request, and frees the garbage', async () => {
    const idle = releaseMemoryWhenIdle({ idleMs: 100, checkMs: 20, growthBytes: 16 * 1024 * 1024, minIntervalMs: 0 });
    try {
      const res = new EventEmitter();
      let passed = false;
      idle({} as Request, res as unknown as Response, () => (passed = true));
      expect(passed).toBe(true);
      // A request builds ~40 MB of short-lived objects and keeps them until it ends.
      let garbage: string[][] | null = Array.from({ length: 40 }, (_, i) => Array.from({ length: 12_000 }, (_, j) => `row ${i} ${j} ${'x'.repeat(40)}`));
      const grown = process.memoryUsage().heapUsed;
      await sleep(300);
      expect(idle.collections()).toBe(0); // still in flight
      garbage = null;
      res.emit('close');
      const deadline = Date.now() + 3000;
      while (idle.collections() === 0 && Date.now() < deadline) await sleep(20);
      expect(garbage).toBeNull();
      expect(idle.collections()).toBe(1);
      expect(process.memoryUsage().heapUsed).toBeLessThan(grown - 16 * 1024 * 1024);
      // Nothing grew since: no second collection.
      await sleep(300);
      expect(idle.collections()).toBe(1);
    } finally {
      idle.stop();
    }
  }, 60_000);
});
