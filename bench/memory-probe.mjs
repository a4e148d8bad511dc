// Loaded into the server by bench/memory.ts (`node --expose-gc --import ./bench/memory-probe.mjs`):
// writes process.memoryUsage() to $BENCH_PROBE_FILE every second, so the bench can tell the V8
// heap from memory outside it; on SIGUSR2 it first runs a full garbage collection, so the bench
// can tell live objects (a leak) from garbage V8 has not collected yet (a high-water mark).
import fs from 'node:fs';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const mb = (n) => Math.round(n / 1048576);
  const write = (extra = {}) => {
    const m = process.memoryUsage();
    fs.writeFileSync(file, JSON.stringify({ rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), ...extra }));
  };
  setInterval(write, 1000).unref();
  process.on('SIGUSR2', () => {
    if (typeof globalThis.gc === 'function') globalThis.gc();
    write({ afterFullGc: true });
  });
}
