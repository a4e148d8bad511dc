// The job screen's actions as JSON (/api/system/jobs…): through the app's real route table, each
// answer checked against /api/openapi.json, permissions as on the screen.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { req } from '../../../tests/support/http';
import { createRouter } from '../../../tests/support/router';
import { answerChecker, openApiDoc } from '../../../tests/support/openapi';
import { withInProcessScheduler } from '../../../tests/support/jobs';

const db = setUpTestDb({ logins: ['admin', 'trader'] });
const { cookies } = db;
const router = createRouter();
let check: ReturnType<typeof answerChecker>;

withInProcessScheduler();
beforeAll(async () => {
  check = answerChecker(await openApiDoc(router, cookies.admin));
});

/** Calls the API and checks the answer against the documented schema of that operation and status. */
async function call(method: 'GET' | 'POST', path: string, docPath: string, cookie: string, json?: unknown) {
  const res = await router.handle(req(path, { method, cookie, json, headers: { origin: 'http://localhost' } }));
  const body = (await res.json()) as { code: number; msg: string; data: unknown };
  expect(check({ method, path: docPath }, res.status, body)).toBeNull();
  return { status: res.status, body };
}

describe('/api/system/jobs', () => {
  it('lists the jobs with their schedule and run policy', async () => {
    const { status, body } = await call('GET', '/api/system/jobs', '/api/system/jobs', cookies.admin);
    expect(status).toBe(200);
    const jobs = body.data as { name: string; exclusive: boolean; catchUp: boolean; status: string }[];
    expect(jobs.find((j) => j.name === 'customs.receiptImport')).toMatchObject({ exclusive: true, catchUp: false, status: 'normal' });
  });

  it('pauses, refuses a second pause, edits the cron, resumes and runs once', async () => {
    const path = (op: string) => `/api/system/jobs/customs.receiptImport/${op}`;
    const doc = (op: string) => `/api/system/jobs/{name}/${op}`;
    let r = await call('POST', path('pause'), doc('pause'), cookies.admin);
    expect(r.body).toMatchObject({ code: 200, data: { status: 'paused', nextRunAt: null } });
    r = await call('POST', path('pause'), doc('pause'), cookies.admin);
    expect(r.body).toMatchObject({ code: 505, msg: '当前状态一致，无需更改' });
    expect((await db.knex('sys_job').where({ name: 'customs.receiptImport' }).first()).status).toBe('paused');

    r = await call('POST', path('cron'), doc('cron'), cookies.admin, { cron: 'not a cron' });
    expect(r.body).toMatchObject({ code: 505, msg: 'Cron 表达式无效' });
    r = await call('POST', path('cron'), doc('cron'), cookies.admin, { cron: '0 */10 * * * *' });
    expect(r.body).toMatchObject({ code: 200, data: { cron: '0 */10 * * * *' } });
    expect((await db.knex('sys_job').where({ name: 'customs.receiptImport' }).first()).cron).toBe('0 */10 * * * *');

    r = await call('POST', path('resume'), doc('resume'), cookies.admin);
    expect(r.body).toMatchObject({ code: 200, data: { status: 'normal' } });

    r = await call('POST', path('run'), doc('run'), cookies.admin);
    expect(r.body).toMatchObject({ code: 200, data: { queued: false, status: 'success' } });
    const log = await db.knex('sys_job_log').where({ job_name: 'customs.receiptImport', trigger: 'manual' }).first();
    expect(log.status).toBe('success');
  });

  it('answers 404 for an unknown job or action, and 403 without the permission (nothing changes)', async () => {
    let r = await call('POST', '/api/system/jobs/no.such.job/pause', '/api/system/jobs/{name}/pause', cookies.admin);
    expect(r.status).toBe(404);
    r = await call('GET', '/api/system/jobs', '/api/system/jobs', cookies.trader);
    expect(r.status).toBe(403);
    r = await call('POST', '/api/system/jobs/customs.receiptImport/pause', '/api/system/jobs/{name}/pause', cookies.trader);
    expect(r.status).toBe(403);
    expect((await db.knex('sys_job').where({ name: 'customs.receiptImport' }).first()).status).toBe('normal');
    const res = await router.handle(req('/api/system/jobs/customs.receiptImport/explode', { method: 'POST', cookie: cookies.admin, json: {}, headers: { origin: 'http://localhost' } }));
    expect(res.status).toBe(404);
  });
});
