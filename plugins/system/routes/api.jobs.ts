// GET /api/system/jobs: the registered jobs with their schedule, run policy and last run
// (what the 定时任务 screen lists), for operators' scripts and monitoring.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '@core/auth/guard.server';
import { handleApi, ok } from '@core/http/envelope.server';
import { listJobs } from '@core/jobs/admin.server';
import { jobJson } from './jobJson';

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    await requireUser(request, { permission: 'system:job:list' });
    return ok((await listJobs()).map(jobJson));
  });
