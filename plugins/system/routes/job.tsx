// /management/systemMaintenance/job: the registered jobs with their schedule and last run;
// pause, resume, edit the cron, run once. The job log is the hidden jobLog route.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { ApiError, getScheduler, getT, listJobs, pauseJob, requireCurrent, resumeJob, rowsPageData, runJobOnce, updateCron } from '@core/server';
import { defineResource, displayTimeZone, formatDateTime, hasPermission } from '@core/shared';
import { ConfirmDialog, ResourcePage, useNotify } from '@core/client';

const MENU = 'management.job';

/** The registered jobs as a list (not a table: they are declared by plugins, their state is sys_job's). */
const jobDef = defineResource({
  plugin: 'system',
  name: 'job',
  table: 'sys_job',
  titleKey: 'system:menu.job',
  menu: MENU,
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

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireCurrent(request, { menu: MENU, permission: 'system:job:list' });
  const jobs = (await listJobs()).map((j, i) => ({
    id: i + 1,
    name: j.name,
    titleKey: j.titleKey,
    cron: j.cron,
    onDemand: j.onDemand,
    exclusive: j.exclusive,
    catchUp: j.catchUp,
    status: j.status,
    nextRunAt: j.nextRunAt ? j.nextRunAt.toISOString() : null,
    lastRun: j.lastRun ? { status: j.lastRun.status, startedAt: j.lastRun.startedAt?.toISOString() ?? null, durationMs: j.lastRun.durationMs } : null,
  }));
  return {
    mode: getScheduler().mode,
    canRun: hasPermission(user, 'system:job:run'),
    canEdit: hasPermission(user, 'system:job:edit'),
    jobs,
    page: await rowsPageData(jobDef, jobs, request, user),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const name = String(form.get('name') ?? '');
  const { user } = await requireCurrent(request, { menu: MENU, permission: intent === 'run' ? 'system:job:run' : 'system:job:edit' });
  const t = await getT(request);
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

type Job = Awaited<ReturnType<typeof loader>>['jobs'][number];
const RUN_COLOR = { success: 'success', failed: 'error', skipped: 'default' } as const;

export default function JobsPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { toast } = useNotify();
  const [editing, setEditing] = useState<{ name: string; cron: string } | null>(null);
  const [running, setRunning] = useState<{ name: string; title: string } | null>(null);

  useEffect(() => {
    if (!result) return;
    toast(result.message, { severity: result.ok ? 'success' : 'error', durationMs: result.ok ? 3000 : 5000 });
    if (result.ok) setEditing(null);
  }, [result, toast]);

  const busy = navigation.state !== 'idle';
  const job = (r: Record<string, unknown>) => r as unknown as Job;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('system:job.mode')}: {data.mode === 'bullmq' ? t('system:job.modeBullmq') : t('system:job.modeInprocess')} · {t('core:dates.zoneNote', { zone: displayTimeZone() })}
      </Typography>
      <ResourcePage
        def={jobDef}
        data={data.page}
        table={{ testId: 'job-table', rowTestId: (r) => `job-${job(r).name}` }}
        actions={() => (
          <Button variant="outlined" component={RemixLink} to="/management/systemMaintenance/jobLog">
            {t('system:job.logs')}
          </Button>
        )}
        renderCell={{
          title: (r) => <Box sx={{ minWidth: 140 }}>{t(job(r).titleKey)}</Box>,
          name: (r) => <Box sx={{ fontFamily: 'monospace' }}>{job(r).name}</Box>,
          cron: (r) => (job(r).onDemand ? t('system:job.onDemand') : <Box sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{job(r).cron}</Box>),
          policy: (r) => (
            <Stack direction="row" spacing={0.5} data-testid="job-policy">
              {job(r).exclusive && (
                <Tooltip title={t('system:job.exclusiveHelp')}>
                  <Chip size="small" variant="outlined" label={t('system:job.exclusive')} />
                </Tooltip>
              )}
              {job(r).catchUp && (
                <Tooltip title={t('system:job.catchUpHelp')}>
                  <Chip size="small" variant="outlined" color="primary" label={t('system:job.catchUp')} />
                </Tooltip>
              )}
            </Stack>
          ),
          status: (r) => <Chip size="small" color={job(r).status === 'normal' ? 'success' : 'default'} label={t(`system:job.${job(r).status}`)} />,
          lastRun: (r) => {
            const last = job(r).lastRun;
            if (!last) return t('system:job.never');
            return (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip size="small" variant="outlined" color={RUN_COLOR[last.status as keyof typeof RUN_COLOR] ?? 'info'} label={t(`system:jobLog.${last.status}`)} />
                <span style={{ whiteSpace: 'nowrap' }} data-testid="job-last-run-at">
                  {formatDateTime(last.startedAt)}
                </span>
              </Stack>
            );
          },
          nextRunAt: (r) => (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="job-next-run-at">
              {formatDateTime(job(r).nextRunAt)}
            </Box>
          ),
        }}
        rowActions={(r) => {
          const j = job(r);
          return (
            <Stack direction="row" spacing={1}>
              {data.canRun && (
                <Button size="small" disabled={busy} onClick={() => setRunning({ name: j.name, title: t(j.titleKey) })}>
                  {t('system:job.runOnce')}
                </Button>
              )}
              {data.canEdit && !j.onDemand && (
                <Form method="post">
                  <input type="hidden" name="name" value={j.name} />
                  <Button size="small" type="submit" name="intent" value={j.status === 'normal' ? 'pause' : 'resume'} disabled={busy}>
                    {j.status === 'normal' ? t('system:job.pause') : t('system:job.resume')}
                  </Button>
                </Form>
              )}
              {data.canEdit && !j.onDemand && (
                <Button size="small" onClick={() => setEditing({ name: j.name, cron: j.cron ?? '' })}>
                  {t('system:job.editCron')}
                </Button>
              )}
              <Button size="small" component={RemixLink} to={`/management/systemMaintenance/jobLog?job=${encodeURIComponent(j.name)}`}>
                {t('system:job.logs')}
              </Button>
            </Stack>
          );
        }}
      />

      <Dialog open={!!editing} onClose={() => setEditing(null)} fullWidth maxWidth="xs">
        <Form method="post">
          <DialogTitle>{t('system:job.editCron')}</DialogTitle>
          <DialogContent>
            <input type="hidden" name="name" value={editing?.name ?? ''} />
            <TextField name="cron" label={t('system:job.cron')} defaultValue={editing?.cron} key={editing?.name} fullWidth sx={{ mt: 1 }} helperText={t('system:job.cronHelp')} />
            {result && !result.ok && editing && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {result.message}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setEditing(null)}>{t('core:common.cancel')}</Button>
            <Button type="submit" name="intent" value="cron" variant="contained" disabled={busy}>
              {t('system:job.save')}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>

      <ConfirmDialog
        open={!!running}
        text={t('system:job.runOnceConfirm', { name: running?.title })}
        onCancel={() => setRunning(null)}
        onConfirm={() => {
          submit({ intent: 'run', name: running!.name }, { method: 'post' });
          setRunning(null);
        }}
      />
    </>
  );
}
