// The charging-rule form: the generated form's behaviour (same schema, server field errors on
// the inputs) plus a tier editor for quantity- and time-tiered rules and free days for
// time-tiered ones. Tiers are rows of from / to / price; an empty "to" means no upper end.
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, IconButton, MenuItem, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '@core/plugin';
import { optionLabel } from '@core/ui/resource/ResourcePage';
import { useRowSubmit } from '@core/ui/resource/useRowSubmit';
import { DateField } from '@core/ui/DateField';
import { todayIso } from '@core/i18n/dates';
import { chargingRuleDef as def } from '../fee';
import { parseTiers, type Tier } from '../engine';

type Values = Record<string, unknown>;

export function RuleForm({ row, lookups, onClose, onSaved }: { row: Values | null; lookups: Record<string, LookupOption[]>; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => ({
    ruleName: row?.ruleName ?? '',
    feeItemId: row?.feeItemId == null ? '' : String(row.feeItemId),
    method: row?.method ?? 'fixed',
    price: row?.price ?? '',
    unit: row?.unit ?? '',
    freeDays: row?.freeDays == null ? '0' : String(row.freeDays),
    effectiveFrom: row?.effectiveFrom ?? todayIso(),
    effectiveTo: row?.effectiveTo ?? '',
    customerUserId: row?.customerUserId == null ? '' : String(row.customerUserId),
    contractNo: row?.contractNo ?? '',
    priority: row?.priority == null ? '0' : String(row.priority),
    valid: row ? !!row.valid : true,
  }));
  const [tiers, setTiers] = useState<Tier[]>(() => {
    try {
      return parseTiers(row?.tiers ?? '[]');
    } catch {
      return [];
    }
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit, saving } = useRowSubmit(def, row, { onSaved, onClose, onErrors: setErrors });
  const method = String(values.method);
  const tiered = method === 'quantityTiered' || method === 'timeTiered';

  const set = (name: string, v: unknown) => {
    setValues((old) => ({ ...old, [name]: v }));
    setErrors((old) => ({ ...old, [name]: '' }));
  };
  const field = (name: string) => def.fields.find((f) => f.name === name)!;
  const common = (name: string) => ({ label: t(field(name).labelKey), error: !!errors[name], helperText: errors[name] || ' ', fullWidth: true, name });
  const text = (name: string, type = 'text') =>
    type === 'date' ? (
      <DateField {...common(name)} value={String(values[name] ?? '')} onChange={(iso) => set(name, iso)} testId={`form-${name}-field`} inputTestId={`form-${name}`} />
    ) : (
    <TextField
      {...common(name)}
      type={type}
      value={String(values[name] ?? '')}
      onChange={(e) => set(name, e.target.value)}
      slotProps={{ htmlInput: { maxLength: field(name).maxLength, 'data-testid': `form-${name}` } }}
      autoComplete="off"
    />
  );
  const select = (name: string, options: { value: string; label: string }[], blank = true) => (
    <TextField {...common(name)} select value={String(values[name] ?? '')} onChange={(e) => set(name, e.target.value)} data-testid={`form-${name}`}>
      {blank && <MenuItem value="">—</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const fromLookup = (name: string) => (lookups[field(name).lookup!] ?? []).map((o) => ({ value: o.value, label: optionLabel(t, o.label) }));
  const fromEnum = (name: string) => (field(name).options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }));

  const setTier = (i: number, k: keyof Tier, v: string) => {
    setTiers((old) => old.map((x, j) => (j === i ? { ...x, [k]: k === 'to' && v === '' ? null : v } : x)));
    setErrors((old) => ({ ...old, tiers: '' }));
  };
  const addTier = () =>
    setTiers((old) => {
      const last = old[old.length - 1];
      const from = !last ? (method === 'timeTiered' ? String(Number(values.freeDays || 0) + 1) : '0') : last.to === null ? '' : method === 'timeTiered' ? String(Number(last.to) + 1) : last.to;
      return [...old, { from, to: null, price: '' }];
    });

  const save = () => {
    const s = (k: string) => String(values[k] ?? '').trim();
    const n = (k: string) => (s(k) === '' ? null : Number(s(k)));
    submit({
      ruleName: s('ruleName'),
      feeItemId: n('feeItemId'),
      method,
      price: s('price'),
      unit: s('unit'),
      tiers: JSON.stringify(tiered ? tiers.map((x) => ({ from: x.from.trim(), to: x.to === null || x.to.trim() === '' ? null : x.to.trim(), price: x.price.trim() })) : []),
      freeDays: method === 'timeTiered' ? n('freeDays') : 0,
      timeUnit: 'day',
      effectiveFrom: s('effectiveFrom'),
      effectiveTo: s('effectiveTo'),
      customerUserId: n('customerUserId'),
      contractNo: s('contractNo'),
      priority: n('priority'),
      valid: !!values.valid,
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="resource-form">
      <DialogTitle>{t(row ? 'core:resource.editTitle' : 'core:resource.addTitle', { name: t(def.titleKey) })}</DialogTitle>
      <DialogContent>
        <Grid container columnSpacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>{text('ruleName')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{select('feeItemId', fromLookup('feeItemId'))}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{select('method', fromEnum('method'), false)}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{text('price')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{text('unit')}</Grid>
          {method === 'timeTiered' && <Grid size={{ xs: 12, sm: 4 }}>{text('freeDays', 'number')}</Grid>}
          <Grid size={{ xs: 12, sm: 4 }}>{text('effectiveFrom', 'date')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{text('effectiveTo', 'date')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{select('customerUserId', fromLookup('customerUserId'))}</Grid>
          <Grid size={{ xs: 12, sm: 3 }}>{text('contractNo')}</Grid>
          <Grid size={{ xs: 12, sm: 3 }}>{text('priority', 'number')}</Grid>
          <Grid size={{ xs: 12 }}>
            <FormControlLabel control={<Switch checked={!!values.valid} onChange={(e) => set('valid', e.target.checked)} name="valid" />} label={t(field('valid').labelKey)} />
          </Grid>
        </Grid>
        {tiered && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 1 }}>
              {t('finance:fees.rule.tiers')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t(method === 'timeTiered' ? 'finance:fees.rule.timeTierHint' : 'finance:fees.rule.quantityTierHint')}
            </Typography>
            <Table size="small" data-testid="tier-editor">
              <TableHead>
                <TableRow>
                  <TableCell>{t(method === 'timeTiered' ? 'finance:fees.rule.fromDay' : 'finance:fees.rule.from')}</TableCell>
                  <TableCell>{t(method === 'timeTiered' ? 'finance:fees.rule.toDay' : 'finance:fees.rule.to')}</TableCell>
                  <TableCell>{t('finance:fees.rule.tierPrice')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {tiers.map((tier, i) => (
                  <TableRow key={i}>
                    {(['from', 'to', 'price'] as const).map((k) => (
                      <TableCell key={k}>
                        <TextField size="small" value={tier[k] ?? ''} onChange={(e) => setTier(i, k, e.target.value)} slotProps={{ htmlInput: { 'data-testid': `tier-${i}-${k}` } }} />
                      </TableCell>
                    ))}
                    <TableCell>
                      <IconButton size="small" aria-label={t('core:resource.delete')} onClick={() => setTiers((old) => old.filter((_x, j) => j !== i))}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Button size="small" startIcon={<AddIcon />} onClick={addTier} data-testid="tier-add" sx={{ mt: 1 }}>
              {t('finance:fees.rule.addTier')}
            </Button>
            {errors.tiers && (
              <Typography color="error" variant="body2" data-testid="tier-error">
                {errors.tiers}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('core:common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving} data-testid="form-save">
          {t('core:resource.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
