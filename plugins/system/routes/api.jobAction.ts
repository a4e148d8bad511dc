// POST /api/system/jobs/<name>/run | pause | resume, and /cron { cron }: the job screen's actions
// as JSON (same permissions: system:job:run to run, system:job:edit for the rest).
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { ApiError, CODE, api, ok, pauseJob, readJson, resumeJob, runJobOnce, updateCron } from '@core/server';
import { jobJson } from '../resources/job.server';

const OPS = ['run', 'pause', 'resume', 'cron'] as const;

export const action = (args: ActionFunctionArgs) =>
  api({ permission: args.params.op === 'run' ? 'system:job:run' : 'system:job:edit' }, async ({ request, params, t, user }) => {
    const op = OPS.find((o) => o === params.op);
    if (!op) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
    const name = String(params.name ?? '');
    const deps = { actorId: user.id };
    try {
      if (op === 'run') {
        const r = await runJobOnce(deps, name);
        const message = r.queued ? t('system:job.queued') : t('system:job.ran', { status: t(`system:jobLog.${r.status ?? 'success'}`) });
        return ok({ queued: r.queued, logId: r.logId ?? null, status: r.status ?? null }, message);
      }
      if (op === 'pause') return ok(jobJson(await pauseJob(deps, name)), t('system:job.paused_done'));
      if (op === 'resume') return ok(jobJson(await resumeJob(deps, name)), t('system:job.resumed'));
      const body = await readJson(request);
      const cron = z.string().max(64).safeParse(body.cron);
      if (!cron.success) throw new ApiError('core:jobs.invalidCron', CODE.ALERT);
      return ok(jobJson(await updateCron(deps, name, cron.data)), t('system:job.saved'));
    } catch (e) {
      // core/jobs/admin.server's errors carry an i18n key.
      if (e instanceof ApiError) throw new ApiError(t(e.message), e.code, e.status);
      throw e;
    }
  })(args);
