// A job as the JSON API answers it (dates as ISO strings).
import type { JobListItem, JobRunSummary } from '@core/server';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const runJson = (r: JobRunSummary) => ({
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
