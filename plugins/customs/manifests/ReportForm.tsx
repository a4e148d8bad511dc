// The editor of the arrival, tally and vehicle reports: header and bill lines, saved whole.
import { useState } from 'react';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@core/resource/define';
import { useNotify } from '@core/ui/notify';
import { saveRow } from '@core/ui/resource/save';
import { k } from './document';
import { LOOKUPS } from './manifest';
import { reportSchema, type ReportName } from './report';
import { headerPayload, HeaderInputs, initialHeader, issuesOf, LinesTable, newKey, ReceiptsPanel, SectionTitle, type Errors, type InputSpec, type LineRow, type Lookups, type Values } from './DocumentForm';

type Row = Record<string, unknown>;

const LINE_COLUMNS: InputSpec[] = [
  { name: 'billNo', labelKey: k('bill.billNo'), type: 'string', required: true, maxLength: 50 },
  { name: 'containerNo', labelKey: k('line.containerNo'), type: 'string', maxLength: 11 },
  { name: 'pieces', labelKey: k('line.pieces'), type: 'integer', required: true },
  { name: 'grossWeight', labelKey: k('bill.grossWeight'), type: 'number', required: true },
  { name: 'packageType', labelKey: k('bill.packageType'), type: 'ref', lookup: LOOKUPS.packageTypes },
  { name: 'goodsDesc', labelKey: k('line.goodsDesc'), type: 'string', maxLength: 200 },
];

/** Required header fields per report (the asterisks; the schema decides). */
const REQUIRED: Record<ReportName, string[]> = {
  arrivalReport: ['customsCode', 'transportMode', 'batchNo', 'siteCode', 'arrivalTime', 'enterpriseCode', 'declarantName'],
  tallyReport: ['customsCode', 'transportMode', 'batchNo', 'siteCode', 'tallyStart', 'tallyEnd', 'tallyCompanyCode', 'responsiblePerson', 'enterpriseCode', 'declarantName'],
  vehicleConfirm: ['plateNo', 'direction', 'driverName', 'passTime', 'customsCode', 'enterpriseCode', 'declarantName'],
};

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const trimmed = (v: Values) => Object.fromEntries(Object.entries(v).map(([key, x]) => [key, x.trim()]));

export function ReportForm({ def, row, lookups, readOnly, onClose, onSaved }: { def: ResourceDef; row: Row | null; lookups: Lookups; readOnly?: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const name = def.name as ReportName;
  const [header, setHeader] = useState<Values>(() => initialHeader(def, row));
  const [lines, setLines] = useState<LineRow[]>(() =>
    ((row?.lines as Row[] | undefined) ?? []).map((l) => ({ key: `line-${String(l.id)}`, values: Object.fromEntries(LINE_COLUMNS.map((c) => [c.name, text(l[c.name])])) })),
  );
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const addLine = () => setLines((old) => [...old, { key: newKey(), values: Object.fromEntries(LINE_COLUMNS.map((c) => [c.name, ''])) }]);
  const removeLines = () => {
    if (!lines.some((l) => ticked.has(l.key))) return toast(t('core:common.selectFirst'), { severity: 'warning' });
    setLines((old) => old.filter((l) => !ticked.has(l.key)));
    setTicked(new Set());
    setErrors({});
  };

  const save = async () => {
    const body = { ...headerPayload(def, header), lines: lines.map((l) => trimmed(l.values)) };
    const issues = issuesOf(reportSchema(name, t), body);
    if (issues) {
      setErrors(issues);
      const [path, message] = Object.entries(issues)[0];
      const p = path.split('.');
      const where = p[0] === 'lines' && p[1] !== undefined ? `${t(k('where.line'), { n: Number(p[1]) + 1 })}：` : '';
      toast(`${t(k('msg.fillAsRequired'))}：${where}${message}`, { severity: 'warning' });
      return;
    }
    setSaving(true);
    try {
      const fieldErrors = await saveRow(api, toast, def, row, body);
      if (fieldErrors) setErrors(fieldErrors);
      else {
        onSaved();
        onClose();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth data-testid="report-form">
      <DialogTitle sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {t(row ? (readOnly ? k('action.view') : 'core:resource.editTitle') : 'core:resource.addTitle', { name: t(def.titleKey) })}
        {row && <Chip size="small" label={String(row.docNo)} />}
        {row && <Chip size="small" variant="outlined" label={t(k(`status.${String(row.status)}`))} />}
      </DialogTitle>
      <DialogContent dividers>
        {row?.rejectReason ? (
          <Typography color="error" variant="body2" sx={{ mb: 1 }}>
            {t(k('field.rejectReason'))}：{String(row.rejectReason)}
          </Typography>
        ) : null}
        <SectionTitle>{t(k('section.basic'))}</SectionTitle>
        <HeaderInputs
          def={def}
          values={header}
          errors={errors}
          lookups={lookups}
          disabled={readOnly}
          required={new Set(REQUIRED[name])}
          onChange={(field, v) => {
            setHeader((h) => ({ ...h, [field]: v }));
            setErrors((e) => ({ ...e, [field]: '' }));
          }}
        />
        <Divider />
        <SectionTitle
          actions={
            !readOnly && (
              <>
                <Button size="small" variant="contained" onClick={addLine} data-testid="line-add">
                  {t(k('action.addLine'))}
                </Button>
                <Button size="small" variant="outlined" color="error" onClick={removeLines} data-testid="line-delete">
                  {t(k('action.deleteLine'))}
                </Button>
              </>
            )
          }
        >
          {t(k('section.lines'))}
        </SectionTitle>
        <LinesTable
          columns={LINE_COLUMNS}
          rows={lines}
          errors={errors}
          errorPrefix="lines"
          ticked={ticked}
          onTick={(key, on) =>
            setTicked((old) => {
              const next = new Set(old);
              if (on) next.add(key);
              else next.delete(key);
              return next;
            })
          }
          onChange={(key, field, v) => {
            setLines((old) => old.map((l) => (l.key === key ? { ...l, values: { ...l.values, [field]: v } } : l)));
            const i = lines.findIndex((l) => l.key === key);
            setErrors((e) => ({ ...e, [`lines.${i}.${field}`]: '' }));
          }}
          lookups={lookups}
          disabled={readOnly}
          testId="lines"
        />
        {errors.lines && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            {errors.lines}
          </Typography>
        )}
        {row && <ReceiptsPanel doc={name} docId={Number(row.id)} onChanged={onSaved} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(readOnly ? k('action.close') : 'core:common.cancel')}</Button>
        {!readOnly && (
          <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="form-save">
            {t('core:resource.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
