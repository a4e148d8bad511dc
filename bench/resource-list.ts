// The resource engine's list API on a large table, against the built server:
//   npm run build && npm run bench
// Seeds 1,000,000 operation-log rows into a MariaDB database of its own (once), starts the
// server on it, signs in, and drives the list API with autocannon at 20 connections:
// page 1, a deep page, a filtered + sorted page, each with and without the total. The same
// SQL run straight through mysql2 (20 connections) is the floor. Prints one JSON summary.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import mysql from 'mysql2/promise';
import { knexConfig } from '../core/db/knex.server';
import { migrateAll, seedAll } from '../core/db/migrate.server';
import { setPlugins } from '../core/registry.server';
import plugins from '../plugins.config';

const ROOT = path.resolve(import.meta.dirname, '..');
const BASE = process.env.BENCH_DATABASE_URL || 'mysql://root@127.0.0.1:3306/port_bench';
const ROWS = Number(process.env.BENCH_ROWS || 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const CONNECTIONS = 20;

async function prepare() {
  const url = new URL(BASE);
  const dbName = url.pathname.slice(1);
  const root = new URL(BASE);
  root.pathname = '/';
  const admin = knexFactory({ ...knexConfig(root.toString().replace(/\/$/, '/mysql')) });
  await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const knex = knexFactory(knexConfig(BASE));
  const registry = setPlugins(plugins);
  await migrateAll(knex, registry.plugins);
  await seedAll(knex, registry.plugins, registry);
  const have = Number((await knex('sys_audit_log').count({ n: '*' }).first())?.n ?? 0);
  if (have < ROWS) {
    const t0 = Date.now();
    const missing = ROWS - have;
    // MariaDB's SEQUENCE engine generates the rows inside the server: no round trips.
    for (let done = 0; done < missing; done += 200_000) {
      const n = Math.min(200_000, missing - done);
      await knex.raw(
        `INSERT INTO sys_audit_log (resource, record_id, action, user_id, username, ip, summary, changes, created_at)
         SELECT ELT(1 + seq % 5, 'system.user', 'system.role', 'system.refCode', 'customs.hsCode', 'system.dept'),
                CAST(seq % 5000 AS CHAR), ELT(1 + seq % 3, 'create', 'update', 'delete'), 1 + seq % 6,
                ELT(1 + seq % 6, 'admin', 'operator', 'broker', 'trader', 'shipagent', 'freightagent'),
                '127.0.0.1', CONCAT('row ', seq), '{"name":["a","b"]}',
                TIMESTAMPADD(SECOND, seq, '2025-01-01 00:00:00')
         FROM seq_1_to_${n}`,
      );
    }
    console.error(`seeded ${missing} operation-log rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  await knex.destroy();
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(port: number) {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: BASE, LOG_REQUESTS: '0', NODE_ENV: 'production', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('is running at')) resolve();
    });
    child.on('exit', (c) => reject(new Error(`server exited ${c}: ${out}`)));
  });
  return child;
}

function cannon(url: string, cookie: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

async function floor(sql: string): Promise<{ rps: number; p50ms: number; p99ms: number }> {
  const pool = mysql.createPool({ uri: BASE, connectionLimit: CONNECTIONS });
  const times: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        await pool.query(sql);
        times.push(performance.now() - t0);
      }
    }),
  );
  await pool.end();
  times.sort((a, b) => a - b);
  return { rps: Math.round(times.length / SECONDS), p50ms: +times[Math.floor(times.length * 0.5)].toFixed(2), p99ms: +times[Math.floor(times.length * 0.99)].toFixed(2) };
}

async function main() {
  await prepare();
  const port = await freePort();
  const server = await startServer(port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = await fetch(`${base}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: process.env.DEMO_PASSWORD || 'Demo@12345' }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const deepPage = Math.floor(ROWS / 20 / 2);
    const cases = [
      { name: 'page 1', query: 'page=1&pageSize=20', sql: 'SELECT * FROM sys_audit_log ORDER BY id DESC LIMIT 20' },
      { name: `deep page ${deepPage}`, query: `page=${deepPage}&pageSize=20`, sql: `SELECT * FROM sys_audit_log ORDER BY id DESC LIMIT 20 OFFSET ${(deepPage - 1) * 20}` },
      {
        name: `deep page ${deepPage} by keyset (next page as the grid asks for it)`,
        query: `page=${deepPage}&pageSize=20&after=${ROWS / 2}`,
        sql: `SELECT * FROM sys_audit_log WHERE id < ${ROWS / 2} ORDER BY id DESC LIMIT 20`,
      },
      {
        name: 'filtered + sorted (resource = system.role, by time asc, page 50)',
        query: 'resource=system.role&sort=createdAt:asc&page=50&pageSize=20',
        sql: "SELECT * FROM sys_audit_log WHERE resource = 'system.role' ORDER BY created_at ASC, id ASC LIMIT 20 OFFSET 980",
      },
    ];
    const results = [];
    for (const c of cases) {
      for (const total of [true, false]) {
        const url = `${base}/api/system/operLog?${c.query}${total ? '' : '&total=0'}`;
        const check = await (await fetch(url, { headers: { cookie } })).json();
        if (check.code !== 200) throw new Error(`${c.name}: ${JSON.stringify(check).slice(0, 200)}`);
        const r = await cannon(url, cookie);
        results.push({ case: c.name, total, rps: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, errors: r.errors + r.non2xx, rowsOnPage: check.data.rows.length, totalRows: check.data.total });
      }
      results.push({ case: `${c.name} — raw mysql2 floor`, ...(await floor(c.sql)) });
    }
    console.log(JSON.stringify({ rows: ROWS, connections: CONNECTIONS, secondsPerCase: SECONDS, results }, null, 2));
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
