// The cross-border RMB statement form (master-detail): the receipt, its amounts by trade type
// and contacts above, the customs declarations it covers below (one line per currency, each
// within 30 days of the receipt), and the collection instruction as text or an uploaded file.
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, IconButton, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '@core/plugin';
import { resourceKey } from '@core/resource/define';
import { FileLink, FileUpload } from '@core/ui/FileUpload';
import { useRowSubmit } from '@core/ui/resource/useRowSubmit';
import { DateField } from '@core/ui/DateField';
import { FX_CURRENCIES } from '../fx';
import { RMB_UPLOAD_TYPES, rmbStatementDef } from '../rmb';
import { FormFields, initialValues, payloadOf, type Values } from './FormFields';

interface Line {
  year: string;
  month: string;
  declDate: string;
  customsAmount: string;
  currency: string;
}

const toLine = (d: Record<string, unknown>): Line => ({
  year: String(d.year ?? ''),
  month: String(d.month ?? ''),
  declDate: String(d.declDate ?? ''),
  customsAmount: String(d.customsAmount ?? ''),
  currency: String(d.currency ?? ''),
});

export function RmbStatementForm({ row, lookups, readOnly, onClose, onSaved }: { row: Values | null; lookups: Record<string, LookupOption[]>; readOnly?: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => initialValues(rmbStatementDef, row));
  const [lines, setLines] = useState<Line[]>(() => ((row?.declarations as Record<string, unknown>[] | undefined) ?? []).map(toLine));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [file, setFile] = useState<{ id: number; name: string } | null>((row?.collectionFile as { id: number; name: string } | null) ?? null);
  const { submit, saving } = useRowSubmit(rmbStatementDef, row, { onSaved, onClose, onErrors: setErrors });
  const set = (name: string, v: unknown) => {
    setValues((old) => ({ ...old, [name]: v }));
    setErrors((old) => ({ ...old, [name]: '' }));
  };
  const setLine = (i: number, key: keyof Line, v: string) => {
    setLines((old) =>
      old.map((l, j) => {
        if (j !== i) return l;
        const next = { ...l, [key]: v };
        // The declaration date fills in its year and month.
        if (key === 'declDate' && /^\d{4}-\d{2}-\d{2}$/.test(v)) Object.assign(next, { year: v.slice(0, 4), month: String(Number(v.slice(5, 7))) });
        return next;
      }),
    );
    setErrors((old) => ({ ...old, declarations: '' }));
  };
  const save = () =>
    submit({
      ...payloadOf(rmbStatementDef, values),
      collectionFileId: file?.id ?? null,
      declarations: lines.map((l) => ({ ...l, year: Number(l.year), month: Number(l.month) })),
    });
  const cell = (i: number, key: keyof Line, type = 'text') =>
    type === 'date' ? (
      <DateField size="small" value={lines[i][key]} disabled={readOnly} onChange={(iso) => setLine(i, key, iso)} testId={`decl-${i}-${key}-field`} inputTestId={`decl-${i}-${key}`} sx={{ minWidth: 170 }} />
    ) : (
    <TextField
      size="small"
      type={type}
      value={lines[i][key]}
      disabled={readOnly}
      onChange={(e) => setLine(i, key, e.target.value)}
      slotProps={{ htmlInput: { 'data-testid': `decl-${i}-${key}` } }}
    />
  );
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth data-testid="rmb-form">
      <DialogTitle>{t(readOnly ? 'finance:fx.ui.view' : row ? 'core:resource.editTitle' : 'core:resource.addTitle', { name: t(rmbStatementDef.titleKey) })}</DialogTitle>
      <DialogContent>
        <Box sx={readOnly ? { pointerEvents: 'none' } : undefined}>
          <FormFields def={rmbStatementDef} values={values} errors={errors} lookups={lookups} onChange={set} />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{t('finance:fx.rmb.collectionFile')}</Typography>
          {!readOnly && (
            <FileUpload resource={resourceKey(rmbStatementDef)} types={RMB_UPLOAD_TYPES} testId="collection-upload" onUploaded={(f) => { setFile({ id: f.id, name: f.name }); setErrors((old) => ({ ...old, collectionInstruction: '' })); }} />
          )}
          {file && <FileLink file={file} />}
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 3 }}>
          <Typography variant="subtitle1">{t('finance:fx.rmb.declarations')}</Typography>
          {!readOnly && (
            <Button size="small" startIcon={<AddIcon />} data-testid="decl-add" onClick={() => setLines((old) => [...old, { year: '', month: '', declDate: '', customsAmount: '', currency: '' }])}>
              {t('finance:fx.ui.addDecl')}
            </Button>
          )}
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{t('finance:fx.rmb.declDate')}</TableCell>
              <TableCell>{t('finance:fx.rmb.declYear')}</TableCell>
              <TableCell>{t('finance:fx.rmb.declMonth')}</TableCell>
              <TableCell>{t('finance:fx.rmb.customsAmount')}</TableCell>
              <TableCell>{t('finance:fx.rmb.declCurrency')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l, i) => (
              <TableRow key={i}>
                <TableCell>{i + 1}</TableCell>
                <TableCell>{cell(i, 'declDate', 'date')}</TableCell>
                <TableCell>{cell(i, 'year')}</TableCell>
                <TableCell>{cell(i, 'month')}</TableCell>
                <TableCell>{cell(i, 'customsAmount')}</TableCell>
                <TableCell>
                  <TextField select size="small" value={l.currency} disabled={readOnly} onChange={(e) => setLine(i, 'currency', e.target.value)} sx={{ minWidth: 110 }} data-testid={`decl-${i}-currency`}>
                    {FX_CURRENCIES.map((c) => (
                      <MenuItem key={c} value={c}>
                        {optionText(lookups, c)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  {!readOnly && (
                    <IconButton size="small" aria-label={t('finance:fx.ui.removeDecl')} onClick={() => setLines((old) => old.filter((_x, j) => j !== i))}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {!lines.length && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary">{t('finance:fx.ui.noDecl')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        <FormHelperText error data-testid="decl-error">
          {errors.declarations || ' '}
        </FormHelperText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(readOnly ? 'finance:fx.ui.close' : 'core:common.cancel')}</Button>
        {!readOnly && (
          <Button variant="contained" onClick={save} disabled={saving} data-testid="form-save">
            {t('core:resource.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function optionText(lookups: Record<string, LookupOption[]>, code: string): string {
  const o = (lookups['system.refCode.CURRENCY'] ?? []).find((x) => x.value === code);
  return o ? `${code} ${typeof o.label === 'string' ? o.label : ''}`.trim() : code;
}
