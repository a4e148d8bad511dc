// Missed schedules: schedulers stopped over a job's cron tick and started again (two at once,
// on two knex pools of one MariaDB, as two processes would) run a catchUp job once for the
// outage, and leave the others to their next tick. The outage is made by moving the job
// history back in time (the clock the scheduler compares against), with a cron every minute.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { knexConfig, toDate } from '../db/knex.server';
import { previousRun } from './cron';
import { missedTick } from './catchup.server';
import { createScheduler } from './scheduler.server';
import { TEST_REDIS_URL, testPrefix, waitFor } from './test-db';
import { testJob, jobsPlugin, setUpJobsDb } from './jobs.fixture';

const EVERY_MINUTE = '0 * * * * *';
const job = (name: string, catchUp: boolean) => testJob(name, { cron: EVERY_MINUTE, exclusive: true, catchUp }, async (ctx) => `ran with ${JSON.stringify(ctx.data)}`);

const testPlugin = jobsPlugin('jobcatch', [job('jobcatch.bills', true), job('jobcatch.cleanup', false), job('jobcatch.paused', true), job('jobcatch.added', true)]);

const MIN = 60_000;
const prefix = testPrefix('catch');
const db = setUpJobsDb([testPlugin], prefix);
let other: Knex;

beforeAll(async () => {
  other = knexFactory(knexConfig(db.url));
  // The cases below expect no new tick while they run: start well clear of a minute's end.
  const toNextTick = MIN - (Date.now() % MIN);
  if (toNextTick < 15_000) await new Promise((r) => setTimeout(r, toNextTick + 200));
  const now = Date.now();
  // Every job existed for 10 minutes and last ran 5 minutes ago; then the schedulers stopped.
  await db
    .knex('sys_job')
    .whereIn('name', ['jobcatch.bills', 'jobcatch.cleanup', 'jobcatch.paused'])
    .update({ created_at: new Date(now - 10 * MIN) });
  for (const name of ['jobcatch.bills', 'jobcatch.cleanup', 'jobcatch.paused']) {
    await db
      .knex('sys_job_log')
      .insert({ job_name: name, trigger: 'cron', status: 'success', runner: 'inprocess', started_at: new Date(now - 5 * MIN), finished_at: new Date(now - 5 * MIN), duration_ms: 3 });
  }
  await db.knex('sys_job').where({ name: 'jobcatch.paused' }).update({ status: 'paused' });
  // jobcatch.added was enabled just now: the ticks before it are not its own.
  await db
    .knex('sys_job')
    .where({ name: 'jobcatch.added' })
    .update({ created_at: new Date(now) });
});

afterAll(async () => {
  await other?.destroy();
});

const catchUps = (name: string) => db.knex('sys_job_log').where({ job_name: name, trigger: 'catchUp' }).orderBy('id');

/** Moves the whole job history back, as if it happened `ms` earlier (a later outage). */
async function shiftHistory(ms: number) {
  for (const r of await db.knex('sys_job_log').select('id', 'started_at', 'finished_at')) {
    await db
      .knex('sys_job_log')
      .where({ id: r.id })
      .update({ started_at: new Date(toDate(r.started_at)!.getTime() - ms), finished_at: r.finished_at ? new Date(toDate(r.finished_at)!.getTime() - ms) : null });
  }
  for (const r of await db.knex('sys_job').select('name', 'created_at', 'caught_up_tick')) {
    await db
      .knex('sys_job')
      .where({ name: r.name })
      .update({ created_at: new Date(toDate(r.created_at)!.getTime() - ms), caught_up_tick: r.caught_up_tick === null ? null : Number(r.caught_up_tick) - ms });
  }
}

describe('catching up missed schedules', () => {
  it('finds the last missed tick only for catch-up jobs that existed then and are not paused', async () => {
    const tick = await missedTick(db.knex, db.registry, 'jobcatch.bills');
    expect(tick?.getTime()).toBe(previousRun(EVERY_MINUTE, new Date()).getTime());
    expect(await missedTick(db.knex, db.registry, 'jobcatch.cleanup')).toBeNull();
    expect(await missedTick(db.knex, db.registry, 'jobcatch.paused')).toBeNull();
    expect(await missedTick(db.knex, db.registry, 'jobcatch.added')).toBeNull();
  });

  it('two in-process schedulers restarted together run the missed job once, not once per tick or per process', async () => {
    const a = createScheduler(db.registry, { knex: db.knex });
    const b = createScheduler(db.registry, { knex: other });
    await Promise.all([a.start(), b.start()]);
    // close() lets runs started by start() finish.
    await Promise.all([a.close(), b.close()]);

    const rows = await catchUps('jobcatch.bills');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'success', runner: 'inprocess' });
    expect(rows[0].message).toContain('"catchUp":true');
    for (const name of ['jobcatch.cleanup', 'jobcatch.paused', 'jobcatch.added']) expect(await catchUps(name)).toHaveLength(0);

    // Started again with nothing missed since: no second catch-up.
    const c = createScheduler(db.registry, { knex: db.knex });
    await c.start();
    await c.close();
    expect(await catchUps('jobcatch.bills')).toHaveLength(1);
  });

  it('two BullMQ workers restarted together after an outage queue and run the catch-up once', async () => {
    await shiftHistory(10 * MIN);
    const before = (await catchUps('jobcatch.bills')).length;
    const opts = { redisUrl: TEST_REDIS_URL, prefix, worker: true, concurrency: 1 };
    // A web process (worker: false) starting meanwhile does not catch up: only workers run jobs.
    const web = createScheduler(db.registry, { ...opts, knex: db.knex, worker: false });
    await web.start();
    const workers = [createScheduler(db.registry, { ...opts, knex: db.knex }), createScheduler(db.registry, { ...opts, knex: other })];
    onTestFinished(async () => {
      await web.close();
      await Promise.all(workers.map((w) => w.close()));
    });
    await Promise.all(workers.map((w) => w.start()));
    await waitFor(async () => (await catchUps('jobcatch.bills')).filter((r) => r.status === 'success').length > before, 15_000);
    // Give a duplicate every chance to show up before counting.
    await new Promise((r) => setTimeout(r, 1000));
    const rows = (await catchUps('jobcatch.bills')).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'success', runner: 'bullmq' });
    expect(await catchUps('jobcatch.cleanup')).toHaveLength(0);
  });
});
