// The distribution screen's parts: 智能分配 on one published source opens the optimiser's proposal
// (the lot it is placed in; per fleet: the result, share, tonnes, free capacity and why, every
// rule that shaped it by name); the operator may change the tonnes of fleets that were not
// excluded, include an excluded fleet (where its exclusions may be set aside) with a reason, then
// confirms: the server checks the shares again, creates the fleet orders (an included fleet's
// with its reason, audited) and assigns the source. The detail drawer lists the source's orders.
import { useEffect, useRef, useState } from 'react';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import { Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNotify, type ScreenParts } from '@core/client';
import { K } from '../source';
import { OrdersOfSource } from './OrdersOfSource';

interface ProposalFleet {
  fleetId: number;
  name: string;
  status: 'allocated' | 'unused' | 'excluded';
  tonnes: number;
  sharePercent: number;
  capacityTonnes: number;
  reasons: string[];
  includable: boolean;
}
interface Proposal {
  source: { id: number; sourceNo: string; tonnes: number };
  lot: { tonnes: number; containers: number | null; text: string };
  placedTonnes: number;
  unplacedTonnes: number;
  unplacedReason: string | null;
  fleets: ProposalFleet[];
  rules: { id: number; name: string }[];
}

const COLOURS = { allocated: 'success', unused: 'default', excluded: 'error' } as const;
const round2 = (n: number) => Math.round(n * 100) / 100;

export function DistributionDialog({ sourceId, onClose, onDone }: { sourceId: number; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [tonnes, setTonnes] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Excluded fleets the operator includes, with the reason typed so far. */
  const [included, setIncluded] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    api
      .get<Proposal>(`/portops/distribution/${sourceId}`)
      .then((res) => {
        const p = res.data!;
        setProposal(p);
        setTonnes(Object.fromEntries(p.fleets.map((f) => [f.fleetId, f.tonnes > 0 ? String(f.tonnes) : ''])));
      })
      .catch(() => close.current());
  }, [api, sourceId]);
  const total = round2(Object.values(tonnes).reduce((sum, v) => sum + (Number(v) || 0), 0));
  const confirm = async () => {
    const shares = Object.entries(tonnes)
      .filter(([, v]) => v.trim() !== '' && Number(v) !== 0)
      .map(([fleetId, v]) => ({ fleetId: Number(fleetId), tonnes: v.trim(), ...(included[Number(fleetId)] !== undefined ? { includeReason: included[Number(fleetId)] } : {}) }));
    setBusy(true);
    try {
      const res = await api.post<{ orders: number[] }>(`/portops/distribution/${sourceId}`, { shares }, { silent: true });
      toast(t(`${K}.ui.done`, { n: res.data?.orders.length ?? 0 }), { severity: 'success' });
      onDone();
    } catch (e) {
      const data = (e as { envelope?: { data?: { fieldErrors?: Record<string, string> } } }).envelope?.data;
      if (data?.fieldErrors) setErrors(data.fieldErrors);
      else toast((e as Error).message, { severity: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth data-testid="distribution-dialog">
      <DialogTitle>{t(`${K}.ui.title`, { no: proposal?.source.sourceNo ?? '' })}</DialogTitle>
      <DialogContent>
        {proposal && (
          <>
            <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: 'wrap' }}>
              <Typography data-testid="distribution-summary">{t(`${K}.ui.summary`, { tonnes: proposal.source.tonnes, placed: proposal.placedTonnes })}</Typography>
              {proposal.unplacedTonnes > 0 && <Typography color="warning.main">{t(`${K}.ui.unplaced`, { tonnes: proposal.unplacedTonnes, reason: proposal.unplacedReason ?? '' })}</Typography>}
            </Stack>
            <Typography variant="body2" component="div" sx={{ mb: 0.5 }} data-testid="distribution-lot">
              {proposal.lot.text}
            </Typography>
            {proposal.fleets.some((f) => f.status === 'excluded') && (
              <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 0.5 }} data-testid="distribution-excluded">
                {t(`${K}.ui.excludedCount`, { n: proposal.fleets.filter((f) => f.status === 'excluded').length })}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
              {t(`${K}.ui.rules`, { rules: proposal.rules.map((r) => r.name).join('、') })}
            </Typography>
            <Table size="small" data-testid="distribution-fleets">
              <TableHead>
                <TableRow>
                  <TableCell>{t(`${K}.ui.fleet`)}</TableCell>
                  <TableCell>{t(`${K}.ui.fleetStatus`)}</TableCell>
                  <TableCell align="right">{t(`${K}.ui.share`)}</TableCell>
                  <TableCell align="right">{t(`${K}.ui.capacity`)}</TableCell>
                  <TableCell sx={{ width: 140 }}>{t(`${K}.ui.tonnes`)}</TableCell>
                  <TableCell>{t(`${K}.ui.why`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {proposal.fleets.map((f) => {
                  const error = errors[`fleet${f.fleetId}`];
                  const including = included[f.fleetId] !== undefined;
                  const share = proposal.source.tonnes > 0 ? round2(((Number(tonnes[f.fleetId]) || 0) / proposal.source.tonnes) * 100) : 0;
                  return (
                    <TableRow key={f.fleetId} data-testid={`distribution-fleet-${f.fleetId}`}>
                      <TableCell>{f.name}</TableCell>
                      <TableCell>
                        <Chip size="small" color={COLOURS[f.status]} label={t(`${K}.ui.statuses.${f.status}`)} />
                      </TableCell>
                      <TableCell align="right">{share}%</TableCell>
                      <TableCell align="right">{f.capacityTonnes}</TableCell>
                      <TableCell>
                        <TextField
                          size="small"
                          type="number"
                          value={tonnes[f.fleetId] ?? ''}
                          disabled={f.status === 'excluded' && !including}
                          error={!!error}
                          helperText={error}
                          onChange={(e) => {
                            setTonnes((old) => ({ ...old, [f.fleetId]: e.target.value }));
                            setErrors((old) => ({ ...old, [`fleet${f.fleetId}`]: '', shares: '' }));
                          }}
                          slotProps={{ htmlInput: { min: 0, step: proposal.lot.tonnes, 'aria-label': `${t(`${K}.ui.tonnes`)} ${f.name}`, 'data-testid': `distribution-tonnes-${f.fleetId}` } }}
                        />
                      </TableCell>
                      <TableCell sx={{ fontSize: 13 }}>
                        {f.reasons.map((r, i) => (
                          <div key={i}>{r}</div>
                        ))}
                        {f.includable && !including && (
                          <Button size="small" variant="outlined" sx={{ mt: 0.5 }} title={t(`${K}.ui.includeTitle`)} onClick={() => setIncluded((old) => ({ ...old, [f.fleetId]: '' }))} data-testid={`distribution-include-${f.fleetId}`}>
                            {t(`${K}.ui.include`)}
                          </Button>
                        )}
                        {including && (
                          <TextField
                            size="small"
                            fullWidth
                            required
                            sx={{ mt: 0.5 }}
                            label={t(`${K}.ui.includeReason`)}
                            value={included[f.fleetId]}
                            error={!!errors[`reason${f.fleetId}`]}
                            helperText={errors[`reason${f.fleetId}`]}
                            onChange={(e) => {
                              setIncluded((old) => ({ ...old, [f.fleetId]: e.target.value }));
                              setErrors((old) => ({ ...old, [`reason${f.fleetId}`]: '' }));
                            }}
                            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': `distribution-reason-${f.fleetId}` } }}
                          />
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <Typography sx={{ mt: 1 }} color={total > proposal.source.tonnes ? 'error' : undefined} data-testid="distribution-total">
              {t(`${K}.ui.total`, { total, tonnes: proposal.source.tonnes })}
            </Typography>
            {errors.shares && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {errors.shares}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('core:common.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={!proposal || busy} data-testid="distribution-confirm">
          {t(`${K}.ui.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function useDistributeSourceScreen(data: { canDistribute?: boolean }): ScreenParts {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ id: number; reload(): void } | null>(null);
  return {
    actions: (selected, reload) => {
      if (!data.canDistribute) return null;
      const one = selected.length === 1 && selected[0].status === 'published';
      return (
        <Button variant="contained" startIcon={<AltRouteIcon />} disabled={!one} title={one ? undefined : t(`${K}.ui.selectPublished`)} onClick={() => one && setOpen({ id: Number(selected[0].id), reload })} data-testid="toolbar-distribute">
          {t(`${K}.ui.distribute`)}
        </Button>
      );
    },
    renderDetail: (row) => <OrdersOfSource orders={row.orders} />,
    dialogs: open && (
      <DistributionDialog
        sourceId={open.id}
        onClose={() => setOpen(null)}
        onDone={() => {
          open.reload();
          setOpen(null);
        }}
      />
    ),
  };
}
