// The manifest editor: header, bills of lading, and for the selected bill its contacts and
// goods. A bill is kept in the form once its own fields pass (保存提单); goods go only under
// a selected, kept bill. 保存 sends the whole document, saved by the server in one transaction.
import { useMemo, useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@core/resource/define';
import { useNotify } from '@core/ui/notify';
import { saveRow } from '@core/ui/resource/save';
import { k } from './document';
import { billFieldsSchema, COMM_TYPES, CONTACT_ROLES, FREIGHT_PAYMENTS, LOOKUPS, manifestSchema, type ManifestName } from './manifest';
import {
  FieldInput,
  headerPayload,
  HeaderInputs,
  initialHeader,
  issuesOf,
  LinesTable,
  newKey,
  ReceiptsPanel,
  SectionTitle,
  type Errors,
  type InputSpec,
  type LineRow,
  type Lookups,
  type Values,
} from './DocumentForm';

type Row = Record<string, unknown>;

const enumOf = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, labelKey: k(`${prefix}.${v}`) }));

const BILL_FIELDS: InputSpec[] = [
  { name: 'billNo', labelKey: k('bill.billNo'), type: 'string', required: true, maxLength: 50 },
  { name: 'clearanceCode', labelKey: k('bill.clearanceCode'), type: 'string', required: true, maxLength: 16 },
  { name: 'totalPieces', labelKey: k('bill.totalPieces'), type: 'integer', required: true },
  { name: 'grossWeight', labelKey: k('bill.grossWeight'), type: 'number', required: true },
  { name: 'cargoValue', labelKey: k('bill.cargoValue'), type: 'number', required: true },
  { name: 'currency', labelKey: k('bill.currency'), type: 'ref', lookup: LOOKUPS.currencies, required: true },
  { name: 'freightPayment', labelKey: k('bill.freightPayment'), type: 'enum', options: enumOf(FREIGHT_PAYMENTS, 'freightPayment'), required: true },
  { name: 'packageType', labelKey: k('bill.packageType'), type: 'ref', lookup: LOOKUPS.packageTypes, required: true },
  { name: 'volume', labelKey: k('bill.volume'), type: 'number' },
  { name: 'consigneeName', labelKey: k('bill.consigneeName'), type: 'string', maxLength: 100 },
  { name: 'carriageTerms', labelKey: k('bill.carriageTerms'), type: 'string', maxLength: 20 },
  { name: 'lclCode', labelKey: k('bill.lclCode'), type: 'string', maxLength: 35 },
];

const CONTACT_COLUMNS: InputSpec[] = [
  { name: 'role', labelKey: k('contact.role'), type: 'enum', options: enumOf(CONTACT_ROLES, 'contactRole'), required: true },
  { name: 'code', labelKey: k('contact.code'), type: 'string', maxLength: 35 },
  { name: 'name', labelKey: k('contact.name'), type: 'string', required: true, maxLength: 100 },
  { name: 'phone', labelKey: k('contact.phone'), type: 'string', maxLength: 50 },
  { name: 'commType', labelKey: k('contact.commType'), type: 'enum', options: enumOf(COMM_TYPES, 'commType') },
];

const GOODS_COLUMNS: InputSpec[] = [
  { name: 'seq', labelKey: k('goods.seq'), type: 'integer', required: true },
  { name: 'quantity', labelKey: k('goods.quantity'), type: 'number', required: true },
  { name: 'grossWeight', labelKey: k('goods.grossWeight'), type: 'number', required: true },
  { name: 'description', labelKey: k('goods.description'), type: 'string', maxLength: 200 },
  { name: 'packageType', labelKey: k('goods.packageType'), type: 'ref', lookup: LOOKUPS.packageTypes },
  { name: 'dangerousNo', labelKey: k('goods.dangerousNo'), type: 'string', maxLength: 4 },
  { name: 'hsCode', labelKey: k('goods.hsCode'), type: 'ref', lookup: LOOKUPS.hsCodes },
  { name: 'supplement', labelKey: k('goods.supplement'), type: 'string', maxLength: 500 },
];

const HEADER_REQUIRED = new Set(['orderNo', 'batchNo', 'customsCode', 'transportMode', 'placeCode', 'loadingTime', 'filingCustoms', 'enterpriseCode', 'transferorName']);

interface BillDraft {
  key: string;
  /** Kept in the form: its own fields passed the check since the last change. */
  saved: boolean;
  values: Values;
  contacts: LineRow[];
  goods: LineRow[];
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const valuesOf = (r: Row, specs: InputSpec[]): Values => Object.fromEntries(specs.map((s) => [s.name, text(r[s.name])]));
const trimmed = (v: Values) => Object.fromEntries(Object.entries(v).map(([key, x]) => [key, x.trim()]));

function draftsOf(row: Row | null): BillDraft[] {
  return ((row?.bills as Row[] | undefined) ?? []).map((b) => ({
    key: `bill-${String(b.id)}`,
    saved: true,
    values: valuesOf(b, BILL_FIELDS),
    contacts: ((b.contacts as Row[]) ?? []).map((c) => ({ key: `contact-${String(c.id)}`, values: valuesOf(c, CONTACT_COLUMNS) })),
    goods: ((b.goods as Row[]) ?? []).map((g) => ({ key: `goods-${String(g.id)}`, values: valuesOf(g, GOODS_COLUMNS) })),
  }));
}

export function ManifestForm({
  def,
  row,
  lookups,
  readOnly,
  onClose,
  onSaved,
}: {
  def: ResourceDef;
  row: Row | null;
  lookups: Lookups;
  readOnly?: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [header, setHeader] = useState<Values>(() => initialHeader(def, row));
  const [bills, setBills] = useState<BillDraft[]>(() => draftsOf(row));
  const [selected, setSelected] = useState<string | null>(() => draftsOf(row)[0]?.key ?? null);
  const [editing, setEditing] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const billIndex = bills.findIndex((b) => b.key === selected);
  const bill = billIndex >= 0 ? bills[billIndex] : null;
  const editIndex = bills.findIndex((b) => b.key === editing);
  const name = def.name as ManifestName;

  const updateBill = (key: string, change: (b: BillDraft) => BillDraft) => setBills((old) => old.map((b) => (b.key === key ? change(b) : b)));
  const tick = (key: string, on: boolean) =>
    setTicked((old) => {
      const next = new Set(old);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const addBill = () => {
    const key = newKey();
    setBills((old) => [...old, { key, saved: false, values: Object.fromEntries(BILL_FIELDS.map((f) => [f.name, ''])), contacts: [], goods: [] }]);
    setSelected(key);
    setEditing(key);
  };

  const editBill = () => {
    if (!bill) return toast(t(k('msg.selectBillFirst')), { severity: 'warning' });
    setEditing(bill.key);
  };

  const removeBill = () => {
    if (!bill) return toast(t(k('msg.selectBillFirst')), { severity: 'warning' });
    setBills((old) => old.filter((b) => b.key !== bill.key));
    setSelected(null);
    setEditing(null);
    setErrors({});
  };

  /** 保存提单: the bill's own fields are checked and the bill is kept in the document. */
  const keepBill = () => {
    if (editIndex < 0) return;
    const b = bills[editIndex];
    const issues = issuesOf(billFieldsSchema(t), trimmed(b.values));
    const others = bills.filter((x, i) => i !== editIndex && x.values.billNo.trim() === b.values.billNo.trim());
    if (!issues && others.length) {
      setErrors({ [`bills.${editIndex}.billNo`]: t(k('msg.billNoDuplicate'), { billNo: b.values.billNo.trim() }) });
      return;
    }
    if (issues) {
      setErrors(Object.fromEntries(Object.entries(issues).map(([p, m]) => [`bills.${editIndex}.${p}`, m])));
      toast(Object.values(issues)[0], { severity: 'warning' });
      return;
    }
    updateBill(b.key, (x) => ({ ...x, saved: true }));
    setEditing(null);
    setErrors({});
    toast(t(k('msg.billKept')), { severity: 'success' });
  };

  /** Goods and contacts belong to the selected bill, once that bill is kept. */
  const billForLines = (): BillDraft | null => {
    if (!bill) {
      toast(t(k('msg.selectBillFirst')), { severity: 'warning' });
      return null;
    }
    if (!bill.saved) {
      toast(t(k('msg.selectSavedBill')), { severity: 'warning' });
      return null;
    }
    return bill;
  };

  const addGoods = () => {
    const b = billForLines();
    if (!b) return;
    const next = Math.max(0, ...b.goods.map((g) => Number(g.values.seq) || 0)) + 1;
    updateBill(b.key, (x) => ({ ...x, goods: [...x.goods, { key: newKey(), values: { ...Object.fromEntries(GOODS_COLUMNS.map((c) => [c.name, ''])), seq: String(next), packageType: b.values.packageType } }] }));
  };

  const addContact = () => {
    const b = billForLines();
    if (!b) return;
    const role = CONTACT_ROLES.find((r) => !b.contacts.some((c) => c.values.role === r)) ?? 'consignee';
    updateBill(b.key, (x) => ({ ...x, contacts: [...x.contacts, { key: newKey(), values: { ...Object.fromEntries(CONTACT_COLUMNS.map((c) => [c.name, ''])), role } }] }));
  };

  const removeTicked = (part: 'goods' | 'contacts') => {
    if (!bill) return toast(t(k('msg.selectBillFirst')), { severity: 'warning' });
    if (!bill[part].some((l) => ticked.has(l.key))) return toast(t('core:common.selectFirst'), { severity: 'warning' });
    updateBill(bill.key, (x) => ({ ...x, [part]: x[part].filter((l) => !ticked.has(l.key)) }));
    setTicked(new Set());
    setErrors({});
  };

  const changeLine = (part: 'goods' | 'contacts') => (key: string, field: string, v: string) => {
    if (!bill) return;
    updateBill(bill.key, (x) => ({ ...x, [part]: x[part].map((l) => (l.key === key ? { ...l, values: { ...l.values, [field]: v } } : l)) }));
    setErrors((e) => ({ ...e, [`bills.${billIndex}.${part}.${x(part, key)}.${field}`]: '' }));
  };
  const x = (part: 'goods' | 'contacts', key: string) => bill?.[part].findIndex((l) => l.key === key) ?? -1;

  /** Where an error is, for the message: 第2条提单 第3条商品. */
  const where = (path: string) => {
    const p = path.split('.');
    const parts: string[] = [];
    if (p[0] === 'bills' && p[1] !== undefined) parts.push(t(k('where.bill'), { n: Number(p[1]) + 1 }));
    if (p[2] === 'goods' && p[3] !== undefined) parts.push(t(k('where.goods'), { n: Number(p[3]) + 1 }));
    if (p[2] === 'contacts' && p[3] !== undefined) parts.push(t(k('where.contact'), { n: Number(p[3]) + 1 }));
    return parts.length ? `${parts.join(' ')}：` : '';
  };

  const payload = () => ({
    ...headerPayload(def, header),
    bills: bills.map((b) => ({ ...trimmed(b.values), contacts: b.contacts.map((c) => trimmed(c.values)), goods: b.goods.map((g) => trimmed(g.values)) })),
  });

  const save = async () => {
    const unsaved = bills.findIndex((b) => !b.saved);
    if (unsaved >= 0) {
      setSelected(bills[unsaved].key);
      setEditing(bills[unsaved].key);
      toast(t(k('msg.billNotKept'), { n: unsaved + 1 }), { severity: 'warning' });
      return;
    }
    const body = payload();
    const issues = issuesOf(manifestSchema(t), body);
    if (issues) {
      setErrors(issues);
      const [path, message] = Object.entries(issues)[0];
      const p = path.split('.');
      if (p[0] === 'bills' && p[1] !== undefined && bills[Number(p[1])]) {
        setSelected(bills[Number(p[1])].key);
        if (p.length === 3) setEditing(bills[Number(p[1])].key);
      }
      toast(`${t(k('msg.fillAsRequired'))}：${where(path)}${message}`, { severity: 'warning' });
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

  const billError = (i: number) => Object.entries(errors).some(([p, m]) => m && p.startsWith(`bills.${i}.`));
  const fmt = (f: InputSpec, v: string) => {
    if (f.type === 'enum') return f.options?.find((o) => o.value === v) ? t(f.options.find((o) => o.value === v)!.labelKey) : v;
    return v;
  };
  const billColumns = useMemo(() => BILL_FIELDS.filter((f) => ['billNo', 'clearanceCode', 'totalPieces', 'grossWeight', 'cargoValue', 'currency', 'freightPayment', 'packageType'].includes(f.name)), []);

  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth data-testid="manifest-form">
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
          required={HEADER_REQUIRED}
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
                <Button size="small" variant="contained" onClick={addBill} data-testid="bill-add">
                  {t(k('action.addBill'))}
                </Button>
                <Button size="small" variant="outlined" onClick={editBill} data-testid="bill-edit">
                  {t(k('action.editBill'))}
                </Button>
                <Button size="small" variant="outlined" color="error" onClick={removeBill} data-testid="bill-delete">
                  {t(k('action.deleteBill'))}
                </Button>
              </>
            )
          }
        >
          {t(k('section.bills'))}
        </SectionTitle>
        <Table size="small" data-testid="bills">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              {billColumns.map((c) => (
                <TableCell key={c.name}>{t(c.labelKey)}</TableCell>
              ))}
              <TableCell>{t(k('bill.goodsCount'))}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {bills.length === 0 && (
              <TableRow>
                <TableCell colSpan={billColumns.length + 3}>
                  <Typography variant="body2" color="text.secondary">
                    {t(k('hint.noBills'))}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {bills.map((b, i) => (
              <TableRow
                key={b.key}
                hover
                selected={b.key === selected}
                onClick={() => {
                  setSelected(b.key);
                  setTicked(new Set());
                }}
                sx={{ cursor: 'pointer' }}
                data-testid="bill-row"
              >
                <TableCell>{i + 1}</TableCell>
                {billColumns.map((c) => (
                  <TableCell key={c.name}>{fmt(c, b.values[c.name])}</TableCell>
                ))}
                <TableCell>{b.goods.length}</TableCell>
                <TableCell>
                  {!b.saved && <Chip size="small" color="warning" label={t(k('bill.unsaved'))} />}
                  {billError(i) && <Chip size="small" color="error" label="!" sx={{ ml: 0.5 }} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {editIndex >= 0 && !readOnly && (
          <Paper variant="outlined" sx={{ p: 2, mt: 1 }} data-testid="bill-editor">
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t(k('where.bill'), { n: editIndex + 1 })}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, columnGap: 2 }}>
              {BILL_FIELDS.map((f) => (
                <FieldInput
                  key={f.name}
                  f={f}
                  value={bills[editIndex].values[f.name]}
                  error={errors[`bills.${editIndex}.${f.name}`]}
                  lookups={lookups}
                  testId={`bill-${f.name}`}
                  onChange={(v) => {
                    updateBill(bills[editIndex].key, (b) => ({ ...b, saved: false, values: { ...b.values, [f.name]: v } }));
                    setErrors((e) => ({ ...e, [`bills.${editIndex}.${f.name}`]: '' }));
                  }}
                />
              ))}
            </Box>
            <Stack direction="row" spacing={1}>
              <Button variant="contained" size="small" onClick={keepBill} data-testid="bill-save">
                {t(k('action.saveBill'))}
              </Button>
            </Stack>
          </Paper>
        )}
        <SectionTitle
          actions={
            !readOnly && (
              <>
                <Button size="small" variant="outlined" onClick={addContact} data-testid="contact-add">
                  {t(k('action.addContact'))}
                </Button>
                <Button size="small" variant="outlined" color="error" onClick={() => removeTicked('contacts')} data-testid="contact-delete">
                  {t(k('action.deleteContact'))}
                </Button>
              </>
            )
          }
        >
          {t(k('section.contacts'))}
          {bill ? ` — ${bill.values.billNo || t(k('where.bill'), { n: billIndex + 1 })}` : ''}
        </SectionTitle>
        <LinesTable
          columns={CONTACT_COLUMNS}
          rows={bill?.contacts ?? []}
          errors={errors}
          errorPrefix={`bills.${billIndex}.contacts`}
          onChange={changeLine('contacts')}
          ticked={ticked}
          onTick={tick}
          lookups={lookups}
          disabled={readOnly}
          testId="contacts"
        />
        <SectionTitle
          actions={
            !readOnly && (
              <>
                <Button size="small" variant="contained" onClick={addGoods} data-testid="goods-add">
                  {t(k('action.addGoods'))}
                </Button>
                <Button size="small" variant="outlined" color="error" onClick={() => removeTicked('goods')} data-testid="goods-delete">
                  {t(k('action.deleteGoods'))}
                </Button>
              </>
            )
          }
        >
          {t(k('section.goods'))}
          {bill ? ` — ${bill.values.billNo || t(k('where.bill'), { n: billIndex + 1 })}` : ''}
        </SectionTitle>
        <LinesTable
          columns={GOODS_COLUMNS}
          rows={bill?.goods ?? []}
          errors={errors}
          errorPrefix={`bills.${billIndex}.goods`}
          onChange={changeLine('goods')}
          ticked={ticked}
          onTick={tick}
          lookups={lookups}
          disabled={readOnly}
          testId="goods"
        />
        {errors.bills && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            {errors.bills}
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
