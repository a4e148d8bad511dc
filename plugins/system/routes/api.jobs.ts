// GET /api/system/jobs: the registered jobs with their schedule, run policy and last run
// (what the 定时任务 screen lists), for operators' scripts and monitoring.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { handleApi, listJobs, ok, requireUser } from '@core/server';
import { jobJson } from './jobJson';

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    await requireUser(request, { permission: 'system:job:list' });
    return ok((await listJobs()).map(jobJson));
  });
