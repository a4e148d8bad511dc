// Pre-allocated (预配舱单) and original (原始舱单) manifests, the MT1401 family (SPEC §3
// "Manifests"): a header, its bills of lading, each bill's contacts and goods. One table
// family with a `kind` column; two resources and screens. SPEC §5 "Manifests and tally":
// the required header, bill, goods and contact fields, numbers numeric.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { defineDocument, rules, type DocumentDef, type FieldDef, type LineCollection, type ResourceDef } from '@core/shared';
import { BILL_NO, CURRENCY, CUSTOMS_CODE, docRules, documentDef, documentHead, ENTERPRISE_CODE, HS_CODE, k, PACKAGE_TYPE, PLACE_CODE, TRANSPORT_MODE, UN_NUMBER } from './document';

export const MANIFEST_KINDS = { preManifest: 'pre', originalManifest: 'original' } as const;
export type ManifestName = keyof typeof MANIFEST_KINDS;

/** Freight payment methods (运费支付方法): prepaid, collect, payable elsewhere. */
export const FREIGHT_PAYMENTS = ['PP', 'CC', 'PE'] as const;
export const CONTACT_ROLES = ['consignee', 'consignor', 'notifier', 'dangerous'] as const;
/** Communication type codes (通讯方式类别代码): telephone, fax, e-mail. */
export const COMM_TYPES = ['TE', 'FX', 'EM'] as const;

export const LOOKUPS = {
  customs: 'customs.customsPorts',
  transportModes: 'customs.declTransportModes',
  currencies: 'customs.declCurrencies',
  packageTypes: 'customs.declPackageTypes',
  places: 'customs.declPlaces',
  hsCodes: 'customs.hsCodes',
} as const;

/** Header fields common to the list, the export and the form. */
function headerFields(): FieldDef[] {
  return [
    ...documentHead('preManifest'),
    { name: 'orderNo', labelKey: k('field.orderNo'), type: 'string', sortable: true, filter: 'contains', maxLength: 64 },
    { name: 'batchNo', labelKey: k('field.batchNo'), type: 'string', sortable: true, filter: 'contains', maxLength: 64 },
    { name: 'carrierCode', labelKey: k('field.carrierCode'), type: 'string', maxLength: 32, list: { hidden: true } },
    { name: 'customsCode', labelKey: k('field.customsCode'), type: 'ref', lookup: LOOKUPS.customs, filter: 'eq' },
    { name: 'transportMode', labelKey: k('field.transportMode'), type: 'ref', lookup: LOOKUPS.transportModes, list: { hidden: true } },
    { name: 'placeCode', labelKey: k('field.placeCode'), type: 'ref', lookup: LOOKUPS.places, list: { hidden: true } },
    { name: 'loadingTime', labelKey: k('field.loadingTime'), type: 'datetime', sortable: true, filter: 'range' },
    { name: 'filingCustoms', labelKey: k('field.filingCustoms'), type: 'ref', lookup: LOOKUPS.customs, list: { hidden: true } },
    { name: 'enterpriseCode', labelKey: k('field.enterpriseCode'), type: 'string', maxLength: 32, list: { hidden: true } },
    { name: 'transferorName', labelKey: k('field.transferorName'), type: 'string', maxLength: 100, filter: 'contains' },
    { name: 'remarks', labelKey: k('field.remarks'), type: 'text', maxLength: 500, list: { hidden: true } },
    { name: 'billCount', column: null, labelKey: k('field.billCount'), type: 'integer', form: false, list: { width: 90 } },
    { name: 'goodsCount', column: null, labelKey: k('field.goodsCount'), type: 'integer', form: false, list: { width: 90 } },
    { name: 'rejectReason', labelKey: k('field.rejectReason'), type: 'string', form: false, list: { hidden: true } },
    { name: 'submittedAt', labelKey: k('field.submittedAt'), type: 'datetime', sortable: true, form: false, list: { hidden: true } },
    { name: 'bills', column: null, records: true, labelKey: k('section.bills'), type: 'refs', form: false, list: false, export: false, import: false },
    { name: 'updatedAt', column: 'updated_at', labelKey: 'core:resource.updatedAt', type: 'datetime', sortable: true, form: false, list: { hidden: true } },
  ];
}

export function contactSchema(t: TFunction) {
  const r = rules(t);
  const d = docRules(t);
  return z.object({
    role: r.oneOf(k('contact.role'), CONTACT_ROLES),
    code: d.code(k('contact.code'), /^[0-9A-Za-z-]{1,35}$/, { optional: true }),
    name: r.text(k('contact.name'), 100),
    phone: d.code(k('contact.phone'), /^[0-9+\-() ]{3,50}$|^[^@\s]+@[^@\s]+$/, { optional: true }),
    commType: r.oneOf(k('contact.commType'), COMM_TYPES, { optional: true }),
  });
}

export function goodsSchema(t: TFunction) {
  const r = rules(t);
  const d = docRules(t);
  return z.object({
    seq: d.count(k('goods.seq'), { min: 1 }),
    quantity: d.decimal(k('goods.quantity'), { scale: 3, intDigits: 12, positive: true }),
    description: r.optionalText(k('goods.description'), 200),
    grossWeight: d.decimal(k('goods.grossWeight'), { scale: 3, intDigits: 12, positive: true }),
    packageType: d.code(k('goods.packageType'), PACKAGE_TYPE, { optional: true, upper: true }),
    dangerousNo: d.code(k('goods.dangerousNo'), UN_NUMBER, { optional: true }),
    hsCode: d.code(k('goods.hsCode'), HS_CODE, { optional: true }),
    supplement: r.optionalText(k('goods.supplement'), 500),
  });
}

/** A bill's own fields (the bill editor checks these before the bill is kept in the form). */
export function billFieldsSchema(t: TFunction) {
  const r = rules(t);
  const d = docRules(t);
  return z.object({
    billNo: d.code(k('bill.billNo'), BILL_NO),
    clearanceCode: d.code(k('bill.clearanceCode'), /^[0-9A-Za-z]{1,16}$/),
    totalPieces: d.count(k('bill.totalPieces'), { min: 1 }),
    grossWeight: d.decimal(k('bill.grossWeight'), { scale: 3, intDigits: 12, positive: true }),
    cargoValue: d.decimal(k('bill.cargoValue'), { scale: 2, intDigits: 14 }),
    currency: d.code(k('bill.currency'), CURRENCY, { upper: true }),
    consigneeName: r.optionalText(k('bill.consigneeName'), 100),
    carriageTerms: r.optionalText(k('bill.carriageTerms'), 20),
    freightPayment: r.oneOf(k('bill.freightPayment'), FREIGHT_PAYMENTS),
    packageType: d.code(k('bill.packageType'), PACKAGE_TYPE, { upper: true }),
    volume: d.decimal(k('bill.volume'), { scale: 3, intDigits: 12, optional: true }),
    lclCode: d.code(k('bill.lclCode'), /^[0-9A-Za-z-]{1,35}$/, { optional: true }),
  });
}

/** A collection of the document: missing or not an array, it is empty. */
export const list = <T extends z.ZodType>(item: T) => z.preprocess((v) => (Array.isArray(v) ? v : []), z.array(item));

export function billSchema(t: TFunction) {
  return billFieldsSchema(t).extend({
    contacts: list(contactSchema(t)),
    goods: list(goodsSchema(t)).superRefine((goods, ctx) => {
      const seen = new Set<number>();
      goods.forEach((g, i) => {
        if (seen.has(g.seq)) ctx.addIssue({ code: 'custom', path: [i, 'seq'], message: t(k('msg.goodsSeqDuplicate'), { seq: g.seq }) });
        seen.add(g.seq);
      });
    }),
  });
}

export function manifestSchema(t: TFunction) {
  const r = rules(t);
  const d = docRules(t);
  return z.object({
    orderNo: d.code(k('field.orderNo'), /^[0-9A-Za-z-]{1,64}$/),
    batchNo: d.code(k('field.batchNo'), /^[0-9A-Za-z-]{1,64}$/),
    carrierCode: d.code(k('field.carrierCode'), /^[0-9A-Za-z-]{1,32}$/, { optional: true }),
    customsCode: d.code(k('field.customsCode'), CUSTOMS_CODE, { pad: 4 }),
    transportMode: d.code(k('field.transportMode'), TRANSPORT_MODE, { upper: true }),
    placeCode: d.code(k('field.placeCode'), PLACE_CODE, { upper: true }),
    loadingTime: d.datetime(k('field.loadingTime')),
    filingCustoms: d.code(k('field.filingCustoms'), CUSTOMS_CODE, { pad: 4 }),
    enterpriseCode: d.code(k('field.enterpriseCode'), ENTERPRISE_CODE, { upper: true }),
    transferorName: r.text(k('field.transferorName'), 100),
    remarks: r.optionalText(k('field.remarks'), 500),
    bills: list(billSchema(t)).superRefine((bills, ctx) => {
      const seen = new Set<string>();
      bills.forEach((b, i) => {
        if (seen.has(b.billNo)) ctx.addIssue({ code: 'custom', path: [i, 'billNo'], message: t(k('msg.billNoDuplicate'), { billNo: b.billNo }) });
        seen.add(b.billNo);
      });
    }),
  });
}

export type ManifestInput = z.infer<ReturnType<typeof manifestSchema>>;

export const preManifestDef = documentDef('preManifest', 'cus_manifest', headerFields(), (t) => manifestSchema(t));
export const originalManifestDef = documentDef('originalManifest', 'cus_manifest', headerFields(), (t) => manifestSchema(t));

const enumOf = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, labelKey: k(`${prefix}.${v}`) }));
const field = (group: string, name: string, type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({ name, labelKey: k(`${group}.${name}`), type, ...extra });
const weight = { type: 'money', scale: 3, trimZeros: true } as const;
/** Contacts and goods also carry their manifest's id (the bill's comes from the relation). */
const ofManifest = (_line: Record<string, unknown>, header: Record<string, unknown>) => ({ manifest_id: header.id });

const contacts: LineCollection = {
  name: 'contacts',
  labelKey: k('section.contacts'),
  addKey: k('action.addContact'),
  table: 'cus_manifest_contact',
  foreignKey: 'bill_id',
  values: ofManifest,
  fields: [
    field('contact', 'role', 'enum', { options: enumOf(CONTACT_ROLES, 'contactRole') }),
    field('contact', 'code', 'string', { maxLength: 35 }),
    field('contact', 'name', 'string', { maxLength: 100 }),
    field('contact', 'phone', 'string', { maxLength: 50 }),
    field('contact', 'commType', 'enum', { options: enumOf(COMM_TYPES, 'commType') }),
  ],
  // The next role the bill has no contact for.
  blank: (lines) => ({ role: CONTACT_ROLES.find((r) => !lines.some((c) => c.role === r)) ?? 'consignee' }),
};

const goods: LineCollection = {
  name: 'goods',
  labelKey: k('section.goods'),
  addKey: k('action.addGoods'),
  table: 'cus_manifest_goods',
  foreignKey: 'bill_id',
  orderBy: 'seq',
  key: ['seq'],
  values: ofManifest,
  fields: [
    field('goods', 'seq', 'integer', { list: { width: 80 } }),
    field('goods', 'quantity', 'money', { scale: 3, trimZeros: true }),
    field('goods', 'grossWeight', weight.type, weight),
    field('goods', 'description', 'string', { maxLength: 200, list: { width: 160 } }),
    field('goods', 'packageType', 'ref', { lookup: LOOKUPS.packageTypes }),
    field('goods', 'dangerousNo', 'string', { maxLength: 4 }),
    // 10,000 codes: searched on the server as the user types, never shipped whole.
    field('goods', 'hsCode', 'ref', { lookup: LOOKUPS.hsCodes, search: true, list: { width: 200 } }),
    field('goods', 'supplement', 'string', { maxLength: 500, list: { width: 160 } }),
  ],
  // A new goods line starts with the next number and its bill's package type.
  blank: (lines, _values, bill) => ({ seq: String(Math.max(0, ...lines.map((g) => Number(g.seq) || 0)) + 1), packageType: bill?.packageType ?? '' }),
};

/** A manifest with its bills of lading, each bill's contacts and goods (lines of lines). */
function manifestDocument(def: ResourceDef): DocumentDef {
  return defineDocument({
    resource: def,
    testId: 'manifest-form',
    maxWidth: 'xl',
    sections: [{ titleKey: k('section.basic'), fields: '*' }, { lines: ['bills'] }, { custom: 'receipts' }],
    lines: [
      {
        name: 'bills',
        labelKey: k('section.bills'),
        addKey: k('action.addBill'),
        testId: 'bill',
        table: 'cus_manifest_bill',
        foreignKey: 'manifest_id',
        position: 'seq',
        fields: [
          field('bill', 'billNo', 'string', { maxLength: 50, list: { width: 140 } }),
          field('bill', 'clearanceCode', 'string', { maxLength: 16 }),
          field('bill', 'totalPieces', 'integer'),
          field('bill', 'grossWeight', weight.type, weight),
          field('bill', 'cargoValue', 'money', { scale: 2, trimZeros: true }),
          field('bill', 'currency', 'ref', { lookup: LOOKUPS.currencies, list: { width: 140 } }),
          field('bill', 'freightPayment', 'enum', { options: enumOf(FREIGHT_PAYMENTS, 'freightPayment') }),
          field('bill', 'packageType', 'ref', { lookup: LOOKUPS.packageTypes, list: { width: 140 } }),
          field('bill', 'volume', weight.type, weight),
          field('bill', 'consigneeName', 'string', { maxLength: 100 }),
          field('bill', 'carriageTerms', 'string', { maxLength: 20 }),
          field('bill', 'lclCode', 'string', { maxLength: 35 }),
        ],
        lines: [contacts, goods],
      },
    ],
  });
}

export const MANIFEST_DOCUMENTS: Record<ManifestName, DocumentDef> = { preManifest: manifestDocument(preManifestDef), originalManifest: manifestDocument(originalManifestDef) };
