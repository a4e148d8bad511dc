// The web process's heap limit, given by `npm start` (scripts/start.mjs) and `npm run serve`, and
// by the benchmark to the server it starts. Node built-ins only.

/**
 * `--max-old-space-size` from WEB_HEAP_MB (default 1024), none when NODE_OPTIONS sets one.
 * Without it V8 sizes the heap by the machine's memory (about 4 GB on a 24 GB machine) and lets
 * garbage pile up while the CPU is busy: a 1.4M-row CSV export to a slow reader peaked at
 * 350-370 MB RSS; with the limit, 200-220 MB.
 */
export function heapFlags(env = process.env) {
  if (/--max-old-space-size/.test(env.NODE_OPTIONS ?? '')) return [];
  const mb = Number(env.WEB_HEAP_MB || 1024);
  return Number.isInteger(mb) && mb >= 128 ? [`--max-old-space-size=${mb}`] : [];
}
