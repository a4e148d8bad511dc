import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/envelope.server';
import { refusalOf } from '../../tests/support/http';
import { createScheduler, type JobScheduler } from './scheduler.server';
import { getJob, listJobLogs, listJobs, pauseJob, resumeJob, runJobOnce, updateCron, type JobAdminDeps } from './admin.server';
import { waitFor } from './test-db';
import { testJob, jobsPlugin, setUpJobsDb } from './jobs.fixture';

const testPlugin = jobsPlugin('jobadmin', [
  testJob('jobadmin.report', { cron: '0 0 5 * * *', titleKey: 'jobadmin:jobs.report' }, async () => 'report sent'),
  testJob('jobadmin.rebuild', { titleKey: 'jobadmin:jobs.rebuild' }, async () => {
    throw new Error('rebuild failed');
  }),
]);

const db = setUpJobsDb([testPlugin]);
let scheduler: JobScheduler;
const reschedules: string[] = [];
let deps: JobAdminDeps;

beforeAll(async () => {
  scheduler = createScheduler(db.registry, { knex: db.knex });
  const reschedule = scheduler.reschedule.bind(scheduler);
  scheduler.reschedule = async (name) => {
    reschedules.push(name);
    await reschedule(name);
  };
  await scheduler.start();
  deps = { knex: db.knex, registry: db.registry, scheduler, actorId: 7 };
});
afterAll(async () => {
  await scheduler?.close();
});

const rejectsWithKey = async (p: Promise<unknown>, key: string) => expect((await refusalOf(p, ApiError)).message).toBe(key);

describe('job admin', () => {
  it('lists the registry jobs with their sys_job settings', async () => {
    const jobs = await listJobs(deps);
    // core's jobs first (in declaration order), then the plugin's
    const coreJobs = db.registry.jobs.filter((j) => j.name.startsWith('core.')).map((j) => j.name);
    expect(coreJobs).toContain('core.sessionCleanup');
    expect(jobs.map((j) => j.name)).toEqual([...coreJobs, 'jobadmin.report', 'jobadmin.rebuild']);
    const report = jobs.find((j) => j.name === 'jobadmin.report')!;
    expect(report).toMatchObject({
      plugin: 'jobadmin',
      titleKey: 'jobadmin:jobs.report',
      cron: '0 0 5 * * *',
      defaultCron: '0 0 5 * * *',
      onDemand: false,
      status: 'normal',
      lastRun: null,
    });
    expect(report.nextRunAt).toBeInstanceOf(Date);
    expect(report.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    const rebuild = jobs.find((j) => j.name === 'jobadmin.rebuild')!;
    expect(rebuild).toMatchObject({ cron: null, onDemand: true, nextRunAt: null });
  });

  it('pauses and resumes, refusing the same status twice', async () => {
    reschedules.length = 0;
    const paused = await pauseJob(deps, 'jobadmin.report');
    expect(paused).toMatchObject({ status: 'paused', nextRunAt: null, updatedBy: 7 });
    expect(reschedules).toEqual(['jobadmin.report']);
    const row = await db.knex('sys_job').where({ name: 'jobadmin.report' }).first();
    expect(row).toMatchObject({ status: 'paused', updated_by: 7 });
    await rejectsWithKey(pauseJob(deps, 'jobadmin.report'), 'core:jobs.statusSame');
    expect(reschedules).toEqual(['jobadmin.report']);

    const resumed = await resumeJob({ ...deps, actorId: 8 }, 'jobadmin.report');
    expect(resumed).toMatchObject({ status: 'normal', updatedBy: 8 });
    expect(resumed.nextRunAt).toBeInstanceOf(Date);
    await rejectsWithKey(resumeJob(deps, 'jobadmin.report'), 'core:jobs.statusSame');
    expect(reschedules).toEqual(['jobadmin.report', 'jobadmin.report']);
    await rejectsWithKey(pauseJob(deps, 'nope.job'), 'core:jobs.notFound');
  });

  it('edits the cron, rejecting invalid patterns and on-demand jobs', async () => {
    reschedules.length = 0;
    for (const bad of ['', 'every day', '* * * *', '61 * * * *', '0 0 0 * * * *']) {
      await rejectsWithKey(updateCron(deps, 'jobadmin.report', bad), 'core:jobs.invalidCron');
    }
    await rejectsWithKey(updateCron(deps, 'jobadmin.rebuild', '0 0 * * *'), 'core:jobs.noCron');
    expect(reschedules).toEqual([]);

    const before = (await db.knex('sys_job').where({ name: 'jobadmin.report' }).first()).updated_at.getTime();
    await new Promise((r) => setTimeout(r, 5));
    const updated = await updateCron(deps, 'jobadmin.report', '  30   4 * * 1-5 ');
    expect(updated).toMatchObject({ cron: '30 4 * * 1-5', defaultCron: '0 0 5 * * *', updatedBy: 7 });
    expect(updated.nextRunAt!.getUTCMinutes()).toBe(30);
    expect(reschedules).toEqual(['jobadmin.report']);
    const row = await db.knex('sys_job').where({ name: 'jobadmin.report' }).first();
    expect(row.cron).toBe('30 4 * * 1-5');
    expect(row.updated_at.getTime()).toBeGreaterThan(before);
    // The in-process scheduler now waits on the edited pattern.
    expect((scheduler as unknown as { scheduled(): Record<string, string> }).scheduled()['jobadmin.report']).toBe('30 4 * * 1-5');
  });

  it('runs once (paused or not) and pages through the job log, newest first', async () => {
    // start() ran core.importRecovery once (runAtStart); the paging below counts this test's runs.
    const atStart = await waitFor(async () => (await listJobLogs(deps, { jobName: 'core.importRecovery', status: 'success', page: 1, pageSize: 10 })).list[0]);
    expect(atStart).toMatchObject({ trigger: 'cron', runner: 'inprocess', message: 'no interrupted imports' });
    await db.knex('sys_job_log').where({ job_name: 'core.importRecovery' }).delete();
    await pauseJob(deps, 'jobadmin.report');
    const first = await runJobOnce(deps, 'jobadmin.report');
    expect(first.queued).toBe(false);
    expect(first.logId).toBeGreaterThan(0);
    await runJobOnce(deps, 'jobadmin.rebuild');
    await runJobOnce(deps, 'jobadmin.report');
    await resumeJob(deps, 'jobadmin.report');

    const all = await listJobLogs(deps, { page: 1, pageSize: 2 });
    expect(all.total).toBe(3);
    expect(all.list.map((l) => l.jobName)).toEqual(['jobadmin.report', 'jobadmin.rebuild']);
    expect(all.list[0].id).toBeGreaterThan(all.list[1].id);
    const page2 = await listJobLogs(deps, { page: 2, pageSize: 2 });
    expect(page2.list.map((l) => l.id)).toEqual([first.logId]);

    const failed = await listJobLogs(deps, { status: 'failed', page: 1, pageSize: 10 });
    expect(failed.total).toBe(1);
    expect(failed.list[0]).toMatchObject({ jobName: 'jobadmin.rebuild', status: 'failed', trigger: 'manual', runner: 'inprocess' });
    expect(failed.list[0].error).toContain('rebuild failed');

    const report = await listJobLogs(deps, { jobName: 'jobadmin.report', page: 1, pageSize: 10 });
    expect(report.total).toBe(2);
    expect(report.list.every((l) => l.status === 'success' && l.message === 'report sent' && l.durationMs !== null)).toBe(true);
    expect(report.list[0].startedAt).toBeInstanceOf(Date);

    const jobs = await listJobs(deps);
    expect(jobs.find((j) => j.name === 'jobadmin.report')!.lastRun).toMatchObject({ id: report.list[0].id, status: 'success' });
    expect(jobs.find((j) => j.name === 'jobadmin.rebuild')!.lastRun).toMatchObject({ status: 'failed' });
    expect(jobs.find((j) => j.name === 'core.sessionCleanup')!.lastRun).toBeNull();
    expect((await getJob(deps, 'jobadmin.rebuild')).lastRun?.error).toContain('rebuild failed');

    await rejectsWithKey(runJobOnce(deps, 'nope.job'), 'core:jobs.notFound');
  });
});
