// The job screen on the server: the registered jobs with their schedule and last run (as the
// JSON API answers them, dates as ISO strings), and its posts — run once (system:job:run),
// pause, resume, edit the cron (system:job:edit).
import type { Knex } from 'knex';
import { ApiError, getScheduler, listJobs, pauseJob, resumeJob, runJobOnce, serverResource, updateCron, type JobListItem, type JobRunSummary, type RequestContext } from '@core/server';
import { hasPermission } from '@core/shared';
import { jobDef, jobLogDef } from './job';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const runJson = (r: JobRunSummary) => ({
  id: r.id,
  jobName: r.jobName,
  trigger: r.trigger,
  status: r.status,
  runner: r.runner,
  startedAt: iso(r.startedAt),
  finishedAt: iso(r.finishedAt),
  durationMs: r.durationMs,
  message: r.message,
  error: r.error,
});

export const jobJson = (j: JobListItem) => ({
  name: j.name,
  plugin: j.plugin,
  titleKey: j.titleKey,
  cron: j.cron,
  defaultCron: j.defaultCron,
  onDemand: j.onDemand,
  exclusive: j.exclusive,
  catchUp: j.catchUp,
  status: j.status,
  nextRunAt: iso(j.nextRunAt),
  updatedAt: iso(j.updatedAt),
  lastRun: j.lastRun ? runJson(j.lastRun) : null,
});

export async function jobRows(knex: Knex) {
  return (await listJobs({ knex })).map((j, i) => ({ id: i + 1, ...jobJson(j) }));
}

async function post({ user, t }: RequestContext, form: FormData): Promise<{ ok: boolean; message: string }> {
  const intent = String(form.get('intent') ?? '');
  const name = String(form.get('name') ?? '');
  const deps = { actorId: user.id };
  try {
    if (intent === 'run') {
      const r = await runJobOnce(deps, name);
      return { ok: true, message: r.queued ? t('system:job.queued') : t('system:job.ran', { status: t(`system:jobLog.${r.status ?? 'success'}`) }) };
    }
    if (intent === 'pause') {
      await pauseJob(deps, name);
      return { ok: true, message: t('system:job.paused_done') };
    }
    if (intent === 'resume') {
      await resumeJob(deps, name);
      return { ok: true, message: t('system:job.resumed') };
    }
    if (intent === 'cron') {
      await updateCron(deps, name, String(form.get('cron') ?? ''));
      return { ok: true, message: t('system:job.saved') };
    }
    return { ok: false, message: t('core:http.forbidden') };
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, message: t(e.message) };
    if (e instanceof Error && /not found|unknown job/i.test(e.message)) return { ok: false, message: t('core:http.apiNotFound') };
    throw e;
  }
}

export const jobResource = {
  ...serverResource(jobDef),
  screen: {
    rows: ({ knex }: RequestContext) => jobRows(knex),
    data: async ({ user }: RequestContext, rows?: unknown[]) => ({
      jobs: rows,
      mode: getScheduler().mode,
      canRun: hasPermission(user, 'system:job:run'),
      canEdit: hasPermission(user, 'system:job:edit'),
    }),
    action: { permission: (form: FormData) => (form.get('intent') === 'run' ? 'system:job:run' : 'system:job:edit'), run: post },
  },
};

export const jobLogResource = serverResource(jobLogDef);
