// GET /api/system/jobs: the registered jobs with their schedule, run policy and last run
// (what the 定时任务 screen lists), for operators' scripts and monitoring.
import { api, listJobs, ok } from '@core/server';
import { jobJson } from '../resources/job.server';

export const loader = api({ permission: 'system:job:list' }, async () => ok((await listJobs()).map(jobJson)));
