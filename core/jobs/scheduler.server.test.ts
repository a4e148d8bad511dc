// In-process scheduler: the embedded default without Redis.
import { beforeAll, describe, expect, it, vi, onTestFinished } from 'vitest';
import { createScheduler, getScheduler, MAX_TIMER_MS, setScheduler } from './scheduler.server';
import { countLogs, waitFor } from './test-db';
import { testJob, jobsPlugin, setUpJobsDb } from './jobs.fixture';

let slowRuns = 0;
let slowActive = 0;
let slowMaxActive = 0;

const testPlugin = jobsPlugin('jobsched', [
  testJob('jobsched.tick', { cron: '* * * * * *' }, async () => 'tick'),
  testJob('jobsched.slow', { cron: '* * * * * *' }, async () => {
    slowRuns++;
    slowActive++;
    slowMaxActive = Math.max(slowMaxActive, slowActive);
    await new Promise((r) => setTimeout(r, 1300));
    slowActive--;
    return 'slow';
  }),
  testJob('jobsched.yearly', { cron: '0 0 1 1 *' }, async () => 'happy new year'),
  testJob('jobsched.manual', async (ctx) => {
    ctx.log('by hand');
  }),
]);

const db = setUpJobsDb([testPlugin]);

beforeAll(async () => {
  // Only the jobs a test wants run on their cron.
  await db.knex('sys_job').update({ status: 'paused' });
});

const setStatus = (name: string, status: 'normal' | 'paused') => db.knex('sys_job').where({ name }).update({ status });

describe('in-process scheduler', () => {
  it('runs an every-second cron job within 2.5 s and stops after close()', async () => {
    await setStatus('jobsched.tick', 'normal');
    const s = createScheduler(db.registry, { knex: db.knex });
    expect(s.mode).toBe('inprocess');
    try {
      await s.start();
      await waitFor(() => countLogs(db.knex, { job_name: 'jobsched.tick', status: 'success' }), 2500, 50);
    } finally {
      await s.close();
      await setStatus('jobsched.tick', 'paused');
    }
    const rows = await db.knex('sys_job_log').where({ job_name: 'jobsched.tick' });
    expect(rows.every((r) => r.trigger === 'cron' && r.runner === 'inprocess' && r.status === 'success')).toBe(true);
    expect(rows.length).toBeLessThanOrEqual(3);
    const after = rows.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(await countLogs(db.knex, { job_name: 'jobsched.tick' })).toBe(after);
  });

  it('skips a job paused at fire time and follows reschedule', async () => {
    await setStatus('jobsched.tick', 'normal');
    const before = await countLogs(db.knex, { job_name: 'jobsched.tick' });
    const s = createScheduler(db.registry, { knex: db.knex });
    const scheduled = () => (s as unknown as { scheduled(): Record<string, string> }).scheduled();
    onTestFinished(async () => {
      await s.close();
      await db.knex('sys_job').where({ name: 'jobsched.tick' }).update({ cron: '* * * * * *', status: 'paused' });
    });
    await s.start();
    expect(scheduled()).toEqual({ 'jobsched.tick': '* * * * * *' });
    // Paused behind the scheduler's back: the timer still fires, the run is skipped.
    await setStatus('jobsched.tick', 'paused');
    await new Promise((r) => setTimeout(r, 2200));
    expect(await countLogs(db.knex, { job_name: 'jobsched.tick' })).toBe(before);
    expect(scheduled()).toEqual({});

    // Resumed and rescheduled: runs again.
    await setStatus('jobsched.tick', 'normal');
    await s.reschedule('jobsched.tick');
    expect(scheduled()).toEqual({ 'jobsched.tick': '* * * * * *' });
    await waitFor(async () => (await countLogs(db.knex, { job_name: 'jobsched.tick' })) > before, 2500, 50);

    // Cron edited in sys_job, then rescheduled: the new pattern is armed.
    await db.knex('sys_job').where({ name: 'jobsched.tick' }).update({ cron: '0 0 3 * * *' });
    await s.reschedule('jobsched.tick');
    expect(scheduled()).toEqual({ 'jobsched.tick': '0 0 3 * * *' });

    // Paused and rescheduled: nothing armed.
    await setStatus('jobsched.tick', 'paused');
    await s.reschedule('jobsched.tick');
    expect(scheduled()).toEqual({});
  });

  it('never overlaps runs of the same job', async () => {
    await setStatus('jobsched.slow', 'normal');
    const s = createScheduler(db.registry, { knex: db.knex });
    try {
      await s.start();
      await waitFor(async () => slowRuns >= 1, 2500, 20);
      // A manual run while the cron run is in progress waits for it.
      const manual = await s.runOnce('jobsched.slow');
      expect(manual.queued).toBe(false);
      expect(slowMaxActive).toBe(1);
    } finally {
      await s.close();
      await setStatus('jobsched.slow', 'paused');
    }
    expect(slowActive).toBe(0);
    expect(slowMaxActive).toBe(1);
    const rows = await db.knex('sys_job_log').where({ job_name: 'jobsched.slow' }).orderBy('id');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < rows.length; i++) expect(rows[i].started_at.getTime()).toBeGreaterThanOrEqual(rows[i - 1].finished_at.getTime());
  });

  it('runOnce runs now, paused or on-demand, and returns the log id', async () => {
    const s = createScheduler(db.registry, { knex: db.knex });
    onTestFinished(() => s.close());
    const r = await s.runOnce('jobsched.manual');
    expect(r.queued).toBe(false);
    const row = await db.knex('sys_job_log').where({ id: r.logId }).first();
    expect(row).toMatchObject({ job_name: 'jobsched.manual', trigger: 'manual', runner: 'inprocess', status: 'success', message: 'by hand' });
    const paused = await s.runOnce('jobsched.yearly'); // paused in beforeAll
    expect((await db.knex('sys_job_log').where({ id: paused.logId }).first()).message).toBe('happy new year');
    await expect(s.runOnce('jobsched.nope')).rejects.toThrow(/unknown job/);
  });

  it('chains timers longer than setTimeout allows', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    onTestFinished(async () => {
      vi.useRealTimers();
      await setStatus('jobsched.yearly', 'paused');
    });
    vi.setSystemTime(new Date('2024-01-01T00:00:00.000Z'));
    const timeouts: number[] = [];
    const real = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      timeouts.push(ms ?? 0);
      return real(fn, ms);
    }) as typeof setTimeout);
    await setStatus('jobsched.yearly', 'normal');
    const s = createScheduler(db.registry, { knex: db.knex });
    await s.start();
    spy.mockRestore();
    await s.close();
    // 2025-01-01 is 366 days away: more than 2^31-1 ms (24.8 days).
    expect(timeouts).toContain(MAX_TIMER_MS);
    expect(Math.max(...timeouts)).toBe(MAX_TIMER_MS);
  });

  it('keeps one scheduler per process', async () => {
    const s = createScheduler(db.registry, { knex: db.knex });
    setScheduler(s);
    onTestFinished(async () => {
      setScheduler(undefined);
      await s.close();
    });
    expect(getScheduler()).toBe(s);
  });
});
