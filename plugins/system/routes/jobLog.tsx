// /management/systemMaintenance/jobLog (hidden in the sidebar): every job run with its
// trigger, runner, duration, result or error.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useLoaderData, useSearchParams, useSubmit } from '@remix-run/react';
import { useState } from 'react';
import {
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requireCurrent } from '@core/auth/guard.server';
import { listJobLogs } from '@core/jobs/admin.server';
import { formatDateTime } from '@core/i18n/dates';
import { getRegistry } from '@core/registry.server';

const PAGE_SIZES = [10, 20, 50, 100];
const STATUSES = ['running', 'success', 'failed', 'skipped'];
const TRIGGERS: Record<string, string> = { cron: 'system:jobLog.cronTrigger', manual: 'system:jobLog.manualTrigger', catchUp: 'system:jobLog.catchUpTrigger' };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCurrent(request, { menu: 'management.jobLog', permission: 'system:job:list' });
  const url = new URL(request.url);
  const jobs = getRegistry().jobs.map((j) => ({ name: j.name, titleKey: j.titleKey }));
  const job = url.searchParams.get('job') ?? '';
  const status = url.searchParams.get('status') ?? '';
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const size = Number(url.searchParams.get('pageSize'));
  const pageSize = PAGE_SIZES.includes(size) ? size : 20;
  const result = await listJobLogs(
    {},
    { jobName: jobs.some((j) => j.name === job) ? job : undefined, status: STATUSES.includes(status) ? status : undefined, page, pageSize },
  );
  return {
    jobs,
    query: { job, status, page, pageSize },
    total: result.total,
    rows: result.list.map((r) => ({
      id: r.id,
      jobName: r.jobName,
      trigger: r.trigger,
      runner: r.runner,
      status: r.status,
      startedAt: r.startedAt?.toISOString() ?? null,
      durationMs: r.durationMs,
      message: r.message,
      error: r.error,
    })),
  };
}

export default function JobLogPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const [errorText, setErrorText] = useState<string | null>(null);
  const titles = new Map(data.jobs.map((j) => [j.name, t(j.titleKey)]));
  const go = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    submit(next, { method: 'get', replace: true });
  };
  return (
    <Paper sx={{ p: 2 }}>
      <Form method="get" replace>
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
          <TextField name="job" select label={t('system:job.name')} defaultValue={data.query.job} sx={{ minWidth: 240 }} key={`j${data.query.job}`}>
            <MenuItem value="">{t('system:jobLog.allJobs')}</MenuItem>
            {data.jobs.map((j) => (
              <MenuItem key={j.name} value={j.name}>
                {titles.get(j.name)}
              </MenuItem>
            ))}
          </TextField>
          <TextField name="status" select label={t('system:job.status')} defaultValue={data.query.status} sx={{ minWidth: 140 }} key={`s${data.query.status}`}>
            <MenuItem value="">{t('system:jobLog.allStatus')}</MenuItem>
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`system:jobLog.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained">
            {t('core:common.query')}
          </Button>
          <Button onClick={() => submit(new URLSearchParams(), { method: 'get', replace: true })}>{t('core:common.reset')}</Button>
          <Button component={RemixLink} to="/management/systemMaintenance/job">
            {t('system:jobLog.back')}
          </Button>
        </Stack>
      </Form>
      <TableContainer>
        <Table size="small" data-testid="job-log-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('system:jobLog.startedAt')}</TableCell>
              <TableCell>{t('system:job.name')}</TableCell>
              <TableCell>{t('system:jobLog.trigger')}</TableCell>
              <TableCell>{t('system:jobLog.runner')}</TableCell>
              <TableCell>{t('system:job.status')}</TableCell>
              <TableCell align="right">{t('system:jobLog.duration')}</TableCell>
              <TableCell>{t('system:jobLog.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((r) => (
              <TableRow key={r.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.startedAt)}</TableCell>
                <TableCell>{titles.get(r.jobName) ?? r.jobName}</TableCell>
                <TableCell>{t(TRIGGERS[r.trigger] ?? TRIGGERS.manual)}</TableCell>
                <TableCell>{r.runner}</TableCell>
                <TableCell>
                  <Chip size="small" color={r.status === 'success' ? 'success' : r.status === 'failed' ? 'error' : r.status === 'skipped' ? 'default' : 'info'} label={t(`system:jobLog.${r.status}`)} />
                </TableCell>
                <TableCell align="right">{r.durationMs ?? ''}</TableCell>
                <TableCell sx={{ maxWidth: 360 }}>
                  {/* A skipped run's message is an i18n key (core:jobs.skippedRunning). */}
                  {r.status === 'skipped' && r.message ? t(r.message) : r.message}
                  {r.error && (
                    <Button size="small" color="error" onClick={() => setErrorText(r.error)}>
                      {t('system:jobLog.error')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data.total}
        page={data.query.page - 1}
        rowsPerPage={data.query.pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_e, p) => go({ page: p + 1 })}
        onRowsPerPageChange={(e) => go({ pageSize: e.target.value, page: null })}
      />
      <Dialog open={!!errorText} onClose={() => setErrorText(null)} maxWidth="md" fullWidth>
        <DialogTitle>{t('system:jobLog.error')}</DialogTitle>
        <DialogContent>
          <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{errorText}</pre>
        </DialogContent>
      </Dialog>
    </Paper>
  );
}
