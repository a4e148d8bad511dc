// /management/systemMaintenance/jobLog (hidden in the sidebar): every job run with its
// trigger, runner, duration, result or error; a read-only list whose drawer shows the error.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import { Button, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { getRegistry, requireCurrent, resourcePageData, serverResource } from '@core/server';
import { defineResource, type ResourceDef } from '@core/shared';
import { ResourcePage } from '@core/client';

const STATUSES = ['running', 'success', 'failed', 'skipped'];
const TRIGGERS: Record<string, string> = { cron: 'system:jobLog.cronTrigger', manual: 'system:jobLog.manualTrigger', catchUp: 'system:jobLog.catchUpTrigger' };
const STATUS_COLOR = { success: 'success', failed: 'error', skipped: 'default' } as const;

/** The log as a read-only resource; the job filter offers the jobs the registry has. */
function jobLogDef(jobs: { name: string; titleKey: string }[]): ResourceDef {
  return defineResource({
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
      { name: 'job', column: 'job_name', labelKey: 'system:job.name', type: 'enum', filter: 'eq', options: jobs.map((j) => ({ value: j.name, labelKey: j.titleKey })) },
      { name: 'trigger', labelKey: 'system:jobLog.trigger', type: 'enum', options: Object.entries(TRIGGERS).map(([value, labelKey]) => ({ value, labelKey })) },
      { name: 'runner', labelKey: 'system:jobLog.runner', type: 'string' },
      { name: 'status', labelKey: 'system:job.status', type: 'enum', filter: 'eq', options: STATUSES.map((s) => ({ value: s, labelKey: `system:jobLog.${s}` })) },
      { name: 'durationMs', labelKey: 'system:jobLog.duration', type: 'integer', sortable: true },
      { name: 'message', labelKey: 'system:jobLog.message', type: 'text' },
      { name: 'error', labelKey: 'system:jobLog.error', type: 'text', list: false, form: false },
    ],
    schema: () => z.object({}),
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCurrent(request, { menu: 'management.jobLog', permission: 'system:job:list' });
  const jobs = getRegistry().jobs.map((j) => ({ name: j.name, titleKey: j.titleKey }));
  return { jobs, ...(await resourcePageData(serverResource(jobLogDef(jobs)), request)) };
}

export default function JobLogPage() {
  const { t } = useTranslation();
  const { jobs, ...data } = useLoaderData<typeof loader>();
  return (
    <ResourcePage
      def={jobLogDef(jobs)}
      data={data}
      table={{ testId: 'job-log-table' }}
      actions={() => (
        <Button variant="outlined" component={RemixLink} to="/management/systemMaintenance/job">
          {t('system:jobLog.back')}
        </Button>
      )}
      renderCell={{
        status: (r) => <Chip size="small" color={STATUS_COLOR[r.status as keyof typeof STATUS_COLOR] ?? 'info'} label={t(`system:jobLog.${String(r.status)}`)} />,
        // A skipped run's message is an i18n key (core:jobs.skippedRunning).
        message: (r) => (r.status === 'skipped' && r.message ? t(String(r.message)) : String(r.message ?? '')),
        runner: (r) => String(r.runner ?? ''),
      }}
      renderDetail={(r) =>
        r.error ? (
          <Typography component="pre" variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap', fontSize: 12, color: 'error.main' }} data-testid="job-log-error">
            {String(r.error)}
          </Typography>
        ) : null
      }
    />
  );
}
