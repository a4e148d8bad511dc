// The job screens' lists, read-only: the registered jobs (rows the screen computes: plugins
// declare them, sys_job keeps their state) and every run in the job log (sys_job_log).
import { z } from 'zod';
import { defineResource } from '@core/shared';

export const jobDef = defineResource({
  plugin: 'system',
  name: 'job',
  table: 'sys_job',
  titleKey: 'system:menu.job',
  menu: 'management.job',
  readOnly: true,
  permissions: { list: 'system:job:list' },
  fields: [
    { name: 'title', column: null, labelKey: 'system:job.name', type: 'string' },
    { name: 'name', labelKey: 'system:job.code', type: 'string' },
    { name: 'cron', labelKey: 'system:job.cron', type: 'string' },
    { name: 'policy', column: null, labelKey: 'system:job.policy', type: 'string' },
    { name: 'status', labelKey: 'system:job.status', type: 'string' },
    { name: 'lastRun', column: null, labelKey: 'system:job.lastRun', type: 'string' },
    { name: 'nextRunAt', column: null, labelKey: 'system:job.nextRun', type: 'datetime' },
  ],
  schema: () => z.object({}),
});

const STATUSES = ['running', 'success', 'failed', 'skipped', 'interrupted'];
const TRIGGERS: Record<string, string> = { cron: 'system:jobLog.cronTrigger', manual: 'system:jobLog.manualTrigger', catchUp: 'system:jobLog.catchUpTrigger' };

/** The log; its drawer shows a failed run's error, its job filter offers the registered jobs. */
export const jobLogDef = defineResource({
  plugin: 'system',
  name: 'jobLog',
  table: 'sys_job_log',
  titleKey: 'system:menu.jobLog',
  menu: 'management.jobLog',
  versioned: false,
  stamped: false,
  readOnly: true,
  detail: true,
  permissions: { list: 'system:job:list' },
  defaultSort: { field: 'startedAt', dir: 'desc' },
  fields: [
    { name: 'startedAt', labelKey: 'system:jobLog.startedAt', type: 'datetime', sortable: true, filter: 'range' },
    { name: 'job', column: 'job_name', labelKey: 'system:job.name', type: 'ref', lookup: 'system.jobs', filter: 'eq' },
    { name: 'trigger', labelKey: 'system:jobLog.trigger', type: 'enum', options: Object.entries(TRIGGERS).map(([value, labelKey]) => ({ value, labelKey })) },
    { name: 'runner', labelKey: 'system:jobLog.runner', type: 'string' },
    { name: 'status', labelKey: 'system:job.status', type: 'enum', filter: 'eq', options: STATUSES.map((s) => ({ value: s, labelKey: `system:jobLog.${s}` })) },
    { name: 'durationMs', labelKey: 'system:jobLog.duration', type: 'integer', sortable: true },
    { name: 'message', labelKey: 'system:jobLog.message', type: 'text' },
    { name: 'error', labelKey: 'system:jobLog.error', type: 'text', list: false, form: false },
  ],
  schema: () => z.object({}),
});
