// The job log's parts: back to the jobs, each run's result as a chip, a skipped run's reason
// translated, and a failed run's error in the drawer.
import { Link as RemixLink } from '@remix-run/react';
import { Button, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ScreenParts } from '@core/client';

const STATUS_COLOR = { success: 'success', failed: 'error', skipped: 'default', interrupted: 'warning' } as const;

export default function useJobLogScreen(): ScreenParts {
  const { t } = useTranslation();
  return {
    table: { testId: 'job-log-table' },
    actions: () => (
      <Button variant="outlined" component={RemixLink} to="/management/systemMaintenance/job">
        {t('system:jobLog.back')}
      </Button>
    ),
    renderCell: {
      status: (r) => <Chip size="small" color={STATUS_COLOR[r.status as keyof typeof STATUS_COLOR] ?? 'info'} label={t(`system:jobLog.${String(r.status)}`)} />,
      // A skipped or interrupted run's message is an i18n key (core:jobs.skippedRunning, core:jobs.interrupted).
      message: (r) => ((r.status === 'skipped' || r.status === 'interrupted') && r.message ? t(String(r.message)) : String(r.message ?? '')),
      runner: (r) => String(r.runner ?? ''),
    },
    renderDetail: (r) =>
      r.error ? (
        <Typography component="pre" variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap', fontSize: 12, color: 'error.main' }} data-testid="job-log-error">
          {String(r.error)}
        </Typography>
      ) : null,
  };
}
