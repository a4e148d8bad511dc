// `npm run bench`: the performance cases of issue 12 in one run, on MariaDB (npm run build first).
//   npm run bench                      every case (15 to 25 minutes, most of it the two exports)
//   npm run bench -- --quick           short durations, to try it (figures are noisy)
//   npm run bench -- --case get,update one or more cases: list, list-total, deep, get, update,
//                                      portal-news, pages, memory, export, cold, assignment
// Seeds a database of its own (BENCH_DATABASE_URL, default mysql://root@127.0.0.1:3306/port_bench)
// with 1,000,000 operation-log rows once (BENCH_ROWS), then:
// - API cases: the project's built server (one node process, signed in as admin) and the bare
//   node:http + mysql2 server (bench/bare-server.ts) serving the same queries, autocannon at 20
//   connections, a short discarded run on each first, then the two servers alternated, two
//   rounds, the machine's load recorded before each;
// - SSR: a 100-row list page and /dashboard, p50 at 4 connections, and the HTML size of a list page;
// - memory: idle RSS, then RSS after 60 s at 50 connections of varied requests and 30 s idle;
// - export: peak RSS of the server while a 1,000,000-row XLSX, then CSV, export streams (a fresh
//   server each; BENCH_EXPORT_LIMIT_SECONDS, default 900, bounds one);
// - cold start: `node scripts/start.mjs` (npm start) with the build present, until the port answers;
// - portal-news: issue 14's public news list (unauthenticated, cacheable), project ≥ 1,000 req/s;
// - assignment: issue 13's optimiser placing one source across 200 fleets under 10 rules (bench/assignment.ts).
// Prints one table of ratios with the goals (pass/fail), then the figures as one line of JSON.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { apiCases, deepCursor, type Target } from './api-cases';
import { DATABASE_URL, freePort, loadAvg, login, prepareDatabase, ROOT, sleep, startProjectServer, stopServer, track, waitForOutput } from './lib';
import { assignmentCase } from './assignment';
import { coldStart, exportCase, memoryCase, menuPath, pageCase } from './process-cases';
import { lines, table, type ApiFigures, type Figures } from './report';

const ALL = ['list', 'list-total', 'deep', 'get', 'update', 'portal-news', 'pages', 'memory', 'export', 'cold', 'assignment'];

function options(argv: string[]) {
  const quick = argv.includes('--quick');
  const picked = argv.flatMap((a, i) => (a === '--case' ? (argv[i + 1] ?? '').split(',') : a.startsWith('--case=') ? a.slice(7).split(',') : [])).filter(Boolean);
  const unknown = picked.filter((c) => !ALL.includes(c));
  if (unknown.length) throw new Error(`unknown case ${unknown.join(', ')}; cases: ${ALL.join(', ')}`);
  const num = (name: string, full: number, short: number) => Number(process.env[name] || (quick ? short : full));
  return {
    quick,
    cases: new Set(picked.length ? picked : ALL),
    rows: num('BENCH_ROWS', 1_000_000, 1_000_000),
    apiSeconds: num('BENCH_SECONDS', 10, 3),
    rounds: num('BENCH_ROUNDS', 2, 2),
    apiConnections: 20,
    warmUpSeconds: num('BENCH_WARMUP_SECONDS', 3, 1),
    pageSeconds: num('BENCH_PAGE_SECONDS', 10, 3),
    pageConnections: 4,
    memorySeconds: num('BENCH_MEMORY_SECONDS', 60, 10),
    idleSeconds: num('BENCH_IDLE_SECONDS', 30, 5),
    memoryConnections: 50,
    deepPage: 50_000,
    /** Quick mode exports the updates of one resource (a fifteenth of the log) instead of the whole log. */
    exportFilter: process.env.BENCH_EXPORT_FILTER ?? (quick ? 'resource=system.role&action=update' : ''),
    exportLimitSeconds: num('BENCH_EXPORT_LIMIT_SECONDS', 900, 300),
  };
}

async function startBare(port: number): Promise<ChildProcess> {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  await waitForOutput(child, 'is running at');
  return child;
}

type Opts = ReturnType<typeof options>;

/** Every API case on both servers, alternated (bare first in odd rounds, project first in even ones). */
async function apiAndPages(o: Opts, fx: Awaited<ReturnType<typeof prepareDatabase>>, figures: Figures): Promise<void> {
  const cases = apiCases({ ...fx, deepPage: o.deepPage, deepCursor: await deepCursor(o.deepPage) }).filter((c) => o.cases.has(c.key));
  if (!cases.length && !o.cases.has('pages')) return;
  const [pPort, bPort] = [await freePort(), await freePort()];
  let project: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    project = await startProjectServer(pPort);
    bare = await startBare(bPort);
    const pBase = `http://127.0.0.1:${pPort}`;
    const cookie = await login(pBase);
    const targets: Target[] = [
      { name: 'bare', base: `http://127.0.0.1:${bPort}`, pid: bare.pid!, cookie: '' },
      { name: 'project', base: pBase, pid: project.pid!, cookie },
    ];
    for (const c of cases) {
      // Checked, then a short discarded run on each server: the first case should not pay for JIT and lazy loading.
      for (const t of targets) {
        await c.check(t);
        await c.run(t, o.apiConnections, o.warmUpSeconds);
      }
      const fig: ApiFigures = { key: c.key, title: c.title, goal: c.goal, minRps: c.minRps, runs: [] };
      for (let round = 1; round <= o.rounds; round++) {
        for (const t of round % 2 ? targets : [...targets].reverse()) {
          const loadAvgBefore = loadAvg();
          const r = await c.run(t, o.apiConnections, o.apiSeconds);
          fig.runs.push({ server: t.name, round, loadAvgBefore, ...r });
          console.error(`${c.key} round ${round} ${t.name}: ${r.rps} req/s, p50 ${r.p50ms} ms, server cpu ${r.serverCpu}, errors ${r.errors + r.non2xx}, load ${loadAvgBefore[0]}`);
          await sleep(500);
        }
      }
      figures.api.push(fig);
    }
    if (o.cases.has('pages')) {
      const list = await menuPath('customsBase.hsCode');
      const page = (p: string, connections: number, seconds: number) => pageCase(pBase, project!.pid!, cookie, p, connections, seconds);
      figures.pages.listDefault = await page(list, o.pageConnections, 0);
      figures.pages.list100 = await page(`${list}?pageSize=100`, o.pageConnections, o.pageSeconds);
      figures.pages.dashboard = await page('/dashboard', o.pageConnections, o.pageSeconds);
      console.error(`pages: ${JSON.stringify(figures.pages)}`);
    }
  } finally {
    await Promise.all([stopServer(project), stopServer(bare)]);
  }
}

async function processCases(o: Opts, fx: Awaited<ReturnType<typeof prepareDatabase>>, figures: Figures): Promise<void> {
  if (o.cases.has('cold') || o.cases.has('memory')) {
    const cold = await coldStart();
    try {
      figures.coldStartMs = cold.ms;
      figures.rssAtStartMb = cold.rssMb;
      console.error(`cold start: ${cold.ms} ms`);
      if (o.cases.has('memory')) {
        figures.memory = await memoryCase(cold.base, cold.serverPid, fx, o.memoryConnections, o.memorySeconds, o.idleSeconds);
        console.error(`memory: ${JSON.stringify(figures.memory)}`);
      }
    } finally {
      await stopServer(cold.child, true);
    }
    if (!o.cases.has('cold')) delete figures.coldStartMs;
  }
  if (o.cases.has('assignment')) {
    figures.assignment = assignmentCase();
    console.error(`assignment: ${JSON.stringify(figures.assignment)}`);
  }
  if (o.cases.has('export')) {
    for (const format of ['xlsx', 'csv'] as const) {
      const e = await exportCase(format, o.exportFilter, o.exportLimitSeconds);
      figures.exports.push(e);
      console.error(`export: ${JSON.stringify(e)}`);
    }
  }
}

async function main() {
  const o = options(process.argv.slice(2));
  const fx = await prepareDatabase(o.rows);
  const figures: Figures = { api: [], pages: {}, exports: [] };
  const startedAt = new Date().toISOString();
  const loadAtStart = loadAvg();
  // A case that breaks (a stale build for the cold start, a server that dies) still leaves the
  // figures of the cases before it in the table; the run then exits 1.
  let broke: unknown = null;
  try {
    await apiAndPages(o, fx, figures);
    await processCases(o, fx, figures);
  } catch (e) {
    broke = e;
  }
  const ls = lines(figures);
  console.log(`\nnpm run bench${o.quick ? ' --quick' : ''}: ${fx.rows.toLocaleString('en')} operation-log rows, ${os.cpus().length} CPUs, load at the start: ${loadAtStart.join(' ')}\n`);
  console.log(table(ls));
  const { cases, ...settings } = o;
  // One line, to keep or paste whole (`| tail -1 | jq` to read it).
  const json = {
    startedAt,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, totalMemMb: Math.round(os.totalmem() / 1048576) },
    settings: { ...settings, cases: [...cases] },
    loadAtStart,
    rows: fx.rows,
    goals: ls,
    figures,
  };
  console.log(`\n${JSON.stringify(json)}`);
  if (broke) {
    console.error('the run broke off, the table holds the cases before:', broke);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
