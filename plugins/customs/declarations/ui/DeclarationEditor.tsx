// The declaration editor (full screen): header sections, goods lines with their HS
// declaration elements, cargo attributes, dangerous goods and licences, attached documents
// and customs receipts. The browser checks with the same schemas as the server; the server
// saves the whole declaration in one transaction and has the last word.
import { useEffect, useState, type ReactNode } from 'react';
import { AppBar, Box, Button, Chip, Dialog, Grid, IconButton, MenuItem, Paper, Tab, Tabs, TextField, Toolbar, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { ApiError, CodePicker, ConfirmDialog, DateField, type UploadedFile, useNotify } from '@core/client';
import { type LookupOption } from '@core/shared';
import { ReceiptsTable } from '../../receipts/ReceiptsTable';
import { DocumentsTab } from './DocumentsTab';
import { GoodsTab } from './GoodsTab';
import { k, str, type Doc, type Element, type Line, type Values } from './editorValues';
import { checkGoods, DECL_KINDS, headerSchema, IE_FLAGS, QUALIFICATION_CATEGORIES } from '../declaration';

const HEADER_SECTIONS: { tab: string; fields: [string, 'text' | 'date' | 'number' | `pick:${string}` | `enum:${string}`, boolean][] }[] = [
  {
    tab: 'basic',
    fields: [
      ['ieFlag', 'enum:ie', true],
      ['ieCustoms', 'pick:customs.customsPorts', true],
      ['declCustoms', 'pick:customs.customsPorts', true],
      ['ieDate', 'date', true],
      ['declDate', 'date', false],
      ['recordNo', 'text', false],
      ['contractNo', 'text', false],
      ['qualificationCategory', 'enum:qualification', true],
      ['declKind', 'enum:declKinds', true],
    ],
  },
  {
    tab: 'parties',
    fields: [
      ['consignorCreditCode', 'text', true],
      ['consignorCustomsCode', 'text', true],
      ['consignorCiqCode', 'text', false],
      ['consignorName', 'text', true],
      ['overseasCode', 'text', false],
      ['overseasName', 'text', true],
      ['ownerCreditCode', 'text', false],
      ['ownerName', 'text', false],
      ['agentCreditCode', 'text', false],
      ['agentName', 'text', false],
    ],
  },
  {
    tab: 'transport',
    fields: [
      ['transportMode', 'pick:customs.qp.transportMode', true],
      ['transportName', 'text', false],
      ['voyageNo', 'text', false],
      ['billNo', 'text', false],
      ['supervisionMode', 'pick:customs.qp.tradeMode', true],
      ['levyNature', 'pick:customs.qp.levyNature', false],
      ['permitNo', 'text', false],
      ['departCountry', 'pick:system.countries', true],
      ['portOfCall', 'pick:customs.portCodes', true],
      ['transactionMode', 'pick:customs.qp.transactionMode', true],
      ['freight', 'number', false],
      ['insurance', 'number', false],
      ['otherCharges', 'number', false],
    ],
  },
  {
    tab: 'cargo',
    fields: [
      ['packCount', 'number', true],
      ['packageType', 'pick:customs.qp.packageType', true],
      ['grossWeight', 'number', true],
      ['netWeight', 'number', true],
      ['tradeCountry', 'pick:system.countries', true],
      ['entryPort', 'pick:customs.portCodes', true],
      ['storagePlace', 'text', true],
      ['markingCode', 'text', true],
      ['remark', 'text', false],
    ],
  },
];

const HEADER_NAMES = [...HEADER_SECTIONS.flatMap((s) => s.fields.map(([n]) => n)), 'serviceOrderId', 'orderNo'];

const ENUMS: Record<string, readonly string[]> = { ie: IE_FLAGS, qualification: QUALIFICATION_CATEGORIES, declKinds: DECL_KINDS };

const blankLine = (currency = 'USD'): Line => ({
  hsCode: '',
  goodsName: '',
  ciqName: '',
  elements: {},
  qty: '',
  unit: '',
  unitPrice: '',
  totalPrice: '',
  currency,
  originCountry: '',
  destCountry: '',
  dutyMode: '1',
  legalQty1: '',
  legalUnit1: '',
  legalQty2: '',
  legalUnit2: '',
  expiryDate: '',
  shelfLifeDays: '',
  overseasMaker: '',
  brand: '',
  model: '',
  productionDate: '',
  batchNo: '',
  volumeCbm: '',
  dangerous: false,
  unCode: '',
  dangerName: '',
  dangerPackType: '',
  dangerPackSpec: '',
  licences: [],
});

function fromApi(d: Record<string, unknown> | null): { header: Values; goods: Line[]; docs: Doc[] } {
  const header: Values = {};
  for (const n of HEADER_NAMES) header[n] = str(d?.[n]);
  if (!d) Object.assign(header, { ieFlag: 'I', declKind: 'M', markingCode: 'N/M', transportMode: '4', transactionMode: '1' });
  const goods = ((d?.goods as Record<string, unknown>[] | undefined) ?? []).map((g) => {
    const line = blankLine();
    for (const key of Object.keys(line)) if (key !== 'elements' && key !== 'licences' && key !== 'dangerous') line[key] = str(g[key]);
    line.dangerous = !!g.dangerous;
    line.elements = (g.elements as Record<string, string>) ?? {};
    line.licences = ((g.licences as Record<string, unknown>[]) ?? []).map((l) => ({
      licenceType: str(l.licenceType),
      licenceNo: str(l.licenceNo),
      verifiedSerial: str(l.verifiedSerial),
      qty: str(l.qty),
      unit: str(l.unit),
    }));
    return line;
  });
  const docs = ((d?.documents as Record<string, unknown>[] | undefined) ?? []).map((x) => ({
    fileId: Number(x.fileId),
    docType: str(x.docType),
    docNo: str(x.docNo),
    file: (x.file as UploadedFile) ?? null,
  }));
  return { header, goods, docs };
}

/** Blank optional values go as null; numbers stay strings (decimal on the server). */
function toPayload(header: Values, goods: Line[], docs: Doc[]) {
  const h: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(header)) h[key] = v.trim() === '' ? null : v.trim();
  h.packCount = header.packCount ? Number(header.packCount) || header.packCount : null;
  h.serviceOrderId = header.serviceOrderId ? Number(header.serviceOrderId) : null;
  const lines = goods.map((g) => {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(g)) out[key] = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
    out.shelfLifeDays = g.shelfLifeDays ? Number(g.shelfLifeDays) : null;
    out.licences = g.licences.map((l) => Object.fromEntries(Object.entries(l).map(([a, b]) => [a, b.trim() === '' ? null : b.trim()])));
    return out;
  });
  return { ...h, goods: lines, documents: docs.map((d) => ({ fileId: d.fileId, docType: d.docType, docNo: d.docNo || null })) };
}

export function DeclarationEditor({
  row,
  lookups,
  canEdit,
  canSubmit,
  onClose,
  onSaved,
}: {
  row: Record<string, unknown> | null;
  lookups: Record<string, LookupOption[]>;
  canEdit: boolean;
  canSubmit: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [current, setCurrent] = useState<Record<string, unknown> | null>(row);
  const [loaded, setLoaded] = useState(!row);
  const [header, setHeader] = useState<Values>(() => fromApi(null).header);
  const [goods, setGoods] = useState<Line[]>([]);
  const [docs, setDocs] = useState<Doc[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState('basic');
  const [sel, setSel] = useState<number | null>(null);
  const [elements, setElements] = useState<Element[]>([]);
  const [busy, setBusy] = useState(false);
  const [confirmSubmit, setConfirmSubmit] = useState(false);

  const status = str(current?.status) || 'draft';
  const editable = canEdit && ['draft', 'rejected'].includes(status);

  const load = async (id: number) => {
    const res = await api.get<Record<string, unknown>>(`/customs/declaration/${id}`);
    const d = res.data ?? null;
    setCurrent(d);
    const parsed = fromApi(d);
    setHeader(parsed.header);
    setGoods(parsed.goods);
    setDocs(parsed.docs);
    setLoaded(true);
  };
  useEffect(() => {
    if (row) load(Number(row.id)).catch(() => onClose());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const line = sel !== null ? goods[sel] : null;
  const hsCode = str(line?.hsCode);
  useEffect(() => {
    if (!hsCode) return setElements([]);
    api
      .get<{ rows: Record<string, unknown>[] }>('/customs/hsElement', { hsCode, pageSize: 100, sort: 'seq:asc' }, { silent: true })
      .then((res) => setElements((res.data?.rows ?? []).map((r) => ({ seq: Number(r.seq), name: String(r.name), nameEn: r.nameEn ? String(r.nameEn) : null, isRequired: !!r.isRequired }))))
      .catch(() => setElements([]));
  }, [api, hsCode]);

  const setH = (name: string, v: string) => {
    setHeader((h) => ({ ...h, [name]: v }));
    setErrors((e) => ({ ...e, [name]: '' }));
  };
  const setLine = (patch: Partial<Line>) => {
    if (sel === null) return;
    setGoods((gs) =>
      gs.map((g, i) => {
        if (i !== sel) return g;
        const next = { ...g, ...patch } as Line;
        // Total = quantity × unit price, computed in decimal while either changes.
        if (('qty' in patch || 'unitPrice' in patch) && /^\d+(\.\d+)?$/.test(str(next.qty)) && /^\d+(\.\d+)?$/.test(str(next.unitPrice))) {
          next.totalPrice = new Decimal(str(next.qty)).mul(str(next.unitPrice)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
        }
        return next;
      }),
    );
    setErrors((e) => ({ ...e, goods: '' }));
  };

  const addGoods = () => {
    // SPEC §8: the line being filled needs its product information and CIQ name first.
    if (line && (!str(line.goodsName).trim() || !str(line.ciqName).trim() || !str(line.hsCode))) {
      toast(t(k('msg.fillGoodsFirst')), { severity: 'warning' });
      return;
    }
    setGoods((gs) => [...gs, blankLine(str(line?.currency) || 'USD')]);
    setSel(goods.length);
    setTab('goods');
  };
  const removeGoods = () => {
    if (sel === null) return toast(t('core:common.selectFirst'), { severity: 'warning' });
    setGoods((gs) => gs.filter((_, i) => i !== sel));
    setSel(null);
  };

  const validate = (): boolean => {
    const payload = toPayload(header, goods, docs);
    const parsed = headerSchema(t).safeParse(payload);
    const errs: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) errs[String(i.path[0])] ||= i.message;
    const g = checkGoods(t, payload.goods);
    if (g.errors.length) {
      errs.goods = g.errors[0].message;
      setSel(g.errors[0].line - 1);
    }
    setErrors(errs);
    const first = Object.keys(errs)[0];
    if (first) {
      toast(errs[first] ? `${t(k('msg.fillRequired'))}：${errs[first]}` : t(k('msg.fillRequired')), { severity: 'error' });
      const section = HEADER_SECTIONS.find((s) => s.fields.some(([n]) => n === first));
      setTab(first === 'goods' ? 'goods' : section?.tab ?? tab);
      return false;
    }
    return true;
  };

  const save = async (): Promise<Record<string, unknown> | null> => {
    if (!validate()) return null;
    setBusy(true);
    try {
      const payload = toPayload(header, goods, docs);
      const res = current
        ? await api.put<Record<string, unknown>>(`/customs/declaration/${current.id}`, { ...payload, version: current.version }, { silent: true })
        : await api.post<Record<string, unknown>>('/customs/declaration', payload, { silent: true });
      toast(t(k('msg.saved')), { severity: 'success' });
      const saved = res.data ?? null;
      if (saved) {
        setCurrent(saved);
        const parsed = fromApi(saved);
        setGoods(parsed.goods);
        setDocs(parsed.docs);
      }
      onSaved();
      return saved;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const fe = (e.envelope?.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors;
      if (fe) {
        setErrors(fe);
        const first = Object.keys(fe)[0];
        const section = HEADER_SECTIONS.find((s) => s.fields.some(([n]) => n === first));
        if (first === 'goods') setTab('goods');
        else if (first === 'documents') setTab('documents');
        else if (section) setTab(section.tab);
      }
      toast(e.message, { severity: 'error' });
      return null;
    } finally {
      setBusy(false);
    }
  };

  const saveAndSubmit = async () => {
    setConfirmSubmit(false);
    const saved = await save();
    if (!saved) return;
    try {
      const res = await api.post<Record<string, unknown>[]>('/customs/declaration/transition/submit', { ids: [saved.id] }, { silent: true });
      toast(t(k('msg.submitted')), { severity: 'success' });
      if (res.data?.[0]) setCurrent(res.data[0]);
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      toast(e.message, { severity: 'error' });
    }
  };

  const opts = (name: string) => lookups[name] ?? [];
  const headerInput = ([name, kind, required]: (typeof HEADER_SECTIONS)[number]['fields'][number]): ReactNode => {
    const label = t(k(name));
    const common = { label, required, error: !!errors[name], helperText: errors[name] || ' ', fullWidth: true, size: 'small' as const, disabled: !editable };
    if (kind.startsWith('pick:')) {
      return (
        <CodePicker
          label={label}
          required={required}
          value={header[name]}
          options={opts(kind.slice(5))}
          onChange={(v) => setH(name, v)}
          error={errors[name]}
          disabled={!editable}
          testId={`decl-${name}`}
        />
      );
    }
    if (kind.startsWith('enum:')) {
      const group = kind.slice(5);
      return (
        <TextField {...common} select value={header[name]} onChange={(e) => setH(name, e.target.value)} slotProps={{ htmlInput: { 'data-testid': `decl-${name}` } }}>
          {ENUMS[group].map((v) => (
            <MenuItem key={v} value={v}>
              {t(k(`${group}.${v}`))}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    if (kind === 'date') {
      return <DateField {...common} value={header[name]} onChange={(iso) => setH(name, iso)} testId={`decl-${name}-field`} inputTestId={`decl-${name}`} />;
    }
    return (
      <TextField
        {...common}
        value={header[name]}
        onChange={(e) => setH(name, e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': `decl-${name}`, inputMode: kind === 'number' ? 'decimal' : undefined } }}
      />
    );
  };

  const orderOptions = opts('customs.workingOrders');

  return (
    <Dialog fullScreen open onClose={onClose} data-testid="declaration-editor">
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" onClick={onClose} aria-label={t('core:common.close')} data-testid="editor-close">
            <CloseIcon />
          </IconButton>
          <Typography variant="h6" sx={{ mr: 2 }}>
            {t(k('title'))} {str(current?.seqNo)}
          </Typography>
          <Chip size="small" label={t(k(`state.${status}`))} data-testid="editor-status" />
          {str(current?.rejectReason) && <Chip size="small" color="error" label={`${t(k('rejectReason'))}：${str(current?.rejectReason)}`} />}
          <Box sx={{ flexGrow: 1 }} />
          {current && (
            <>
              <Button startIcon={<PrintIcon />} href={`/api/customs/declaration/${current.id}/print`} target="_blank" data-testid="editor-print">
                {t(k('action.print'))}
              </Button>
              <Button startIcon={<DownloadIcon />} href={`/api/customs/declaration/${current.id}/xlsx`} data-testid="editor-xlsx">
                {t(k('action.exportXlsx'))}
              </Button>
            </>
          )}
          {editable && (
            <Button variant="outlined" disabled={busy || !loaded} onClick={() => void save()} data-testid="editor-save">
              {t(k('action.save'))}
            </Button>
          )}
          {editable && canSubmit && (
            <Button variant="contained" disabled={busy || !loaded} onClick={() => setConfirmSubmit(true)} data-testid="editor-submit">
              {t(k('action.saveSubmit'))}
            </Button>
          )}
        </Toolbar>
        <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable">
          {['basic', 'parties', 'transport', 'cargo', 'goods', 'documents', ...(current ? ['receipts'] : [])].map((x) => (
            <Tab key={x} value={x} label={`${t(k(`tab.${x}`))}${x === 'goods' ? ` (${goods.length})` : x === 'documents' ? ` (${docs.length})` : ''}`} data-testid={`tab-${x}`} />
          ))}
        </Tabs>
      </AppBar>
      <Box sx={{ p: 2 }}>
        {!editable && current && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t(k('msg.readOnly'))}
          </Typography>
        )}
        {HEADER_SECTIONS.filter((s) => s.tab === tab).map((s) => (
          <Paper key={s.tab} sx={{ p: 2 }}>
            <Grid container spacing={2}>
              {s.tab === 'basic' && (
                <Grid size={{ xs: 12, md: 6 }}>
                  <CodePicker
                    label={t(k('serviceOrder'))}
                    value={header.serviceOrderId}
                    options={orderOptions}
                    onChange={(v) => {
                      setH('serviceOrderId', v);
                      const o = orderOptions.find((x) => x.value === v);
                      if (o?.parent) setH('ieFlag', o.parent);
                    }}
                    helperText={t(k('noOrder'))}
                    error={errors.serviceOrderId}
                    disabled={!editable}
                    testId="decl-serviceOrderId"
                  />
                </Grid>
              )}
              {s.fields.map((f) => (
                <Grid key={f[0]} size={{ xs: 12, sm: 6, md: f[0].endsWith('Name') || f[0] === 'storagePlace' || f[0] === 'markingCode' ? 6 : 3 }}>
                  {headerInput(f)}
                </Grid>
              ))}
            </Grid>
          </Paper>
        ))}

        {tab === 'goods' && (
          <GoodsTab
            goods={goods}
            sel={sel}
            onSelect={setSel}
            line={line}
            onLine={setLine}
            onAdd={addGoods}
            onRemove={removeGoods}
            elements={elements}
            error={errors.goods}
            editable={editable}
            lookups={lookups}
          />
        )}

        {tab === 'documents' && <DocumentsTab docs={docs} onDocs={setDocs} error={errors.documents} editable={editable} />}

        {tab === 'receipts' && current && (
          <Paper sx={{ p: 2 }}>
            <ReceiptsTable docType="declaration" docId={Number(current.id)} statusLabel={(s) => t(k(`state.${s}`))} onChanged={() => void load(Number(current.id)).then(onSaved)} />
          </Paper>
        )}
      </Box>
      <ConfirmDialog open={confirmSubmit} text={t(k('msg.confirmSaveSubmit'))} onCancel={() => setConfirmSubmit(false)} onConfirm={() => void saveAndSubmit()} />
    </Dialog>
  );
}
