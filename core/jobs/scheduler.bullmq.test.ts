// BullMQ scheduler on real Redis: the web process enqueues (worker: false), a worker process
// (worker: true, as jobs/worker.ts) runs the jobs and writes the job log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createScheduler, QUEUE_NAME, type JobScheduler } from './scheduler.server';
import { pauseJob, resumeJob, updateCron } from './admin.server';
import { countLogs, TEST_REDIS_URL, testPrefix, waitFor } from './test-db';
import { testJob, jobsPlugin, setUpJobsDb } from './jobs.fixture';

const testPlugin = jobsPlugin('jobbull', [
  testJob('jobbull.nightly', { cron: '0 30 2 * * *' }, async (ctx) => {
    ctx.log(`data ${JSON.stringify(ctx.data)}`);
    return `nightly done (log ${ctx.logId})`;
  }),
  testJob('jobbull.onDemand', async () => 'on demand'),
  testJob('jobbull.fail', async () => {
    throw new Error('bull boom');
  }),
]);

const prefix = testPrefix('bull');
const db = setUpJobsDb([testPlugin], prefix);
let web: JobScheduler;
let worker: JobScheduler;
let connection: Redis;
let queue: Queue;

beforeAll(async () => {
  web = createScheduler(db.registry, { redisUrl: TEST_REDIS_URL, knex: db.knex, prefix, worker: false });
  worker = createScheduler(db.registry, { redisUrl: TEST_REDIS_URL, knex: db.knex, prefix, worker: true });
  connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue(QUEUE_NAME, { connection, prefix });
});

afterAll(async () => {
  await web?.close();
  await worker?.close();
  await queue?.close();
  await connection?.quit();
});

const deps = () => ({ knex: db.knex, registry: db.registry, scheduler: web, actorId: 1 });

describe('BullMQ scheduler', () => {
  it('registers a job scheduler per normal cron job', async () => {
    expect(web.mode).toBe('bullmq');
    await web.start();
    const schedulers = await queue.getJobSchedulers(0, -1);
    const byKey = Object.fromEntries(schedulers.map((s) => [s.key, s]));
    expect(byKey['jobbull.nightly']).toMatchObject({ pattern: '0 30 2 * * *' });
    expect(byKey['core.sessionCleanup']).toMatchObject({ pattern: '0 */10 * * * *' });
    expect(byKey['jobbull.onDemand']).toBeUndefined();
    // The next occurrence is waiting as a delayed job.
    const delayed = await queue.getDelayed();
    expect(delayed.some((j) => j.name === 'jobbull.nightly')).toBe(true);
  });

  it('removes the scheduler on pause, restores it on resume, follows cron edits', async () => {
    await pauseJob(deps(), 'jobbull.nightly');
    expect(await queue.getJobScheduler('jobbull.nightly')).toBeUndefined();
    // start() again (e.g. a restart) keeps a paused job unscheduled.
    await web.start();
    expect(await queue.getJobScheduler('jobbull.nightly')).toBeUndefined();

    await resumeJob(deps(), 'jobbull.nightly');
    expect(await queue.getJobScheduler('jobbull.nightly')).toMatchObject({ pattern: '0 30 2 * * *' });

    await updateCron(deps(), 'jobbull.nightly', '0 15 1 * * *');
    expect(await queue.getJobScheduler('jobbull.nightly')).toMatchObject({ pattern: '0 15 1 * * *' });
    const sched = await queue.getJobScheduler('jobbull.nightly');
    expect(sched?.template?.opts).toMatchObject({ attempts: 3, backoff: { type: 'exponential', delay: 5000 } });
  });

  it('runOnce enqueues and a worker writes the log row', async () => {
    await worker.start();
    const r = await web.runOnce('jobbull.onDemand');
    expect(r).toEqual({ queued: true });
    const row = await waitFor(() => db.knex('sys_job_log').where({ job_name: 'jobbull.onDemand', status: 'success' }).first(), 10_000);
    expect(row).toMatchObject({ trigger: 'manual', runner: 'bullmq', message: 'on demand' });
    expect(row.duration_ms).toBeGreaterThanOrEqual(0);

    // A paused cron job still runs by hand.
    await pauseJob(deps(), 'jobbull.nightly');
    await web.runOnce('jobbull.nightly');
    const nightly = await waitFor(() => db.knex('sys_job_log').where({ job_name: 'jobbull.nightly', status: 'success' }).first(), 10_000);
    expect(nightly.message).toBe(`nightly done (log ${nightly.id})`);
    await resumeJob(deps(), 'jobbull.nightly');
  });

  it('a failing job is logged as failed and retried by BullMQ', async () => {
    await web.runOnce('jobbull.fail');
    const row = await waitFor(() => db.knex('sys_job_log').where({ job_name: 'jobbull.fail', status: 'failed' }).first(), 10_000);
    expect(row.error).toContain('bull boom');
    // The processor threw: BullMQ keeps the job for a retry after the backoff.
    const retry = await waitFor(async () => (await queue.getDelayed()).find((j) => j.name === 'jobbull.fail'), 5000);
    expect(retry.attemptsMade).toBe(1);
    expect(await countLogs(db.knex, { job_name: 'jobbull.fail' })).toBe(1);
    await retry.remove();
  });

  it('rejects unknown jobs', async () => {
    await expect(web.runOnce('jobbull.nope')).rejects.toThrow(/unknown job/);
  });
});
