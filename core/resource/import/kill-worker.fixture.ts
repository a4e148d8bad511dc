// A job runner process for import.kill.test.ts, started with `node --import tsx` so that a
// SIGKILL hits the process doing the work. KILL_MODE=bullmq: a BullMQ worker (as
// jobs/worker.ts, on the system + slow test plugins); KILL_MODE=inprocess: a web process's
// in-process scheduler (started, so interrupted imports are taken up), which also runs
// IMPORT_ID when given. DATABASE_URL, REDIS_URL, JOBS_PREFIX, JOBS_LOCK_MS as for the worker;
// JOBS_EXCLUSIVE_LOCK_MS, JOBS_HEARTBEAT_MS and JOBS_SWEEP_MS shorten the scheduler's
// lockTtlMs, runHeartbeatMs and sweepMs.
import system from '../../../plugins/system';
import { getKnex } from '../../db/knex.server';
import { createScheduler, enqueueJob, setScheduler } from '../../jobs/scheduler.server';
import { setPlugins } from '../../registry.server';
import { IMPORT_JOB } from './types';
import { slowPlugin } from './kill.fixture';

async function main() {
  const registry = setPlugins([system, slowPlugin]);
  const knex = getKnex();
  const bull = process.env.KILL_MODE === 'bullmq';
  const scheduler = createScheduler(registry, {
    redisUrl: bull ? process.env.REDIS_URL : undefined,
    knex,
    worker: bull,
    prefix: process.env.JOBS_PREFIX,
    lockDuration: Number(process.env.JOBS_LOCK_MS) || undefined,
    stalledInterval: Number(process.env.JOBS_STALLED_CHECK_MS) || undefined,
    lockTtlMs: Number(process.env.JOBS_EXCLUSIVE_LOCK_MS) || undefined,
    runHeartbeatMs: Number(process.env.JOBS_HEARTBEAT_MS) || undefined,
    sweepMs: Number(process.env.JOBS_SWEEP_MS) || undefined,
  });
  setScheduler(scheduler);
  await scheduler.start();
  if (process.env.IMPORT_ID) await enqueueJob(IMPORT_JOB, { importId: Number(process.env.IMPORT_ID) });
  console.log(`[kill-worker] ready (${bull ? 'bullmq' : 'inprocess'}, pid ${process.pid})`);
  process.on('SIGTERM', () => {
    void scheduler
      .close()
      .then(() => knex.destroy())
      .finally(() => process.exit(0));
  });
}

main().catch((e) => {
  console.error('[kill-worker] failed', e);
  process.exit(1);
});
