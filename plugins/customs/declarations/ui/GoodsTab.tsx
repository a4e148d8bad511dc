// The goods tab of the declaration editor: the goods lines, and the selected line's fields, HS
// declaration elements (the specification model built from them), cargo attributes, dangerous
// goods and licences.
import { useMemo } from 'react';
import { Box, Button, Divider, FormControlLabel, Grid, IconButton, MenuItem, Paper, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { CodePicker, DateField, RemotePicker } from '@core/client';
import type { LookupOption } from '@core/shared';
import { DUTY_MODES, specModel } from '../declaration';
import { k, str, type Element, type Line } from './editorValues';

/** Pickers searched on the server rather than loaded with the page. */
const SEARCHED = new Set(['customs.hsCodes']);

export function GoodsTab({
  goods,
  sel,
  onSelect,
  line,
  onLine,
  onAdd,
  onRemove,
  elements,
  error,
  editable,
  lookups,
}: {
  goods: Line[];
  sel: number | null;
  onSelect(i: number): void;
  line: Line | null;
  onLine(patch: Partial<Line>): void;
  onAdd(): void;
  onRemove(): void;
  elements: Element[];
  error?: string;
  editable: boolean;
  lookups: Record<string, LookupOption[]>;
}) {
  const { t, i18n } = useTranslation();
  const elementName = (e: Element) => (i18n.language !== 'zh' && e.nameEn ? e.nameEn : e.name);
  const opts = (name: string) => lookups[name] ?? [];
  const lineText = (name: string, label = t(k(`goods.${name}`)), required = false, type: 'text' | 'date' = 'text') =>
    type === 'date' ? (
      <DateField
        label={label}
        required={required}
        size="small"
        fullWidth
        disabled={!editable}
        value={str(line?.[name])}
        onChange={(iso) => onLine({ [name]: iso })}
        helperText=" "
        testId={`goods-${name}-field`}
        inputTestId={`goods-${name}`}
      />
    ) : (
      <TextField
        label={label}
        required={required}
        size="small"
        fullWidth
        disabled={!editable}
        value={str(line?.[name])}
        onChange={(e) => onLine({ [name]: e.target.value })}
        slotProps={{ htmlInput: { 'data-testid': `goods-${name}` } }}
        helperText=" "
      />
    );
  const linePick = (name: string, lookup: string, required = false) =>
    // HS codes (10,000) are searched on the server as the user types; the short code lists come with the page.
    SEARCHED.has(lookup) ? (
      <RemotePicker lookup={lookup} label={t(k(`goods.${name}`))} value={str(line?.[name])} onChange={(v) => onLine({ [name]: v })} disabled={!editable} size="small" testId={`goods-${name}`} />
    ) : (
      <CodePicker
        label={t(k(`goods.${name}`))}
        required={required}
        value={str(line?.[name])}
        options={opts(lookup)}
        onChange={(v) => onLine({ [name]: v })}
        disabled={!editable}
        testId={`goods-${name}`}
      />
    );

  const preview = useMemo(() => (line ? specModel(elements, line.elements) : ''), [elements, line]);

  return (
    <Stack spacing={2}>
      {error && (
        <Typography color="error" data-testid="goods-error">
          {error}
        </Typography>
      )}
      <Paper sx={{ p: 1 }}>
        {editable && (
          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
            <Button size="small" startIcon={<AddIcon />} onClick={onAdd} data-testid="goods-add">
              {t(k('action.addGoods'))}
            </Button>
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onRemove} data-testid="goods-remove">
              {t(k('action.removeGoods'))}
            </Button>
          </Stack>
        )}
        <Table size="small">
          <TableHead>
            <TableRow>
              {['itemNo', 'hsCode', 'goodsName', 'specModel', 'qty', 'unitPrice', 'totalPrice', 'currency', 'originCountry'].map((c) => (
                <TableCell key={c}>{t(k(`goods.${c}`))}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {goods.map((g, i) => (
              <TableRow key={i} hover selected={sel === i} onClick={() => onSelect(i)} sx={{ cursor: 'pointer' }} data-testid="goods-row">
                <TableCell>{i + 1}</TableCell>
                <TableCell>{str(g.hsCode)}</TableCell>
                <TableCell>{str(g.goodsName)}</TableCell>
                <TableCell sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{sel === i ? preview : str(g.specModel)}</TableCell>
                <TableCell>
                  {str(g.qty)} {str(g.unit)}
                </TableCell>
                <TableCell>{str(g.unitPrice)}</TableCell>
                <TableCell>{str(g.totalPrice)}</TableCell>
                <TableCell>{str(g.currency)}</TableCell>
                <TableCell>{str(g.originCountry)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {line && (
        <Paper sx={{ p: 2 }} data-testid="goods-editor">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>{linePick('hsCode', 'customs.hsCodes', true)}</Grid>
            <Grid size={{ xs: 12, md: 3 }}>{lineText('goodsName', undefined, true)}</Grid>
            <Grid size={{ xs: 12, md: 3 }}>{lineText('ciqName')}</Grid>
          </Grid>
          {elements.length > 0 && (
            <Box sx={{ mb: 2 }}>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t(k('goods.elements'))} — {t(k('goods.specModel'))}: <code data-testid="spec-preview">{preview}</code>
              </Typography>
              <Grid container spacing={1}>
                {elements.map((e) => (
                  <Grid key={e.seq} size={{ xs: 12, sm: 6, md: 3 }}>
                    <TextField
                      size="small"
                      fullWidth
                      required={e.isRequired}
                      disabled={!editable}
                      label={`${e.seq}. ${elementName(e)}`}
                      value={line.elements[String(e.seq)] ?? ''}
                      onChange={(ev) => onLine({ elements: { ...line.elements, [String(e.seq)]: ev.target.value } })}
                      slotProps={{ htmlInput: { 'data-testid': `element-${e.seq}` } }}
                    />
                  </Grid>
                ))}
              </Grid>
            </Box>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, md: 2 }}>{lineText('qty', undefined, true)}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>{linePick('unit', 'customs.qp.unit', true)}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>{lineText('unitPrice', undefined, true)}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>{lineText('totalPrice', undefined, true)}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>{linePick('currency', 'customs.qp.currency', true)}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <TextField
                select
                size="small"
                fullWidth
                label={t(k('goods.dutyMode'))}
                disabled={!editable}
                value={str(line.dutyMode)}
                onChange={(e) => onLine({ dutyMode: e.target.value })}
                helperText=" "
              >
                {DUTY_MODES.map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(k(`dutyModes.${m}`))}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>{linePick('originCountry', 'system.countries')}</Grid>
            <Grid size={{ xs: 6, md: 3 }}>{linePick('destCountry', 'system.countries')}</Grid>
            <Grid size={{ xs: 6, md: 1.5 }}>{lineText('legalQty1')}</Grid>
            <Grid size={{ xs: 6, md: 1.5 }}>{linePick('legalUnit1', 'customs.qp.unit')}</Grid>
            <Grid size={{ xs: 6, md: 1.5 }}>{lineText('legalQty2')}</Grid>
            <Grid size={{ xs: 6, md: 1.5 }}>{linePick('legalUnit2', 'customs.qp.unit')}</Grid>
          </Grid>
          <Divider sx={{ my: 1 }}>{t(k('goods.attributes'))}</Divider>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, md: 2 }}>{lineText('productionDate', undefined, false, 'date')}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>{lineText('expiryDate', undefined, false, 'date')}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>{lineText('shelfLifeDays')}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>{lineText('batchNo')}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>{lineText('brand')}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>{lineText('model')}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{lineText('overseasMaker')}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>{lineText('volumeCbm')}</Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <FormControlLabel control={<Switch checked={!!line.dangerous} disabled={!editable} onChange={(e) => onLine({ dangerous: e.target.checked })} />} label={t(k('goods.dangerous'))} />
            </Grid>
            {!!line.dangerous && (
              <>
                <Grid size={{ xs: 6, md: 2 }}>{lineText('unCode', undefined, true)}</Grid>
                <Grid size={{ xs: 6, md: 4 }}>{lineText('dangerName', undefined, true)}</Grid>
                <Grid size={{ xs: 6, md: 2 }}>{lineText('dangerPackType')}</Grid>
                <Grid size={{ xs: 6, md: 4 }}>{lineText('dangerPackSpec')}</Grid>
              </>
            )}
          </Grid>
          <Divider sx={{ my: 1 }}>{t(k('goods.licences'))}</Divider>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['type', 'no', 'serial', 'qty', 'unit'].map((c) => (
                  <TableCell key={c}>{t(k(`licence.${c}`))}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {line.licences.map((l, li) => {
                const setL = (key: string, v: string) => onLine({ licences: line.licences.map((x, j) => (j === li ? { ...x, [key]: v } : x)) });
                return (
                  <TableRow key={li}>
                    <TableCell sx={{ minWidth: 220 }}>
                      <CodePicker label="" value={l.licenceType} options={opts('customs.qp.license')} onChange={(v) => setL('licenceType', v)} disabled={!editable} />
                    </TableCell>
                    {(['licenceNo', 'verifiedSerial', 'qty'] as const).map((key) => (
                      <TableCell key={key}>
                        <TextField size="small" value={l[key]} disabled={!editable} onChange={(e) => setL(key, e.target.value)} />
                      </TableCell>
                    ))}
                    <TableCell sx={{ minWidth: 160 }}>
                      <CodePicker label="" value={l.unit} options={opts('customs.qp.unit')} onChange={(v) => setL('unit', v)} disabled={!editable} />
                    </TableCell>
                    <TableCell>
                      {editable && (
                        <IconButton size="small" onClick={() => onLine({ licences: line.licences.filter((_, j) => j !== li) })} aria-label={t('core:files.remove')}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {editable && (
            <Button size="small" startIcon={<AddIcon />} onClick={() => onLine({ licences: [...line.licences, { licenceType: '', licenceNo: '', verifiedSerial: '', qty: '', unit: '' }] })}>
              {t(k('licence.add'))}
            </Button>
          )}
        </Paper>
      )}
    </Stack>
  );
}
