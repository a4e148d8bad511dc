// The import dialog of a resource screen: template download, file and mode, then the job's
// progress (polled) and its outcome with a link to the per-row error report.
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { endpoint, type ResourceDef } from '../../resource/define';
import type { ImportState } from '../../resource/import/types';
import { ignoreApiError, useNotify } from '../notify';

const POLL_MS = 700;
const MAX_MB = 10;

export function ImportDialog({ def, onClose, onDone }: { def: ResourceDef; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'all' | 'valid'>('all');
  const [starting, setStarting] = useState(false);
  const [importId, setImportId] = useState<number | null>(null);
  const [state, setState] = useState<ImportState | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const base = endpoint(def);
  const finished = state?.status === 'done' || state?.status === 'failed';

  // Poll the job until it ends; a failed poll is retried on the next tick.
  useEffect(() => {
    if (importId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const res = await api.get<ImportState>(`/core/imports/${importId}`, undefined, { silent: true });
        if (stopped || !res.data) return;
        setState(res.data);
        if (res.data.status === 'done' || res.data.status === 'failed') return;
      } catch (e) {
        ignoreApiError(e);
      }
      if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [api, importId]);

  const close = () => {
    if (state && state.inserted > 0) onDone();
    onClose();
  };

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    try {
      const { blob, filename } = await api.download(`${base}/import-template`);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename ?? `${def.name}-template.xlsx`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      ignoreApiError(e);
    } finally {
      setTemplateBusy(false);
    }
  };

  const start = async () => {
    if (!file) {
      toast(t('core:import.noFile'), { severity: 'warning' });
      return;
    }
    if (file.size > MAX_MB * 1024 * 1024) {
      toast(t('core:import.tooLarge', { max: MAX_MB }), { severity: 'warning' });
      return;
    }
    const body = new FormData();
    body.append('file', file);
    body.append('mode', mode);
    setStarting(true);
    try {
      const res = await api.post<{ importId: number }>(`${base}/import`, body);
      if (res.data) setImportId(res.data.importId);
    } catch (e) {
      ignoreApiError(e);
    } finally {
      setStarting(false);
    }
  };

  const percent = state && state.total > 0 ? Math.min(100, Math.round((state.processed / state.total) * 100)) : 0;

  return (
    <Dialog open onClose={(_e, reason) => (reason === 'backdropClick' && importId !== null && !finished ? undefined : close())} fullWidth maxWidth="sm" data-testid="import-dialog">
      <DialogTitle>{t('core:import.title', { name: t(def.titleKey) })}</DialogTitle>
      <DialogContent>
        {importId === null ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Box>
              <Button startIcon={<DownloadIcon />} onClick={() => void downloadTemplate()} disabled={templateBusy} data-testid="import-template">
                {t('core:import.templateDownload')}
              </Button>
              <Typography variant="body2" color="text.secondary">
                {t('core:import.templateHint', { max: MAX_MB })}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
                {t('core:import.chooseFile')}
                <input
                  ref={inputRef}
                  type="file"
                  hidden
                  accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                  data-testid="import-file"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </Button>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {file ? file.name : t('core:import.noFileChosen')}
              </Typography>
            </Stack>
            <FormControl>
              <FormLabel id="import-mode-label">{t('core:import.mode')}</FormLabel>
              <RadioGroup aria-labelledby="import-mode-label" value={mode} onChange={(e) => setMode(e.target.value === 'valid' ? 'valid' : 'all')}>
                <FormControlLabel value="all" control={<Radio slotProps={{ input: { 'data-testid': 'import-mode-all' } as object }} />} label={t('core:import.modeAll')} />
                <FormControlLabel value="valid" control={<Radio slotProps={{ input: { 'data-testid': 'import-mode-valid' } as object }} />} label={t('core:import.modeValid')} />
              </RadioGroup>
            </FormControl>
          </Stack>
        ) : !finished ? (
          <Stack spacing={1} sx={{ pt: 1 }} data-testid="import-progress">
            <Typography variant="body2" data-testid="import-progress-text">
              {state?.status !== 'running'
                ? t('core:import.queued')
                : state.total > 0
                  ? t('core:import.running', { processed: state.processed, total: state.total })
                  : t('core:import.reading')}
            </Typography>
            <LinearProgress
              variant={state?.status === 'running' && state.total > 0 ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-valuetext={state?.total ? `${state.processed} / ${state.total}` : undefined}
              data-testid="import-progress-bar"
            />
          </Stack>
        ) : (
          <Stack spacing={1} sx={{ pt: 1 }} data-testid="import-summary">
            <Alert severity={state.status === 'failed' ? 'error' : state.failed > 0 ? 'warning' : 'success'}>
              {state.status === 'failed' ? t('core:import.statusFailed') : t('core:import.statusDone')}
              {state.message ? `: ${state.message}` : ''}
            </Alert>
            <Typography variant="body2" data-testid="import-inserted">
              {t('core:import.inserted', { count: state.inserted })}
            </Typography>
            <Typography variant="body2" data-testid="import-failed">
              {t('core:import.failedRows', { count: state.failed })}
            </Typography>
            {/* All-or-nothing refused the file: its valid rows were not imported either. */}
            {state.status === 'done' && state.mode === 'all' && state.failed > 0 && state.total > state.failed && (
              <Typography variant="body2" data-testid="import-valid-skipped">
                {t('core:import.validSkipped', { count: state.total - state.failed })}
              </Typography>
            )}
            {state.failed > 0 && state.errorCount > 0 && (
              <Link href={`/api/core/imports/${state.id}/errors`} download data-testid="import-errors-link">
                {t('core:import.errorsLink')}
              </Link>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {/* Closing while the job runs is fine: it goes on on the server. */}
        <Button onClick={close} data-testid="import-close">
          {t('core:import.close')}
        </Button>
        {importId === null && (
          <Button variant="contained" onClick={() => void start()} disabled={!file || starting} data-testid="import-start">
            {t('core:import.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
