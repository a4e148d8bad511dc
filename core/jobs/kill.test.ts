// A BullMQ worker killed while it runs a job (MariaDB + Redis, real worker processes): the run's
// "running" log row is closed as interrupted, and the run is done once by another worker (it
// waits for the dead run's lock instead of being skipped), not lost.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import system from '../../plugins/system';
import { setUpTestDb } from '../../tests/support/suite';
import { SLOW_JOB, SLOW_JOB_DONE, SLOW_TABLE, slowPlugin } from '../resource/import/kill.fixture';
import { createScheduler, type JobScheduler } from './scheduler.server';
import { INTERRUPTED } from './run.server';
import { cleanPrefix, TEST_REDIS_URL, testPrefix, waitFor } from './test-db';

const WORKER = path.join(__dirname, '../resource/import/kill-worker.fixture.ts');
const ROOT = path.resolve(__dirname, '../..');

const db = setUpTestDb({ plugins: [system, slowPlugin], registry: true });
const prefix = testPrefix('jobkill');
const children = new Set<ChildProcess>();
let web: JobScheduler | undefined;

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await web?.close();
  await cleanPrefix(prefix);
});

/** A worker process (as jobs/worker.ts) with short lock, stall, heartbeat and sweep times; resolves once it is ready. */
async function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ROOT,
    env: {
      ...process.env,
      KILL_MODE: 'bullmq',
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      JOBS_PREFIX: prefix,
      // BullMQ hands a dead worker's job over after 2 s + one 1 s check; the job's own lock
      // outlives the dead run by 4 s; a run beats every 300 ms and is dead after three missed beats.
      JOBS_LOCK_MS: '2000',
      JOBS_STALLED_CHECK_MS: '1000',
      JOBS_EXCLUSIVE_LOCK_MS: '4000',
      JOBS_HEARTBEAT_MS: '300',
      JOBS_SWEEP_MS: '300',
      IMPORT_TEST_JOB_MS: '2500',
      LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (b: Buffer) => {
      out += String(b);
      if (process.env.KILL_DEBUG) process.stderr.write(`[w${child.pid}] ${String(b)}`);
      if (out.includes('[kill-worker] ready')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited ${code} before it was ready:\n${out.slice(-3000)}`)));
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGKILL');
  await exited;
}

describe('a worker killed while it runs an exclusive job', () => {
  it('closes the run as interrupted and another worker does the run once, within seconds', async () => {
    web = createScheduler(db.registry, { redisUrl: TEST_REDIS_URL, knex: db.knex, prefix, worker: false });
    const workers = await Promise.all([startWorker(), startWorker()]);
    expect(await web.runOnce(SLOW_JOB)).toEqual({ queued: true });
    const logs = () => db.knex('sys_job_log').where({ job_name: SLOW_JOB }).orderBy('id').select('id', 'status', 'trigger', 'message', 'finished_at');
    const killed = await waitFor(async () => (await logs()).find((r) => r.status === 'running'), 20_000, 50);
    const started = await waitFor(() => db.knex(SLOW_TABLE).where('code', 'like', 'start-%').first('code'), 5000, 20);
    const first = workers.find((w) => `start-${w.pid}` === started.code)!;
    const second = workers.find((w) => w !== first)!;
    await kill(first);
    const since = Date.now();

    const closed = await waitFor(async () => (await logs()).find((r) => r.id === killed.id && r.status === 'interrupted'), 15_000, 100);
    expect(closed.message).toBe(INTERRUPTED);
    expect(closed.finished_at).not.toBeNull();
    await waitFor(async () => (await logs()).some((r) => r.status === 'success'), 20_000, 100);
    const tookMs = Date.now() - since;

    const rows = await logs();
    expect(rows.map((r) => [r.status, r.trigger])).toEqual([
      ['interrupted', 'manual'],
      ['success', 'manual'],
    ]);
    const [{ n }] = await db.knex(SLOW_TABLE).where('code', 'like', SLOW_JOB_DONE).count({ n: '*' });
    expect(Number(n), 'the work was done once').toBe(1);
    // Handed over (2–3 s), the dead run's lock expired (≤ 4 s), then the run itself (2.5 s).
    expect(tookMs).toBeLessThan(12_000);
    expect((await db.knex(SLOW_TABLE).where('code', 'like', 'start-%').pluck('code')).sort()).toEqual([`start-${first.pid}`, `start-${second.pid}`].sort());
    await kill(second);
  }, 60_000);
});
