// Exclusive jobs across processes: the lock stores (sys_lock row, Redis) and what an operator
// sees when "run once" is pressed on two processes at once: one run works, the other is
// skipped and says so in the job log. Two knex pools on one MariaDB stand for two processes.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { Redis } from 'ioredis';
import { knexConfig } from '../db/knex.server';
import { dbLockStore, holdLock, redisLockStore, type LockStore } from './lock.server';
import { runJob, SKIPPED_RUNNING } from './run.server';
import { createScheduler, type JobScheduler } from './scheduler.server';
import { TEST_REDIS_URL, testPrefix, waitFor } from './test-db';
import { testJob, jobsPlugin, setUpJobsDb } from './jobs.fixture';

/** A run that stays in progress until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}
let exclusiveGate = gate();
let active = 0;
let maxActive = 0;

/** A job whose runs stay in progress until the test opens the gate, counting how many overlap. */
const gatedJob = (name: string, exclusive: boolean, result: string) =>
  testJob(name, { exclusive }, async () => {
    active++;
    maxActive = Math.max(maxActive, active);
    await exclusiveGate.opened;
    active--;
    return result;
  });

const testPlugin = jobsPlugin('joblock', [gatedJob('joblock.exclusive', true, 'did the work'), gatedJob('joblock.parallel', false, 'parallel')]);

const prefix = testPrefix('lock');
const db = setUpJobsDb([testPlugin], prefix);
let other: Knex;
let redis: Redis;

beforeAll(async () => {
  other = knexFactory(knexConfig(db.url));
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
});

afterAll(async () => {
  await other?.destroy();
  await redis?.quit();
});

const stores: [string, () => [LockStore, LockStore]][] = [
  ['database (sys_lock)', () => [dbLockStore(db.knex), dbLockStore(other)]],
  ['Redis', () => [redisLockStore(redis, prefix), redisLockStore(redis, prefix)]],
];

describe.each(stores)('lock store on %s', (_label, make) => {
  it('refuses a second holder until the first releases', async () => {
    const [a, b] = make();
    const token = await a.acquire('t1', 30_000);
    expect(token).toBeTruthy();
    expect(await b.acquire('t1', 30_000)).toBeNull();
    // Releasing with another token frees nothing.
    await b.release('t1', 'not-the-token');
    expect(await b.acquire('t1', 30_000)).toBeNull();
    await a.release('t1', token!);
    const again = await b.acquire('t1', 30_000);
    expect(again).toBeTruthy();
    await b.release('t1', again!);
  });

  it('takes over a lock whose holder died (expired), and the old holder can no longer renew or free it', async () => {
    const [a, b] = make();
    const dead = await a.acquire('t2', 200);
    expect(dead).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    const next = await b.acquire('t2', 30_000);
    expect(next).toBeTruthy();
    expect(await a.extend('t2', dead!, 30_000)).toBe(false);
    await a.release('t2', dead!);
    expect(await a.acquire('t2', 30_000)).toBeNull();
    await b.release('t2', next!);
  });

  it('keeps a held lock alive past its expiry by renewing it', async () => {
    const [a, b] = make();
    const held = await holdLock(a, 't3', 1500);
    expect(held).not.toBeNull();
    await new Promise((r) => setTimeout(r, 2600));
    expect(held!.held).toBe(true);
    expect(await b.acquire('t3', 1500)).toBeNull();
    await held!.release();
    const after = await b.acquire('t3', 1500);
    expect(after).toBeTruthy();
    await b.release('t3', after!);
  });
});

describe('exclusive jobs', () => {
  it('of two runs at once on two processes, one works and the other is logged as skipped', async () => {
    exclusiveGate = gate();
    maxActive = 0;
    const first = runJob(db.registry, 'joblock.exclusive', { trigger: 'manual', runner: 'inprocess', knex: db.knex });
    await waitFor(async () => active === 1);
    const second = await runJob(db.registry, 'joblock.exclusive', { trigger: 'cron', runner: 'inprocess', knex: other });
    expect(second.status).toBe('skipped');
    exclusiveGate.open();
    expect((await first).status).toBe('success');
    expect(maxActive).toBe(1);

    const rows = await db.knex('sys_job_log').where({ job_name: 'joblock.exclusive' }).orderBy('id');
    expect(rows.map((r) => [r.trigger, r.status])).toEqual([
      ['manual', 'success'],
      ['cron', 'skipped'],
    ]);
    expect(rows[1].message).toBe(SKIPPED_RUNNING);
    expect(rows[0].message).toBe('did the work');

    // Released: the next run goes.
    expect((await runJob(db.registry, 'joblock.exclusive', { trigger: 'manual', runner: 'inprocess', knex: other })).status).toBe('success');
  });

  it('a job that is not exclusive runs twice at once', async () => {
    exclusiveGate = gate();
    maxActive = 0;
    const a = runJob(db.registry, 'joblock.parallel', { trigger: 'manual', runner: 'inprocess', knex: db.knex });
    const b = runJob(db.registry, 'joblock.parallel', { trigger: 'manual', runner: 'inprocess', knex: other });
    await waitFor(async () => active === 2);
    exclusiveGate.open();
    expect((await Promise.all([a, b])).map((r) => r.status)).toEqual(['success', 'success']);
    expect(maxActive).toBe(2);
  });

  it('"run once" on two BullMQ workers at once: one run, the other skipped', async () => {
    exclusiveGate = gate();
    maxActive = 0;
    const workers: JobScheduler[] = [
      createScheduler(db.registry, { redisUrl: TEST_REDIS_URL, knex: db.knex, prefix, worker: true, concurrency: 1, catchUp: false }),
      createScheduler(db.registry, { redisUrl: TEST_REDIS_URL, knex: other, prefix, worker: true, concurrency: 1, catchUp: false }),
    ];
    const web = createScheduler(db.registry, { redisUrl: TEST_REDIS_URL, knex: db.knex, prefix, worker: false });
    onTestFinished(async () => {
      exclusiveGate.open();
      await web.close();
      await Promise.all(workers.map((w) => w.close()));
    });
    await Promise.all(workers.map((w) => w.start()));
    const before = await db.knex('sys_job_log').where({ job_name: 'joblock.exclusive' }).max({ id: 'id' }).first();
    const since = Number(before?.id ?? 0);
    await Promise.all([web.runOnce('joblock.exclusive'), web.runOnce('joblock.exclusive')]);
    const skipped = await waitFor(() => db.knex('sys_job_log').where({ job_name: 'joblock.exclusive', status: 'skipped', runner: 'bullmq' }).andWhere('id', '>', since).first(), 15_000);
    expect(skipped.message).toBe(SKIPPED_RUNNING);
    exclusiveGate.open();
    await waitFor(() => db.knex('sys_job_log').where({ job_name: 'joblock.exclusive', status: 'success', runner: 'bullmq' }).andWhere('id', '>', since).first(), 15_000);
    const rows = await db.knex('sys_job_log').where({ job_name: 'joblock.exclusive' }).andWhere('id', '>', since);
    expect(rows.map((r) => r.status).sort()).toEqual(['skipped', 'success']);
    expect(maxActive).toBe(1);
  });
});
