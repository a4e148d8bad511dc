// Import and export declarations (SPEC §3 "Declaration (import/export)", "Goods line", §5
// "Declarations"): header, parties, transport and terms, cargo totals, goods lines with
// cargo attributes, dangerous goods, product licences and attached documents. The schema is
// shared by the editor (checks before sending) and the server (enforces); goods lines are
// checked line by line so a message names the line.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import Decimal from 'decimal.js';
import { UPLOAD_TYPES, defineResource, isCreditCode, rules, type FieldDef, type FieldType, type Transition } from '@core/shared';

export const DECL_STATUS = ['draft', 'submitted', 'accepted', 'inspection', 'released', 'rejected'] as const;
export const IE_FLAGS = ['I', 'E'] as const;
/** 企业资质类别 (the enterprise qualification the goods need). */
export const QUALIFICATION_CATEGORIES = ['general', 'food', 'cosmetics', 'medical', 'hazardous', 'none'] as const;
/** 报关单类型: paper, paper with list, paperless, paperless with list, clearance paperless. */
export const DECL_KINDS = ['0', 'L', 'W', 'D', 'M'] as const;
/** 征免方式 of a goods line. */
export const DUTY_MODES = ['1', '2', '3', '4', '5', '6', '7'] as const;
/** 随附单证 types of attached documents. */
export const DOC_TYPES = ['invoice', 'packingList', 'billOfLading', 'contract', 'entrustment', 'certificate', 'other'] as const;
/** SPEC §9 upload types (xlsx is not on the list). */
export const ATTACHMENT_TYPES = UPLOAD_TYPES.filter((x) => x !== 'xlsx');
export const ATTACHMENT_MAX_MB = 10;

export const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
export const TEN_CHARS = /^[0-9A-Z]{10}$/;
export const CUSTOMS = /^\d{4}$/;

const P = 'customs:declaration';
export const DECL_PERMISSIONS = { list: `${P}:list`, add: `${P}:add`, edit: `${P}:edit`, remove: `${P}:remove`, submit: `${P}:submit`, print: `${P}:list` } as const;

export const DECL_TRANSITIONS: Transition[] = [
  {
    name: 'submit',
    labelKey: 'customs:declarations.action.submit',
    from: ['draft', 'rejected'],
    to: 'submitted',
    permission: DECL_PERMISSIONS.submit,
    refusedKey: 'customs:declarations.msg.containsSubmittedSubmit',
    confirmKey: 'customs:declarations.msg.confirmSubmit',
  },
];

const k = (name: string) => `customs:declarations.${name}`;

/** A header field the list does not show: the editor and the API carry it, the export has it. */
const hidden = { list: false, import: false, export: true } as const;
const more = (name: string, type: FieldType, extra: Partial<FieldDef> = {}): FieldDef => ({ name, labelKey: k(name), type, ...hidden, ...extra });
const text = (...names: string[]) => names.map((n) => more(n, 'string'));
/** A code picked from a code list the page loads, typed into (customs, ports, countries, QP codes). */
export const codeField = (name: string, lookup: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, labelKey: k(name), type: 'ref', lookup, typeahead: true, ...extra });
export const optionsOf = (values: readonly string[], group: string) => values.map((v) => ({ value: v, labelKey: k(`${group}.${v}`) }));

export const declarationDef = defineResource({
  plugin: 'customs',
  name: 'declaration',
  table: 'cus_declaration',
  titleKey: k('title'),
  menu: 'customsDeclare.declaration',
  labelField: 'seqNo',
  defaultSort: { field: 'id', dir: 'desc' },
  uploads: { types: ATTACHMENT_TYPES, maxMb: ATTACHMENT_MAX_MB },
  permissions: { list: DECL_PERMISSIONS.list, create: DECL_PERMISSIONS.add, update: DECL_PERMISSIONS.edit, delete: DECL_PERMISSIONS.remove, export: DECL_PERMISSIONS.list },
  fields: [
    { name: 'seqNo', labelKey: k('seqNo'), type: 'string', sortable: true, filter: 'contains', form: false, list: { width: 170 } },
    { name: 'ieFlag', labelKey: k('ieFlag'), type: 'enum', filter: 'eq', options: optionsOf(IE_FLAGS, 'ie') },
    { name: 'status', labelKey: k('status'), type: 'enum', filter: 'eq', sortable: true, form: false, import: false, options: optionsOf(DECL_STATUS, 'state') },
    { name: 'orderNo', labelKey: k('orderNo'), type: 'string', filter: 'contains' },
    { name: 'preEntryNo', labelKey: k('preEntryNo'), type: 'string', filter: 'contains', form: false },
    { name: 'entryNo', labelKey: k('entryNo'), type: 'string', filter: 'contains', form: false, list: { hidden: true } },
    codeField('ieCustoms', 'customs.customsPorts', { filter: 'eq' }),
    codeField('declCustoms', 'customs.customsPorts', { list: { hidden: true } }),
    { name: 'consignorName', labelKey: k('consignorName'), type: 'string', filter: 'contains' },
    { name: 'overseasName', labelKey: k('overseasName'), type: 'string', list: { hidden: true } },
    codeField('tradeCountry', 'system.countries', { list: { hidden: true } }),
    codeField('supervisionMode', 'customs.qp.tradeMode', { list: { hidden: true } }),
    { name: 'packCount', labelKey: k('packCount'), type: 'integer', list: { hidden: true } },
    { name: 'grossWeight', labelKey: k('grossWeight'), type: 'money', scale: 5 },
    { name: 'netWeight', labelKey: k('netWeight'), type: 'money', scale: 5, list: { hidden: true } },
    { name: 'ieDate', labelKey: k('ieDate'), type: 'date', sortable: true, filter: 'range' },
    { name: 'declDate', labelKey: k('declDate'), type: 'date', sortable: true, list: { hidden: true } },
    { name: 'rejectReason', labelKey: k('rejectReason'), type: 'string', form: false, import: false, list: { hidden: true } },
    { name: 'createdAt', column: 'created_at', labelKey: 'core:resource.createdAt', type: 'datetime', sortable: true, form: false },
    // The orders the user may declare for; picking one sets the import/export flag.
    more('serviceOrderId', 'ref', { labelKey: k('serviceOrder'), lookup: 'customs.workingOrders', typeahead: true, valueType: 'integer', form: { placeholderKey: k('noOrder') } }),
    ...text('recordNo', 'contractNo', 'consignorCreditCode', 'consignorCustomsCode', 'consignorCiqCode', 'overseasCode', 'ownerCreditCode', 'ownerName', 'agentCreditCode', 'agentName'),
    codeField('transportMode', 'customs.qp.transportMode', hidden),
    ...text('transportName', 'voyageNo', 'billNo'),
    codeField('levyNature', 'customs.qp.levyNature', hidden),
    ...text('permitNo'),
    codeField('departCountry', 'system.countries', hidden),
    codeField('portOfCall', 'customs.portCodes', hidden),
    codeField('transactionMode', 'customs.qp.transactionMode', hidden),
    more('freight', 'money'),
    more('insurance', 'money'),
    more('otherCharges', 'money'),
    codeField('packageType', 'customs.qp.packageType', hidden),
    codeField('entryPort', 'customs.portCodes', hidden),
    ...text('storagePlace'),
    more('qualificationCategory', 'enum', { options: optionsOf(QUALIFICATION_CATEGORIES, 'qualification') }),
    more('declKind', 'enum', { options: optionsOf(DECL_KINDS, 'declKinds') }),
    ...text('markingCode', 'remark'),
    // The document's lines (document.ts): read and saved by the kit, checked in declaration.server.ts.
    { name: 'goods', column: null, records: true, labelKey: k('tab.goods'), type: 'string', form: false, list: false, export: false, import: false },
    { name: 'documents', column: null, records: true, labelKey: k('tab.documents'), type: 'string', form: false, list: false, export: false, import: false },
  ],
  stateMachine: {
    field: 'status',
    states: optionsOf(DECL_STATUS, 'state'),
    transitions: DECL_TRANSITIONS,
    editableIn: ['draft', 'rejected'],
    deletableIn: ['draft'],
    editRefusedKey: k('msg.submittedNoEdit'),
    deleteRefusedKey: k('msg.onlyDraftDelete'),
  },
  schema: (t) => headerSchema(t),
});

/** Refinements run even when a field failed: only compare values that are numbers. */
const isDecimal = (v: unknown): v is string => typeof v === 'string' && /^\d+(\.\d+)?$/.test(v);

/** The header of a declaration (SPEC §5 "Declarations" required fields). */
export function headerSchema(t: TFunction) {
  const r = rules(t);
  const code = (key: string, re: RegExp, optional = false) => r.pattern(k(key), re, { optional, messageKey: `${k('msg.format')}.${key}` });
  const name = (key: string, optional = false) => (optional ? r.optionalText(k(key), 100) : r.text(k(key), 100, 3));
  const money = (key: string, optional = true) => r.decimal(k(key), { scale: 2, optional });
  return z
    .object({
      ieFlag: r.oneOf(k('ieFlag'), IE_FLAGS),
      serviceOrderId: r.number(k('serviceOrder'), { int: true, min: 1, optional: true }),
      orderNo: r.optionalText(k('orderNo'), 32),
      ieCustoms: code('ieCustoms', CUSTOMS),
      declCustoms: code('declCustoms', CUSTOMS),
      recordNo: r.optionalText(k('recordNo'), 12),
      contractNo: r.optionalText(k('contractNo'), 32),
      ieDate: r.date(k('ieDate')),
      declDate: r.date(k('declDate'), { optional: true }),
      // Parties
      consignorCreditCode: code('consignorCreditCode', CREDIT_CODE),
      consignorCustomsCode: code('consignorCustomsCode', TEN_CHARS),
      consignorCiqCode: code('consignorCiqCode', TEN_CHARS, true),
      consignorName: name('consignorName'),
      overseasCode: r.optionalText(k('overseasCode'), 50),
      overseasName: name('overseasName'),
      ownerCreditCode: code('ownerCreditCode', CREDIT_CODE, true),
      ownerName: name('ownerName', true),
      agentCreditCode: code('agentCreditCode', CREDIT_CODE, true),
      agentName: name('agentName', true),
      // Transport and terms
      transportMode: r.pattern(k('transportMode'), /^[0-9A-Z]$/),
      transportName: r.optionalText(k('transportName'), 50),
      voyageNo: r.optionalText(k('voyageNo'), 32),
      billNo: r.optionalText(k('billNo'), 32),
      supervisionMode: r.pattern(k('supervisionMode'), /^\d{4}$/),
      levyNature: r.pattern(k('levyNature'), /^\d{3}$/, { optional: true }),
      permitNo: r.optionalText(k('permitNo'), 20),
      departCountry: r.pattern(k('departCountry'), /^[A-Z]{2,3}$/),
      portOfCall: r.pattern(k('portOfCall'), /^[A-Z0-9]{3,6}$/),
      transactionMode: r.pattern(k('transactionMode'), /^\d$/),
      freight: money('freight'),
      insurance: money('insurance'),
      otherCharges: money('otherCharges'),
      // Cargo totals
      packCount: r.number(k('packCount'), { int: true, min: 1, max: 99999999 }),
      packageType: r.pattern(k('packageType'), /^[0-9A-Z]{2}$/),
      grossWeight: r.decimal(k('grossWeight'), { scale: 5, positive: true }),
      netWeight: r.decimal(k('netWeight'), { scale: 5, positive: true }),
      tradeCountry: r.pattern(k('tradeCountry'), /^[A-Z]{2,3}$/),
      entryPort: r.pattern(k('entryPort'), /^[A-Z0-9]{3,6}$/),
      storagePlace: r.text(k('storagePlace'), 100),
      // Other
      qualificationCategory: r.oneOf(k('qualificationCategory'), QUALIFICATION_CATEGORIES),
      declKind: r.oneOf(k('declKind'), DECL_KINDS),
      markingCode: r.text(k('markingCode'), 400),
      remark: r.optionalText(k('remark'), 255),
      // The first bad line's message on the goods (第2项商品：…), and on its field for the editor.
      goods: z
        .array(z.record(z.string(), z.unknown()), { error: t(k('msg.addGoods')) })
        .max(50, t(k('msg.tooManyGoods')))
        .default([])
        .superRefine((lines, ctx) => {
          const [first] = checkGoods(t, lines).errors;
          if (!first) return;
          ctx.addIssue({ code: 'custom', path: [], message: first.message });
          ctx.addIssue({ code: 'custom', path: [first.line - 1, ...first.field.split('.')], message: first.text });
        }),
      documents: z.array(z.record(z.string(), z.unknown())).max(30).default([]),
    })
    .superRefine((v, ctx) => {
      // 18 characters is not enough: the last one is the GB 32100 check character.
      for (const key of ['consignorCreditCode', 'ownerCreditCode', 'agentCreditCode'] as const) {
        const code = v[key];
        if (code && CREDIT_CODE.test(code) && !isCreditCode(code)) ctx.addIssue({ code: 'custom', path: [key], message: t(k('msg.creditCheck')) });
      }
      if (isDecimal(v.netWeight) && isDecimal(v.grossWeight) && new Decimal(v.netWeight).gt(new Decimal(v.grossWeight))) {
        ctx.addIssue({ code: 'custom', path: ['netWeight'], message: t(k('msg.netOverGross')) });
      }
    });
}

/** One goods line (SPEC §5 goods rules); `elements` are the HS declaration-element values by order. */
export function goodsSchema(t: TFunction) {
  const r = rules(t);
  const opt = (key: string, max: number) => r.optionalText(k(key), max);
  return z
    .object({
      hsCode: r.pattern(k('goods.hsCode'), /^\d{8,10}$/),
      goodsName: r.text(k('goods.goodsName'), 100),
      ciqName: opt('goods.ciqName', 100),
      elements: z.record(z.string(), z.string().max(255)).default({}),
      qty: r.decimal(k('goods.qty'), { scale: 5, positive: true }),
      unit: r.pattern(k('goods.unit'), /^\d{3}$/),
      unitPrice: r.decimal(k('goods.unitPrice'), { scale: 4, positive: true }),
      totalPrice: r.decimal(k('goods.totalPrice'), { scale: 2, positive: true }),
      currency: r.pattern(k('goods.currency'), /^[A-Z]{3}$/),
      originCountry: r.pattern(k('goods.originCountry'), /^[A-Z]{2,3}$/, { optional: true }),
      destCountry: r.pattern(k('goods.destCountry'), /^[A-Z]{2,3}$/, { optional: true }),
      dutyMode: r.oneOf(k('goods.dutyMode'), DUTY_MODES, { optional: true }),
      legalQty1: r.decimal(k('goods.legalQty1'), { scale: 5, optional: true }),
      legalUnit1: r.pattern(k('goods.legalUnit1'), /^\d{3}$/, { optional: true }),
      legalQty2: r.decimal(k('goods.legalQty2'), { scale: 5, optional: true }),
      legalUnit2: r.pattern(k('goods.legalUnit2'), /^\d{3}$/, { optional: true }),
      // Cargo attributes
      expiryDate: r.date(k('goods.expiryDate'), { optional: true }),
      shelfLifeDays: r.number(k('goods.shelfLifeDays'), { int: true, min: 0, max: 36500, optional: true }),
      overseasMaker: opt('goods.overseasMaker', 100),
      brand: opt('goods.brand', 100),
      model: opt('goods.model', 100),
      productionDate: r.date(k('goods.productionDate'), { optional: true }),
      batchNo: opt('goods.batchNo', 50),
      volumeCbm: r.decimal(k('goods.volumeCbm'), { scale: 3, optional: true }),
      // Dangerous goods
      dangerous: r.boolean(),
      unCode: r.pattern(k('goods.unCode'), /^\d{4}$/, { optional: true }),
      dangerName: opt('goods.dangerName', 100),
      dangerPackType: opt('goods.dangerPackType', 20),
      dangerPackSpec: opt('goods.dangerPackSpec', 50),
      licences: z
        .array(
          z.object({
            licenceType: r.pattern(k('licence.type'), /^[0-9A-Za-z]$/),
            licenceNo: r.text(k('licence.no'), 40),
            verifiedSerial: r.optionalText(k('licence.serial'), 20),
            qty: r.decimal(k('licence.qty'), { scale: 5, optional: true }),
            unit: r.pattern(k('licence.unit'), /^\d{3}$/, { optional: true }),
          }),
        )
        .max(20)
        .default([]),
    })
    .superRefine((v, ctx) => {
      // Total price = quantity × unit price, in decimal (rounded half-up to cents).
      if (isDecimal(v.qty) && isDecimal(v.unitPrice) && isDecimal(v.totalPrice)) {
        const expected = new Decimal(v.qty).mul(v.unitPrice).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        if (!expected.eq(new Decimal(v.totalPrice))) ctx.addIssue({ code: 'custom', path: ['totalPrice'], message: t(k('msg.totalMismatch'), { expected: expected.toFixed(2) }) });
      }
      if (v.dangerous && (!v.unCode || !v.dangerName)) ctx.addIssue({ code: 'custom', path: ['unCode'], message: t(k('msg.dangerRequired')) });
    });
}

export type GoodsLine = z.infer<ReturnType<typeof goodsSchema>>;

export interface LineError {
  line: number;
  field: string;
  /** With the line number (第 N 项商品：…); `text` without it. */
  message: string;
  text: string;
}

/** Checks each goods line; messages are prefixed with the line number (第 N 项商品). */
export function checkGoods(t: TFunction, lines: unknown[]): { lines: GoodsLine[]; errors: LineError[] } {
  const schema = goodsSchema(t);
  const out: GoodsLine[] = [];
  const errors: LineError[] = [];
  lines.forEach((raw, i) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) out.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      errors.push({ line: i + 1, field: issue.path.map(String).join('.'), message: t(k('msg.lineError'), { line: i + 1, message: issue.message }), text: issue.message });
    }
  });
  return { lines: out, errors };
}

/** Specification model: the declaration-element values in element order, joined with |. */
export function specModel(elements: { seq: number }[], values: Record<string, string>): string {
  return [...elements]
    .sort((a, b) => a.seq - b.seq)
    .map((e) => (values[String(e.seq)] ?? '').trim().replace(/\|/g, '/'))
    .join('|');
}
