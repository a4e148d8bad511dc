// /management/systemMaintenance/job: the registered jobs with their schedule and last run;
// pause, resume, edit the cron, run once. The job log is the hidden jobLog route.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requireCurrent } from '@core/auth/guard.server';
import { ApiError } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';
import { listJobs, pauseJob, resumeJob, runJobOnce, updateCron } from '@core/jobs/admin.server';
import { getScheduler } from '@core/jobs/scheduler.server';
import { hasPermission } from '@core/rbac/menu';
import { displayTimeZone, formatDateTime } from '@core/i18n/dates';
import { useNotify } from '@core/ui/notify';

const MENU = 'management.job';

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireCurrent(request, { menu: MENU, permission: 'system:job:list' });
  const jobs = await listJobs();
  return {
    mode: getScheduler().mode,
    canRun: hasPermission(user, 'system:job:run'),
    canEdit: hasPermission(user, 'system:job:edit'),
    jobs: jobs.map((j) => ({
      name: j.name,
      titleKey: j.titleKey,
      cron: j.cron,
      onDemand: j.onDemand,
      exclusive: j.exclusive,
      catchUp: j.catchUp,
      status: j.status,
      nextRunAt: j.nextRunAt ? j.nextRunAt.toISOString() : null,
      lastRun: j.lastRun ? { status: j.lastRun.status, startedAt: j.lastRun.startedAt?.toISOString() ?? null, durationMs: j.lastRun.durationMs } : null,
    })),
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

export default function JobsPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { toast } = useNotify();
  const [editing, setEditing] = useState<{ name: string; cron: string } | null>(null);
  const [running, setRunning] = useState<{ name: string; title: string } | null>(null);

  useEffect(() => {
    if (!result) return;
    toast(result.message, { severity: result.ok ? 'success' : 'error', durationMs: result.ok ? 3000 : 5000 });
    if (result.ok) setEditing(null);
  }, [result, toast]);

  const busy = navigation.state !== 'idle';
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {t('system:job.mode')}: {data.mode === 'bullmq' ? t('system:job.modeBullmq') : t('system:job.modeInprocess')} · {t('core:dates.zoneNote', { zone: displayTimeZone() })}
        </Typography>
        <Button component={RemixLink} to="/management/systemMaintenance/jobLog">
          {t('system:job.logs')}
        </Button>
      </Stack>
      <TableContainer>
        <Table size="small" data-testid="job-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('system:job.name')}</TableCell>
              <TableCell>{t('system:job.code')}</TableCell>
              <TableCell>{t('system:job.cron')}</TableCell>
              <TableCell>{t('system:job.policy')}</TableCell>
              <TableCell>{t('system:job.status')}</TableCell>
              <TableCell>{t('system:job.lastRun')}</TableCell>
              <TableCell>{t('system:job.nextRun')}</TableCell>
              <TableCell>{t('core:common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.jobs.map((j) => (
              <TableRow key={j.name} hover data-testid={`job-${j.name}`}>
                <TableCell sx={{ minWidth: 140 }}>{t(j.titleKey)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{j.name}</TableCell>
                <TableCell sx={j.onDemand ? undefined : { fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{j.onDemand ? t('system:job.onDemand') : j.cron}</TableCell>
                <TableCell data-testid="job-policy">
                  <Stack direction="row" spacing={0.5}>
                    {j.exclusive && (
                      <Tooltip title={t('system:job.exclusiveHelp')}>
                        <Chip size="small" variant="outlined" label={t('system:job.exclusive')} />
                      </Tooltip>
                    )}
                    {j.catchUp && (
                      <Tooltip title={t('system:job.catchUpHelp')}>
                        <Chip size="small" variant="outlined" color="primary" label={t('system:job.catchUp')} />
                      </Tooltip>
                    )}
                  </Stack>
                </TableCell>
                <TableCell>
                  <Chip size="small" color={j.status === 'normal' ? 'success' : 'default'} label={t(`system:job.${j.status}`)} />
                </TableCell>
                <TableCell>
                  {j.lastRun ? (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Chip size="small" variant="outlined" color={j.lastRun.status === 'success' ? 'success' : j.lastRun.status === 'failed' ? 'error' : j.lastRun.status === 'skipped' ? 'default' : 'info'} label={t(`system:jobLog.${j.lastRun.status}`)} />
                      <span style={{ whiteSpace: 'nowrap' }} data-testid="job-last-run-at">
                        {formatDateTime(j.lastRun.startedAt)}
                      </span>
                    </Stack>
                  ) : (
                    t('system:job.never')
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="job-next-run-at">
                  {formatDateTime(j.nextRunAt)}
                </TableCell>
                <TableCell>
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
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

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

      <Dialog open={!!running} onClose={() => setRunning(null)}>
        <DialogTitle>{t('core:common.confirmTitle')}</DialogTitle>
        <DialogContent>{t('system:job.runOnceConfirm', { name: running?.title })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setRunning(null)}>{t('core:common.cancel')}</Button>
          <Form method="post" onSubmit={() => setRunning(null)}>
            <input type="hidden" name="name" value={running?.name ?? ''} />
            <Button type="submit" name="intent" value="run" variant="contained">
              {t('core:common.confirm')}
            </Button>
          </Form>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
