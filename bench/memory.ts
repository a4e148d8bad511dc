// Memory of the built server under load, on MariaDB:
//   npm run build && npm run bench:memory
// Seeds a MariaDB database of its own (BENCH_DATABASE_URL, default
// mysql://root@127.0.0.1:3306/port_bench), starts the built server on it in one node process
// (so /proc/<pid> is the server itself), signs in, and prints the server's RSS before load,
// after each round of load (BENCH_SECONDS, default 60 s at BENCH_CONNECTIONS, default 50) and
// while it idles afterwards (BENCH_IDLE_SECONDS, default 30). Each request is a different one:
// list APIs with varied filters, sorts and page numbers (every filter value is new, so a cache
// keyed by query would show), get-by-id, the dashboard and a list page rendered on the server.
// BENCH_ROUNDS=2 runs the load twice: a leak keeps growing in the second round, a high-water
// mark does not. BENCH_NODE_ARGS passes flags to the server's node (e.g.
// `--heapsnapshot-signal=SIGWINCH`, then `kill -WINCH <pid>` writes a heap snapshot into the
// repository folder). Prints one JSON summary.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, login, mixedLoad, prepareDatabase, rssMb, sleep, startProjectServer, stopServer, warmUp } from './lib';

const ROWS = Number(process.env.BENCH_ROWS || 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS || 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 1);
const PROBE_FILE = path.join(os.tmpdir(), `port-bench-memory-${process.pid}.json`);

/** The server's memory in MB: RSS from /proc (Linux), the V8 heap and buffers from its probe. */
async function memory(pid: number): Promise<{ rss: number; heapTotal?: number; heapUsed?: number; external?: number; arrayBuffers?: number }> {
  await sleep(1100);
  let probe = {};
  try {
    probe = JSON.parse(fs.readFileSync(PROBE_FILE, 'utf8'));
  } catch {
    // no probe yet
  }
  return { ...probe, rss: rssMb(pid) };
}

async function main() {
  const fx = await prepareDatabase(ROWS);
  const port = await freePort();
  const nodeArgs = ['--expose-gc', ...(process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean), '--import', './bench/memory-probe.mjs'];
  // BENCH_SERVER_LOG=<file> keeps what the server prints (e.g. with BENCH_NODE_ARGS=--trace-gc).
  const server = await startProjectServer(port, { nodeArgs, env: { BENCH_PROBE_FILE: PROBE_FILE }, log: process.env.BENCH_SERVER_LOG });
  const pid = server.pid!;
  const base = `http://127.0.0.1:${port}`;
  try {
    const cookie = await login(base);
    // Touch every kind of request once, so lazily loaded modules count as the baseline.
    await warmUp(base, cookie, fx);
    await sleep(2000);
    const before = await memory(pid);
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const r = await mixedLoad(base, cookie, fx, CONNECTIONS, SECONDS, pid);
      rounds.push({ round: i + 1, ...r, after: await memory(pid) });
    }
    const idle: { afterSeconds: number; memory: Awaited<ReturnType<typeof memory>> }[] = [];
    for (let s = 5; s <= IDLE_SECONDS; s += 5) {
      await sleep(3900);
      idle.push({ afterSeconds: s, memory: await memory(pid) });
    }
    // What is still alive after a full collection: a leak stays here, garbage does not.
    process.kill(pid, 'SIGUSR2');
    await sleep(1500);
    const afterFullGc = await memory(pid);
    console.log(
      JSON.stringify(
        {
          unit: 'MB',
          connections: CONNECTIONS,
          secondsPerRound: SECONDS,
          nodeArgs: process.env.BENCH_NODE_ARGS ?? '',
          serverPid: pid,
          rssBefore: before.rss,
          rssAfterLoad: rounds.at(-1)!.after.rss,
          rssIdleEnd: idle.at(-1)?.memory.rss ?? null,
          heapUsedAfterFullGc: afterFullGc.heapUsed,
          before,
          rounds,
          idle,
          afterFullGc,
        },
        null,
        2,
      ),
    );
  } finally {
    await stopServer(server);
    fs.rmSync(PROBE_FILE, { force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
