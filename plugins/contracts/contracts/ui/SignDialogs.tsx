// Signing and refusing a contract, by the party whose turn it is: the sign dialog (review the PDF,
// pick one of the enterprise's enabled seals, re-enter the login password) and the reject dialog
// (a reason). Field errors from the server land under their inputs.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Link, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '@core/shared';
import { ApiError, useNotify } from '@core/client';
import { K } from '../contract';
import { pdfUrl, type ContractRow } from './parties';

const REASON_MAX = 500;
type Errors = Record<string, string>;
type Seal = { id: number; name: string; imageFileId: number | null };

/** A failed call's field errors, or its message for the dialog's alert. */
function failure(e: unknown): { fields: Errors; message: string | null } {
  if (!(e instanceof ApiError)) throw e;
  const fields = (e.envelope?.data as { fieldErrors?: Errors } | undefined)?.fieldErrors ?? {};
  return { fields, message: Object.keys(fields).length ? null : e.message };
}

function ContractHead({ row }: { row: ContractRow }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t(`${K}.field.contractNo`)}: <b data-testid="dialog-contract-no">{row.contractNo}</b>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`${K}.field.contractTitle`)}: <b>{row.title}</b>
      </Typography>
    </Box>
  );
}

/** The user's enterprise's enabled seals: the lookup's names, with their images where the seal list gives them. */
function useOwnSeals(): Seal[] | null {
  const { api } = useNotify();
  const [seals, setSeals] = useState<Seal[] | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const own = await api
        .get<LookupOption[]>('/lookup/contracts.ownSeals', undefined, {
          silent: true,
        })
        .catch(() => null);
      const list = (own?.data ?? []).map((o) => ({
        id: Number(o.value),
        name: o.label,
        imageFileId: null as number | null,
      }));
      if (live) setSeals(list);
      if (!list.length) return;
      const rows = await api.get<{ rows: { id: number; imageFileId?: number | null }[] }>('/contracts/seal', { status: 'enabled', pageSize: 100 }, { silent: true }).catch(() => null);
      const images = new Map((rows?.data?.rows ?? []).map((r) => [Number(r.id), r.imageFileId ? Number(r.imageFileId) : null]));
      if (live) setSeals(list.map((s) => ({ ...s, imageFileId: images.get(s.id) ?? null })));
    })();
    return () => {
      live = false;
    };
  }, [api]);
  return seals;
}

export function SignDialog({ row, onClose, onDone }: { row: ContractRow; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const seals = useOwnSeals();
  const [sealId, setSealId] = useState<string>('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (seals?.length === 1) setSealId(String(seals[0].id));
  }, [seals]);

  const submit = async () => {
    const found: Errors = {};
    if (!sealId) found.sealId = t(`${K}.msg.sealRequired`);
    if (!password)
      found.password = t('core:resource.required', {
        field: t(`${K}.ui.password`),
      });
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const res = await api.post(`/contracts/contract/${row.id}/sign`, { password, sealId: Number(sealId) }, { silent: true });
      toast(res.msg, { severity: 'success' });
      onDone();
    } catch (e) {
      const f = failure(e);
      setErrors(f.fields);
      setMessage(f.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="sign-dialog">
      <DialogTitle>{t(`${K}.ui.signTitle`)}</DialogTitle>
      <DialogContent>
        <ContractHead row={row} />
        <Alert severity="info" icon={<PictureAsPdfOutlinedIcon />} sx={{ mb: 2 }}>
          {t(`${K}.ui.reviewHint`)}{' '}
          <Link href={pdfUrl(row.id)} target="_blank" rel="noopener" data-testid="sign-review-pdf">
            {t(`${K}.ui.openPdf`)}
          </Link>
        </Alert>
        <Typography variant="subtitle2" gutterBottom>
          {t(`${K}.ui.seal`)}
        </Typography>
        {seals === null ? (
          <Typography variant="body2" color="text.secondary">
            {t(`${K}.ui.loading`)}
          </Typography>
        ) : seals.length === 0 ? (
          <Alert severity="warning" data-testid="sign-no-seal">
            {t(`${K}.ui.noSeal`)}
          </Alert>
        ) : (
          <RadioGroup
            value={sealId}
            onChange={(e) => {
              setSealId(e.target.value);
              setErrors((x) => ({ ...x, sealId: '' }));
            }}
            sx={{ flexDirection: 'row', gap: 1 }}
          >
            {seals.map((s) => (
              <FormControlLabel
                key={s.id}
                value={String(s.id)}
                data-testid={`sign-seal-${s.id}`}
                control={<Radio size="small" />}
                sx={{
                  m: 0,
                  pr: 1.5,
                  border: 1,
                  borderRadius: 1,
                  borderColor: sealId === String(s.id) ? 'primary.main' : 'divider',
                }}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
                    {s.imageFileId && <img src={`/api/core/files/${s.imageFileId}?inline=1`} alt="" style={{ height: 48, width: 48, objectFit: 'contain' }} />}
                    <Typography variant="body2">{s.name}</Typography>
                  </Stack>
                }
              />
            ))}
          </RadioGroup>
        )}
        {errors.sealId && (
          <FormHelperText error data-testid="sign-seal-error">
            {errors.sealId}
          </FormHelperText>
        )}
        <TextField
          type="password"
          label={t(`${K}.ui.password`)}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((x) => ({ ...x, password: '' }));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void submit();
          }}
          error={!!errors.password}
          helperText={errors.password || t(`${K}.ui.passwordHint`)}
          autoComplete="current-password"
          fullWidth
          required
          size="small"
          sx={{ mt: 2.5 }}
          slotProps={{ htmlInput: { 'data-testid': 'sign-password' } }}
        />
        {message && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="sign-error">
            {message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="sign-cancel">
          {t('core:common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || seals?.length === 0} data-testid="sign-submit">
          {t(`${K}.ui.signConfirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function RejectDialog({ row, onClose, onDone }: { row: ContractRow; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = t(`${K}.field.rejectReason`);

  const submit = async () => {
    const text = reason.trim();
    if (!text) return setError(t('core:resource.required', { field }));
    if (text.length > REASON_MAX) return setError(t('core:resource.tooLong', { field, max: REASON_MAX }));
    setBusy(true);
    setMessage(null);
    try {
      const res = await api.post(`/contracts/contract/${row.id}/reject`, { reason: text }, { silent: true });
      toast(res.msg, { severity: 'success' });
      onDone();
    } catch (e) {
      const f = failure(e);
      setError(f.fields.reason ?? '');
      setMessage(f.fields.reason ? null : f.message ?? Object.values(f.fields)[0] ?? null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="reject-dialog">
      <DialogTitle>{t(`${K}.ui.rejectTitle`)}</DialogTitle>
      <DialogContent>
        <ContractHead row={row} />
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(`${K}.ui.rejectHint`)}
        </Alert>
        <TextField
          label={field}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError('');
          }}
          error={!!error}
          helperText={error || `${reason.length} / ${REASON_MAX}`}
          multiline
          minRows={3}
          fullWidth
          required
          slotProps={{
            htmlInput: {
              maxLength: REASON_MAX,
              'data-testid': 'reject-reason',
            },
          }}
        />
        {message && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="reject-error">
            {message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="reject-cancel">
          {t('core:common.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={submit} disabled={busy} data-testid="reject-submit">
          {t(`${K}.ui.rejectConfirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
