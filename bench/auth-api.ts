// Latency of the session-bound core calls against a running server (npm start first):
//   BENCH_URL=http://localhost:3000 npm run bench
// Logs in once (argon2id verification is deliberately slow), then fires getInfo, the
// badge counts and the dashboard document with a fixed concurrency, and prints JSON figures.
const base = process.env.BENCH_URL || 'http://localhost:3000';
const total = Number(process.env.BENCH_REQUESTS || 400);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 8);
const password = process.env.DEMO_PASSWORD || 'Demo@12345';

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return performance.now() - t0;
}

async function run(name: string, fn: () => Promise<Response>) {
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        times.push(await timed(fn));
      }
    }),
  );
  const wall = performance.now() - t0;
  times.sort((a, b) => a - b);
  return { name, requests: times.length, concurrency, p50ms: +pct(times, 50).toFixed(1), p95ms: +pct(times, 95).toFixed(1), maxms: +times[times.length - 1].toFixed(1), rps: +((times.length / wall) * 1000).toFixed(0) };
}

async function main() {
  const loginTimes: number[] = [];
  let cookie = '';
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
    loginTimes.push(performance.now() - t0);
    if ((await res.json()).code !== 200) throw new Error('login failed: is the server seeded with the demo users?');
    cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }
  const headers = { cookie, origin: base }; // a browser's POST carries Origin (CSRF check)
  const results = [
    { name: 'login (argon2id)', requests: 5, p50ms: +pct(loginTimes.sort((a, b) => a - b), 50).toFixed(1) },
    await run('POST /api/login/getInfo', () => fetch(`${base}/api/login/getInfo`, { method: 'POST', headers })),
    await run('GET /api/core/badges', () => fetch(`${base}/api/core/badges`, { headers })),
    await run('GET /dashboard (SSR)', () => fetch(`${base}/dashboard`, { headers, redirect: 'manual' })),
  ];
  console.log(JSON.stringify({ base, results }, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
