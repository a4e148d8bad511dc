// The job screen (系统管理 → 定时任务) shows each job's run policy as declared, and "run once"
// of an exclusive job whose run is in progress on another process answers that it was skipped;
// the job log shows the skip with a translated reason.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { req, run } from '../../../tests/support/http';
import { tFor } from '../../../core/i18n/i18n.server';
import { dbLockStore } from '../../../core/jobs/lock.server';
import { jobLockName, SKIPPED_RUNNING } from '../../../core/jobs/run.server';
import { withInProcessScheduler } from '../../../tests/support/jobs';
import { action as jobAction, loader as jobLoader, loader as jobLogLoader } from '../../../app/screen';

const db = setUpTestDb({ logins: ['admin'] });
const { cookies } = db;

withInProcessScheduler();

interface JobsData {
  jobs: { name: string; exclusive: boolean; catchUp: boolean }[];
}

describe('job screen', () => {
  it('lists each job with its declared run policy', async () => {
    const { data } = await run(jobLoader, req('/management/systemMaintenance/job', { cookie: cookies.admin }));
    const policy = Object.fromEntries((data as JobsData).jobs.map((j) => [j.name, { exclusive: j.exclusive, catchUp: j.catchUp }]));
    expect(policy).toMatchObject({
      'core.sessionCleanup': { exclusive: false, catchUp: false },
      'core.importRecovery': { exclusive: true, catchUp: false },
      'customs.receiptImport': { exclusive: true, catchUp: false },
      'finance.periodicBills': { exclusive: true, catchUp: true },
      'finance.fundReminder': { exclusive: true, catchUp: true },
    });
  });

  it('"run once" while another process runs the job answers that the run was skipped, and the log says why', async () => {
    // Another process holds the job's lock (its run is in progress).
    const locks = dbLockStore(db.knex);
    const token = await locks.acquire(jobLockName('finance.fundReminder'), 60_000);
    try {
      const { data } = await run(jobAction, req('/management/systemMaintenance/job', { cookie: cookies.admin, form: { intent: 'run', name: 'finance.fundReminder' } }));
      expect(data).toEqual({ ok: true, message: '已执行，结果：已跳过' });
    } finally {
      await locks.release(jobLockName('finance.fundReminder'), token!);
    }
    const { data } = await run(jobLogLoader, req('/management/systemMaintenance/jobLog?job=finance.fundReminder&status=skipped', { cookie: cookies.admin }));
    const rows = (data as { result: { rows: { status: string; trigger: string; message: string }[] } }).result.rows;
    expect(rows[0]).toMatchObject({ status: 'skipped', trigger: 'manual', message: SKIPPED_RUNNING });
    // The screen shows the key translated.
    expect(tFor('zh')(SKIPPED_RUNNING)).toBe('已跳过：该任务的另一次执行仍在进行中');
    expect(tFor('en')(SKIPPED_RUNNING)).toBe('Skipped: another run of this job was still in progress');
    expect(tFor('my')(SKIPPED_RUNNING)).not.toBe(SKIPPED_RUNNING);

    // Once the other run is over, "run once" runs.
    const again = await run(jobAction, req('/management/systemMaintenance/job', { cookie: cookies.admin, form: { intent: 'run', name: 'finance.fundReminder' } }));
    expect(again.data).toEqual({ ok: true, message: '已执行，结果：成功' });
  });
});
