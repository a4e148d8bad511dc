// An import whose runner is killed part-way finishes with every valid row exactly once: a real
// BullMQ worker process on MariaDB + Redis is SIGKILLed mid-import and a second worker takes
// the redelivered job over from the last committed chunk; killed twice over, BullMQ gives the
// job up and a worker queues it again within seconds; without Redis, a web process (the
// in-process scheduler on SQLite) killed mid-import is taken up again by the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, envelope, respond } from '../../tests/support/http';
import { setUpTempDir, setUpTestDb } from '../../tests/support/suite';
import system from '../../plugins/system';
import { knexConfig, setKnex } from '../db/knex.server';
import { migrateAll, seedAll } from '../db/migrate.server';
import { createScheduler, getScheduler, setScheduler } from '../jobs/scheduler.server';
import { cleanPrefix, TEST_REDIS_URL, testPrefix, waitFor } from '../jobs/test-db';
import { createRegistry, getRegistry, setRegistry, type Registry } from '../registry.server';
import { action as importAction } from '../../app/routes/api.$plugin.$resource.import';
import { SLOW_TABLE, slowPlugin } from './import/kill.fixture';
import type { ImportRowError } from './import/types';

const WORKER = path.join(__dirname, 'import', 'kill-worker.fixture.ts');
const ROWS = 1200;
/** Rows with an empty name: one in the first chunk, one in the last. */
const BAD = new Set([7, 1103]);
const ENV = { IMPORT_TEST_ROW_MS: '3', IMPORT_STALE_MS: '3000', JOBS_LOCK_MS: '2000', JOBS_STALLED_CHECK_MS: '1000', LOG_REQUESTS: '0' };

let previousRegistry: Registry | undefined;
const dataDir = setUpTempDir('port-import-kill-', 'DATA_DIR');
const children = new Set<ChildProcess>();
/** Resolves once the worker said it is ready. */
const readyOf = new WeakMap<ChildProcess, Promise<void>>();

function csvOf(prefix: string, bad: Set<number> = BAD): string {
  const lines = ['code,name'];
  for (let i = 0; i < ROWS; i++) lines.push(`${prefix}${String(i).padStart(5, '0')},${bad.has(i) ? '' : `item ${i}`}`);
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

function startWorker(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, ...ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let ready: () => void = () => undefined;
  readyOf.set(child, new Promise<void>((r) => (ready = r)));
  const onData = (d: unknown) => {
    out += String(d);
    if (out.includes('[kill-worker] ready')) ready();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (code && code !== 0) console.error(`[kill test] worker ${child.pid} exited ${code} ${signal ?? ''}\n${out.slice(-4000)}`);
  });
  children.add(child);
  return child;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  await exited;
}

/** Starts a second runner and waits until it has finished the import. */
async function finishWith(env: Record<string, string>, sys: () => Promise<{ status: string }>, timeoutMs: number): Promise<void> {
  const next = startWorker(env);
  try {
    await waitFor(async () => (await sys()).status === 'done', timeoutMs, 40);
  } finally {
    await stop(next, 'SIGTERM');
  }
}

/** Every valid row once, and the bad rows reported (both the one before and the one after the kill). */
async function expectEveryValidRowOnce(knex: Knex, id: number, prefix: string, bad: Set<number> = BAD) {
  const row = await knex('sys_import').where({ id }).first();
  expect(row).toMatchObject({ status: 'done', total: ROWS, processed: ROWS, inserted: ROWS - bad.size, failed: bad.size });
  const twice = await knex(SLOW_TABLE).where('code', 'like', `${prefix}%`).groupBy('code').havingRaw('count(*) > 1').select('code');
  expect(twice).toEqual([]);
  const [{ n }] = await knex(SLOW_TABLE).where('code', 'like', `${prefix}%`).count({ n: '*' });
  expect(Number(n)).toBe(ROWS - bad.size);
  const errors = JSON.parse(row.errors ?? '[]') as ImportRowError[];
  // Spreadsheet rows: the header is row 1.
  expect(errors.map((e) => e.row)).toEqual([...bad].map((i) => i + 2));
}

beforeAll(() => {
  previousRegistry = getRegistry();
});

afterAll(async () => {
  await Promise.all([...children].map((c) => stop(c, 'SIGKILL')));
  setRegistry(previousRegistry);
});

describe('a BullMQ worker killed mid-import (MariaDB + Redis)', () => {
  const db = setUpTestDb({ plugins: [system, slowPlugin], registry: true, logins: ['admin'] });
  const prefix = testPrefix('impkill');

  afterAll(async () => {
    const s = getScheduler();
    setScheduler(undefined);
    await s.close().catch(() => undefined);
    await cleanPrefix(prefix);
  });

  async function upload(codePrefix: string, mode: 'all' | 'valid'): Promise<number> {
    const form = new FormData();
    // All-or-nothing gets a file without errors: all of it goes in, once.
    form.append('file', new Blob([csvOf(codePrefix, mode === 'all' ? new Set() : BAD)]), 'slow.csv');
    form.append('mode', mode);
    const request = new Request(`${BASE}/api/impslow/items/import`, { method: 'POST', body: form, headers: { Cookie: db.cookies.admin, 'x-port-client-ip': '10.0.0.9' } });
    const body = await envelope(await respond(importAction, request, { plugin: 'impslow', resource: 'items' }));
    expect(body.code, body.msg).toBe(200);
    return (body.data as { importId: number }).importId;
  }

  it.each(['valid', 'all'] as const)('%s rows: a second worker finishes the import with every valid row once', async (mode) => {
    setScheduler(createScheduler(db.registry, { redisUrl: TEST_REDIS_URL, knex: db.knex, prefix }));
    const env = { KILL_MODE: 'bullmq', DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL, JOBS_PREFIX: prefix };
    const first = startWorker(env);
    const codePrefix = `K${mode[0].toUpperCase()}`;
    const id = await upload(codePrefix, mode);
    const sys = () => db.knex('sys_import').where({ id }).first();

    // Part-way: valid rows only has committed at least one chunk (its cursor); all-or-nothing
    // is inside its one transaction.
    const seen = await waitFor(async () => {
      const r = await sys();
      return r.status === 'running' && r.processed >= (mode === 'valid' ? 500 : 300) && r.processed < ROWS ? r : null;
    }, 60_000, 40);
    await stop(first, 'SIGKILL');
    const [{ n: atKill }] = await db.knex(SLOW_TABLE).where('code', 'like', `${codePrefix}%`).count({ n: '*' });
    if (mode === 'valid') {
      // Committed chunk by chunk: what is in is what the cursor says.
      expect(seen.processed % 500).toBe(0);
      expect(Number(atKill)).toBeGreaterThan(0);
    } else {
      expect(Number(atKill)).toBe(0);
    }
    expect((await sys()).status).toBe('running');

    await finishWith(env, sys, 90_000);
    await expectEveryValidRowOnce(db.knex, id, codePrefix, mode === 'all' ? new Set() : BAD);
  }, 180_000);

  it('killed twice over: BullMQ gives the job up, and a worker queues it again at once', async () => {
    setScheduler(createScheduler(db.registry, { redisUrl: TEST_REDIS_URL, knex: db.knex, prefix }));
    const env = { KILL_MODE: 'bullmq', DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL, JOBS_PREFIX: prefix, JOBS_SWEEP_MS: '500' };
    const pidOf = (claim: unknown) => Number(String(claim ?? '').split(':')[1]);
    const first = startWorker(env);
    const id = await upload('KT', 'valid');
    const sys = () => db.knex('sys_import').where({ id }).first();
    await waitFor(async () => {
      const r = await sys();
      return r.status === 'running' && r.processed >= 500 && r.processed < ROWS && pidOf(r.claimed_by) === first.pid ? r : null;
    }, 60_000, 40);
    // Two more, ready before the kill (so that neither takes the import up at its start).
    const others = [startWorker(env), startWorker(env)];
    await Promise.all(others.map((w) => readyOf.get(w)));
    await stop(first, 'SIGKILL');
    // One of them is handed the job (BullMQ: stalled once) and claims the import: killed too.
    const taken = await waitFor(async () => {
      const r = await sys();
      return r.status === 'running' && others.some((w) => w.pid === pidOf(r.claimed_by)) ? r : null;
    }, 30_000, 20);
    const second = others.find((w) => w.pid === pidOf(taken.claimed_by))!;
    const last = others.find((w) => w !== second)!;
    await stop(second, 'SIGKILL');
    const since = Date.now();
    // Stalled twice: BullMQ fails the job for good; the last worker queues it again.
    await waitFor(async () => (await sys()).status === 'done', 30_000, 50);
    // The stall (≤ 3 s), the sweep (0.5 s), the dead claim going stale (3 s), the rest of the rows.
    expect(Date.now() - since).toBeLessThan(20_000);
    expect(pidOf((await sys()).claimed_by)).toBe(last.pid);
    await expectEveryValidRowOnce(db.knex, id, 'KT');
    await stop(last, 'SIGTERM');
  }, 180_000);
});

describe('a web process killed mid-import (in-process jobs, SQLite)', () => {
  let knex: Knex;
  let url: string;

  beforeAll(async () => {
    url = `sqlite:${path.join(dataDir.path, 'app.sqlite')}`;
    knex = knexFactory(knexConfig(url));
    const registry = createRegistry([system, slowPlugin]);
    await migrateAll(knex, registry.plugins);
    await seedAll(knex, registry.plugins, registry);
  });

  afterAll(async () => {
    setKnex(undefined);
    await knex?.destroy();
  });

  it('is taken up again from its committed cursor at the next start', async () => {
    const admin = await knex('sys_user').where({ username: 'admin' }).first();
    fs.mkdirSync(path.join(dataDir.path, 'imports'), { recursive: true });
    const file = path.join(dataDir.path, 'imports', 'inprocess-kill.csv');
    fs.writeFileSync(file, csvOf('KS'));
    const [id] = await knex('sys_import').insert({
      resource: 'impslow.items',
      file_name: 'slow.csv',
      file_path: file,
      mode: 'valid',
      status: 'queued',
      total: 0,
      processed: 0,
      inserted: 0,
      failed: 0,
      created_by: admin.id,
      created_at: new Date(),
      lang: 'en',
    });
    const sys = () => knex('sys_import').where({ id }).first();
    const env = { KILL_MODE: 'inprocess', DATABASE_URL: url, DATA_DIR: dataDir.path, IMPORT_STALE_MS: '600000' };
    const web = startWorker({ ...env, IMPORT_ID: String(id) });
    await waitFor(async () => {
      const r = await sys();
      return r.status === 'running' && r.processed >= 500 && r.processed < ROWS ? r : null;
    }, 60_000, 40);
    await stop(web, 'SIGKILL');
    expect((await sys()).status).toBe('running');

    // The next start: its heartbeat is far from stale (10 minutes), but on SQLite nothing else
    // can be running it.
    await finishWith(env, sys, 60_000);
    await expectEveryValidRowOnce(knex, Number(id), 'KS');
    expect((await sys()).message).toBe(`${ROWS - BAD.size} rows imported; ${BAD.size} rows with errors were skipped`);
    const log = await knex('sys_job_log').where({ job_name: 'core.importRecovery' }).orderBy('id', 'desc').first();
    expect(log.message).toBe(`imports handed over again: ${id}`);
  }, 120_000);
});
