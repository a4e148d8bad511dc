// `npx tsx bench/profile.ts <case | /page/path> [seconds]`: the built server under one API case of
// the bench (or a page, at 4 connections) with `node --cpu-prof`, then the functions that took
// most of its CPU (self time), top 40.
// For finding the next cost to cut (issue 12); prints figures only, asserts nothing.
import fs from 'node:fs';
import path from 'node:path';
import { apiCases, deepCursor, type ApiCase } from './api-cases';
import { cannon, freePort, login, prepareDatabase, startProjectServer, stopServer } from './lib';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[] }

const [key = 'get', seconds = '10'] = process.argv.slice(2);
const dir = fs.mkdtempSync('/tmp/port-prof-');
const fx = await prepareDatabase(Number(process.env.BENCH_ROWS || 1_000_000));
const page: ApiCase | undefined = key.startsWith('/')
  ? { key, title: key, goal: 0, check: async () => undefined, run: (t, _n, s) => cannon({ url: t.base + key, connections: 4, duration: s, headers: { cookie: t.cookie } }, t.pid) }
  : undefined;
const c = page ?? apiCases({ ...fx, deepPage: 50_000, deepCursor: await deepCursor(50_000) }).find((x) => x.key === key);
if (!c) throw new Error(`no case ${key}`);
const port = await freePort();
const server = await startProjectServer(port, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
const base = `http://127.0.0.1:${port}`;
const t = { name: 'project' as const, base, pid: server.pid!, cookie: await login(base) };
await c.check(t);
await c.run(t, 20, 2);
const r = await c.run(t, 20, Number(seconds));
console.log(`${key}: ${r.rps} req/s, p50 ${r.p50ms} ms, server cpu ${r.serverCpu}`);
await stopServer(server);
const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const prof = JSON.parse(fs.readFileSync(path.join(dir, file!), 'utf8')) as Profile;
const self = new Map<number, number>();
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFn = new Map<string, number>();
for (const n of prof.nodes) {
  const where = n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/build\//, 'build/');
  const k = `${n.callFrame.functionName || '(anon)'} ${where}:${n.callFrame.lineNumber + 1}`;
  byFn.set(k, (byFn.get(k) ?? 0) + (self.get(n.id) ?? 0));
}
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
console.log(`profile: ${path.join(dir, file!)}`);
