import { describe, expect, it, onTestFinished } from 'vitest';
import { testJob, jobsPlugin, setUpJobsDb } from './jobs.fixture';
import { closeInterruptedRuns, INTERRUPTED, runJob } from './run.server';

const testPlugin = jobsPlugin('jobrun', [
  testJob('jobrun.ok', { cron: '0 0 3 * * *' }, async (ctx) => {
    ctx.log('starting');
    await new Promise((r) => setTimeout(r, 20));
    const n = (await ctx.knex('sys_job').count({ n: '*' }))[0].n;
    return `jobs: ${n}, data: ${JSON.stringify(ctx.data)}, log ${ctx.logId}`;
  }),
  testJob('jobrun.logs', async (ctx) => {
    ctx.log('one');
    ctx.log('two');
  }),
  testJob('jobrun.chatty', async (ctx) => {
    for (let i = 0; i < 500; i++) ctx.log(`line ${i} ${'x'.repeat(20)}`);
  }),
  testJob('jobrun.fail', { cron: '0 0 4 * * *' }, async (ctx) => {
    ctx.log('about to fail');
    throw new Error('boom: the job failed');
  }),
  testJob('jobrun.slow', async () => {
    await new Promise((r) => setTimeout(r, 600));
    return 'slow done';
  }),
  testJob('jobrun.hugeError', async () => {
    throw new Error('e'.repeat(50_000));
  }),
]);

const db = setUpJobsDb([testPlugin]);

const logRow = (id: number) => db.knex('sys_job_log').where({ id }).first();

describe('runJob', () => {
  it('writes a success row with message and duration', async () => {
    const r = await runJob(db.registry, 'jobrun.ok', { trigger: 'manual', runner: 'inprocess', data: { a: 1 }, knex: db.knex });
    expect(r.status).toBe('success');
    expect(r.logId).toBeGreaterThan(0);
    expect(r.message).toMatch(/^jobs: \d+, data: \{"a":1\}, log \d+$/);
    expect(r.message).toContain(`log ${r.logId}`);
    const row = await logRow(r.logId!);
    expect(row).toMatchObject({ job_name: 'jobrun.ok', trigger: 'manual', runner: 'inprocess', status: 'success', error: null });
    expect(row.message).toBe(r.message);
    expect(row.duration_ms).toBeGreaterThanOrEqual(15);
    expect(row.finished_at).toBeInstanceOf(Date);
    expect(row.finished_at.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
  });

  it('uses the collected log lines when the processor returns nothing, capped at 1000 chars', async () => {
    const r = await runJob(db.registry, 'jobrun.logs', { trigger: 'manual', runner: 'inprocess', knex: db.knex });
    expect((await logRow(r.logId!)).message).toBe('one\ntwo');
    const c = await runJob(db.registry, 'jobrun.chatty', { trigger: 'manual', runner: 'inprocess', knex: db.knex });
    const row = await logRow(c.logId!);
    expect(row.status).toBe('success');
    expect(row.message.length).toBeLessThanOrEqual(1000);
    expect(row.message.startsWith('line 0 ')).toBe(true);
  });

  it('writes a failed row with the error stack and does not throw', async () => {
    const r = await runJob(db.registry, 'jobrun.fail', { trigger: 'cron', runner: 'inprocess', knex: db.knex });
    expect(r.status).toBe('failed');
    expect(r.error).toContain('boom: the job failed');
    const row = await logRow(r.logId!);
    expect(row).toMatchObject({ status: 'failed', trigger: 'cron', message: 'about to fail' });
    expect(row.error).toContain('Error: boom: the job failed');
    expect(row.error).toMatch(/\n\s+at /); // stack
    expect(row.duration_ms).toBeGreaterThanOrEqual(0);
    expect(row.finished_at).not.toBeNull();
  });

  it('truncates the error to 10k chars', async () => {
    const r = await runJob(db.registry, 'jobrun.hugeError', { trigger: 'manual', runner: 'inprocess', knex: db.knex });
    const row = await logRow(r.logId!);
    expect(row.status).toBe('failed');
    expect(row.error.length).toBeLessThanOrEqual(10_000);
  });

  it('rethrows after logging when asked (the BullMQ processor)', async () => {
    const before = Number((await db.knex('sys_job_log').where({ job_name: 'jobrun.fail' }).count({ n: '*' }))[0].n);
    await expect(runJob(db.registry, 'jobrun.fail', { trigger: 'cron', runner: 'bullmq', knex: db.knex, rethrow: true })).rejects.toThrow('boom: the job failed');
    const rows = await db.knex('sys_job_log').where({ job_name: 'jobrun.fail' }).orderBy('id', 'desc');
    expect(rows.length).toBe(before + 1);
    expect(rows[0]).toMatchObject({ status: 'failed', runner: 'bullmq' });
  });

  it('skips a paused job on cron trigger but runs it by hand', async () => {
    await db.knex('sys_job').where({ name: 'jobrun.ok' }).update({ status: 'paused' });
    onTestFinished(() => db.knex('sys_job').where({ name: 'jobrun.ok' }).update({ status: 'normal' }));
    const count = async () => Number((await db.knex('sys_job_log').where({ job_name: 'jobrun.ok' }).count({ n: '*' }))[0].n);
    const before = await count();
    const skipped = await runJob(db.registry, 'jobrun.ok', { trigger: 'cron', runner: 'inprocess', knex: db.knex });
    expect(skipped).toEqual({ status: 'skipped' });
    expect(await count()).toBe(before);
    const manual = await runJob(db.registry, 'jobrun.ok', { trigger: 'manual', runner: 'inprocess', knex: db.knex });
    expect(manual.status).toBe('success');
    expect(await count()).toBe(before + 1);
  });

  it('rejects unknown jobs', async () => {
    await expect(runJob(db.registry, 'nope.nothing', { trigger: 'manual', runner: 'inprocess', knex: db.knex })).rejects.toThrow(/unknown job/);
  });

  it('uses the shared knex by default', async () => {
    const r = await runJob(db.registry, 'jobrun.logs', { trigger: 'manual', runner: 'inprocess' });
    expect((await logRow(r.logId!)).status).toBe('success');
  });
});

describe('closeInterruptedRuns', () => {
  it("closes a dead process's running row as interrupted at its last beat; a beating run and this process's own are left", async () => {
    const at = (msAgo: number) => new Date(Date.now() - msAgo);
    const row = (heartbeat_at: Date | null, started_at: Date) => ({ job_name: 'jobrun.ok', trigger: 'cron', runner: 'bullmq', status: 'running', started_at, heartbeat_at });
    const [dead] = await db.knex('sys_job_log').insert(row(at(50_000), at(80_000)));
    // Beat just now (its clock a little ahead of this one's).
    const [beating] = await db.knex('sys_job_log').insert(row(at(-5_000), at(80_000)));
    // A row written before runs beat (no heartbeat), started long ago.
    const [old] = await db.knex('sys_job_log').insert(row(null, at(90_000)));
    onTestFinished(() => db.knex('sys_job_log').whereIn('id', [dead, beating, old]).delete());
    // This process's own run, whose beat (every 5 s) is older than the stale time given here.
    const own = runJob(db.registry, 'jobrun.slow', { trigger: 'manual', runner: 'inprocess', knex: db.knex, heartbeatMs: 5000 });
    await new Promise((r) => setTimeout(r, 300));

    const closed = await closeInterruptedRuns(db.knex, { staleMs: 200 });
    expect(closed.sort()).toEqual([Number(dead), Number(old)].sort());
    const deadRow = await logRow(Number(dead));
    expect(deadRow).toMatchObject({ status: 'interrupted', message: INTERRUPTED, duration_ms: 30_000 });
    expect((await logRow(Number(beating))).status).toBe('running');
    expect(await closeInterruptedRuns(db.knex, { staleMs: 200 }), 'each row is closed once').toEqual([]);
    const r = await own;
    expect((await logRow(r.logId!)).status).toBe('success');
  });
});
