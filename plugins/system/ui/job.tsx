// The job screen's parts: the scheduler's mode above the list, each job's run policy, state and
// runs, and run once / pause / resume / edit the cron, posted to the screen (job.server.ts).
import { Form, Link as RemixLink, useActionData, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Box, Button, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { displayTimeZone, formatDateTime, type FieldDef } from '@core/shared';
import { ConfirmDialog, FormDialog, useNotify, type ScreenParts } from '@core/client';
import type { jobRows } from '../resources/job.server';

type Job = Awaited<ReturnType<typeof jobRows>>[number];
const RUN_COLOR = { success: 'success', failed: 'error', skipped: 'default', interrupted: 'warning' } as const;
const CRON: FieldDef[] = [{ name: 'cron', labelKey: 'system:job.cron', type: 'string', form: { span: 3, helpKey: 'system:job.cronHelp' } }];

export default function useJobScreen(data: { mode: string; canRun: boolean; canEdit: boolean }): ScreenParts {
  const { t } = useTranslation();
  const result = useActionData<{ ok: boolean; message: string }>();
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
  return {
    header: (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('system:job.mode')}: {data.mode === 'bullmq' ? t('system:job.modeBullmq') : t('system:job.modeInprocess')} · {t('core:dates.zoneNote', { zone: displayTimeZone() })}
      </Typography>
    ),
    table: { testId: 'job-table', rowTestId: (r) => `job-${job(r).name}` },
    actions: () => (
      <Button variant="outlined" component={RemixLink} to="/management/systemMaintenance/jobLog">
        {t('system:job.logs')}
      </Button>
    ),
    renderCell: {
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
    },
    rowActions: (r) => {
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
    },
    dialogs: (
      <>
        {editing && (
          <FormDialog
            title={t('system:job.editCron')}
            fields={CRON}
            initial={{ cron: editing.cron }}
            maxWidth="xs"
            saving={busy}
            saveLabel={t('system:job.save')}
            error={result && !result.ok ? result.message : null}
            onClose={() => setEditing(null)}
            onSubmit={async ({ cron }) => submit({ intent: 'cron', name: editing.name, cron: String(cron) }, { method: 'post' })}
          />
        )}
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
    ),
  };
}
