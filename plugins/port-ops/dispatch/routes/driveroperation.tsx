// /intelligentdispatch/driveroperation: the driver's own page, made for a phone held in one hand
// — one card per trip not yet done, and on it only the next step's big button (accept, arrived
// at loading, load with the weighbridge's gross and tare, depart, arrived, unload with its
// weighing and a photo or PDF of the signed receipt, complete), and while on the trip a smaller
// "report a problem" with its reason. Every step is the server's transition (POST
// /api/portops/waybill/step, waybillStep), which checks the waybill is the driver's own.
import { useState } from 'react';
import { Form, Link, useLoaderData, useRevalidator } from '@remix-run/react';
import { Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { getRow, page, type Row } from '@core/server';
import { resourceKey } from '@core/shared';
import { ApiError, FileLink, FileUpload, pageLoader, useNotify } from '@core/client';
import { DRIVER_STEPS, K, MENU, RECEIPT_TYPES, RELEASED, REPORT_EXCEPTION, WAYBILL_PERMISSIONS, WAYBILL_TRANSITIONS, waybillDef, type DriverStep } from '../waybill';
import { WAYBILL, narrowWaybills, waybillResource, waybillScopeOf } from '../waybill.server';

const NEED = { menu: MENU.driverOperation, permission: WAYBILL_PERMISSIONS.drive };

export const loader = page(NEED, async ({ knex, user, t }) => {
  const qb = knex(WAYBILL).whereNotIn('status', RELEASED).orderBy([{ column: 'loading_from' }, { column: 'id' }]).limit(20).select('id');
  narrowWaybills(qb, await waybillScopeOf(knex, user));
  const rows: Row[] = [];
  for (const { id } of await qb) rows.push(await getRow(waybillResource, user, Number(id), t, knex));
  return { rows, name: user.nickname || user.username };
});

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();

/** The step a waybill in this state waits for (none: an exception, for the dispatcher). */
const nextStep = (status: string): DriverStep | null => DRIVER_STEPS.find((s) => WAYBILL_TRANSITIONS.find((x) => x.name === s)!.from.includes(status)) ?? null;

/** The exception transition, whose states enable the driver's report and whose reason rule the field shows. */
const EXCEPTION = WAYBILL_TRANSITIONS.find((x) => x.name === REPORT_EXCEPTION)!;

const net = (gross: string, tare: string) => {
  try {
    return gross && tare ? new Decimal(gross).minus(tare).toFixed(3) : '';
  } catch {
    return '';
  }
};

function Line({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 84, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {String(value)}
      </Typography>
    </Stack>
  );
}

function TripCard({ row }: { row: Row }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const revalidator = useRevalidator();
  const step = nextStep(String(row.status));
  const weighing = step === 'load' || step === 'unload';
  const [gross, setGross] = useState('');
  const [tare, setTare] = useState('');
  const [receipt, setReceipt] = useState<{ id: number; name: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The problem report: closed, or open with its reason being written.
  const [reason, setReason] = useState<string | null>(null);
  const canReport = EXCEPTION.from.includes(String(row.status));
  const f = (k: string) => t(`${K}.field.${k}`);
  const send = async (body: Record<string, unknown>) => {
    setBusy(true);
    try {
      const res = await api.post('/portops/waybill/step', body, { silent: true });
      // The next step starts blank (unloading is weighed afresh).
      setErrors({});
      setGross('');
      setTare('');
      setReceipt(null);
      setReason(null);
      toast(res.msg, { severity: 'success' });
      revalidator.revalidate();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErrors(((e.envelope?.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors) ?? {});
      toast(e.message, { severity: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const submit = () => send({ id: row.id, step, ...(weighing ? { gross, tare, receiptFileId: receipt?.id ?? null } : {}) });
  const report = () => send({ id: row.id, step: REPORT_EXCEPTION, statusNote: reason ?? '' });
  return (
    <Card variant="outlined" data-testid="trip-card" data-waybill={String(row.waybillNo)}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {String(row.waybillNo)}
          </Typography>
          <Chip size="small" color={row.status === 'exception' ? 'error' : 'primary'} label={t(`${K}.state.${String(row.status)}`)} />
        </Stack>
        <Line label={f('goods')} value={`${String(row.goods)} · ${String(row.plannedTonnes)} ${t(`${K}.ui.tonnes`)}`} />
        <Line label={f('vehicle')} value={row.plateNo} />
        <Line label={f('loadingFrom')} value={`${String(row.loadingFrom)} – ${String(row.loadingTo).slice(11)}`} />
        <Line label={f('loadingPoint')} value={row.loadingPoint} />
        <Line label={f('unloadingPoint')} value={row.unloadingPoint} />
        <Line label={f('customer')} value={row.customerName} />
        <Line label={f('loadedNet')} value={row.loadedNet} />
        <Line label={f('statusNote')} value={row.status === 'exception' ? row.statusNote : null} />
        {weighing && (
          <Stack spacing={1.5} sx={{ mt: 1.5 }}>
            <Stack direction="row" spacing={1.5}>
              <TextField
                label={`${f('gross')} (${t(`${K}.ui.tonnes`)})`}
                value={gross}
                onChange={(e) => setGross(e.target.value)}
                error={!!errors.gross}
                helperText={errors.gross || ' '}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'weigh-gross' } }}
                fullWidth
              />
              <TextField
                label={`${f('tare')} (${t(`${K}.ui.tonnes`)})`}
                value={tare}
                onChange={(e) => setTare(e.target.value)}
                error={!!errors.tare}
                helperText={errors.tare || ' '}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'weigh-tare' } }}
                fullWidth
              />
            </Stack>
            <Typography variant="body2" data-testid="weigh-net">
              {t(`${K}.ui.net`)}: {net(gross, tare) || '—'} {t(`${K}.ui.tonnes`)}
            </Typography>
            {step === 'unload' && (
              <Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <FileUpload resource={resourceKey(waybillDef)} types={RECEIPT_TYPES} testId="receipt-upload" label={t(`${K}.ui.uploadReceipt`)} onUploaded={(file) => setReceipt({ id: file.id, name: file.name })} />
                  {receipt && <FileLink file={receipt} />}
                </Stack>
                {errors.receiptFileId && (
                  <Typography variant="caption" color="error">
                    {errors.receiptFileId}
                  </Typography>
                )}
              </Box>
            )}
          </Stack>
        )}
        {step && reason === null && (
          <Button variant="contained" size="large" fullWidth disabled={busy} onClick={() => void submit()} data-testid={`step-${step}`} sx={{ mt: 2, py: 1.75, fontSize: '1.1rem' }}>
            {t(`${K}.action.${step}`)}
          </Button>
        )}
        {canReport && reason === null && (
          <Button variant="outlined" color="warning" fullWidth disabled={busy} onClick={() => setReason('')} data-testid="report-problem" sx={{ mt: 1.5 }}>
            {t(`${K}.ui.reportProblem`)}
          </Button>
        )}
        {canReport && reason !== null && (
          <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="problem-form">
            <TextField
              label={t(EXCEPTION.note!.labelKey)}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              multiline
              minRows={2}
              autoFocus
              error={!!errors.statusNote}
              helperText={errors.statusNote || t(`${K}.ui.problemHint`)}
              slotProps={{ htmlInput: { maxLength: EXCEPTION.note!.maxLength, 'data-testid': 'problem-reason' } }}
              fullWidth
            />
            <Stack direction="row" spacing={1.5}>
              <Button
                color="inherit"
                fullWidth
                disabled={busy}
                onClick={() => {
                  setReason(null);
                  setErrors({});
                }}
              >
                {t('core:common.cancel')}
              </Button>
              <Button variant="contained" color="warning" fullWidth disabled={busy} onClick={() => void report()} data-testid="problem-send">
                {t(`${K}.ui.sendProblem`)}
              </Button>
            </Stack>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

export default function DriverOperation() {
  const { t } = useTranslation();
  const { rows, name } = useLoaderData<typeof loader>();
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }} data-testid="driver-operation">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" noWrap>
            {t(`${K}.title.driverOperation`)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {name}
          </Typography>
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
          <Button component={Link} to="/intelligentdispatch/driverwaybill" size="small">
            {t(`${K}.ui.allWaybills`)}
          </Button>
          <Form method="post" action="/logout" reloadDocument>
            <Button type="submit" size="small" color="inherit">
              {t('core:layout.logout')}
            </Button>
          </Form>
        </Stack>
      </Stack>
      <Stack spacing={2}>
        {rows.length ? rows.map((row) => <TripCard key={String(row.id)} row={row as Row} />) : <Typography color="text.secondary">{t(`${K}.ui.noTrips`)}</Typography>}
      </Stack>
    </Box>
  );
}
