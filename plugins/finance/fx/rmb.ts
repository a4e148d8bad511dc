// Cross-border RMB payment/receipt statements (SPEC §3 "Cross-border RMB", §5): a receipt
// with its trade amounts by type and the customs declarations it covers. SPEC §5: amounts,
// ratios, days, organisation code and balance code are legal numbers; the declaration
// currency is unique within a statement; declarations fall within 30 days (SPEC §9) of the
// receipt; an advance payment needs a collection instruction.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { crudPermissions, defineDocument, defineResource, permissionCodes, rules, type FieldDef, type FieldType, type UploadType } from '@core/shared';
import { FX_CURRENCIES } from './fx';
import { financeTable } from '../common';

/** SPEC §9 "customs declaration supplement window". */
export const DECL_WINDOW_DAYS = 30;
export const RMB_UPLOAD_TYPES: readonly UploadType[] = ['pdf', 'jpg', 'png'];

const P = 'finance:rmbStatement';
export const RMB_PERMISSIONS = permissionCodes(P);

const WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** GB 11714 organisation code: eight digits/capitals and a check character (0-9 or X). */
export function isOrgCode(code: string): boolean {
  const c = code.replace('-', '').toUpperCase();
  if (!/^[0-9A-Z]{8}[0-9X]$/.test(c)) return false;
  const sum = WEIGHTS.reduce((s, w, i) => s + w * ALNUM.indexOf(c[i]), 0);
  const r = 11 - (sum % 11);
  const check = r === 10 ? 'X' : r === 11 ? '0' : String(r);
  return c[8] === check;
}

/** Whole days from one YYYY-MM-DD date to another. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

const f = (k: string) => `finance:fx.rmb.${k}`;

/** Text that must pass `legal`, else "not a legal number": required, or when optional blank is null. `pre` reads what was sent. */
function legalText(t: TFunction, key: string, legal: (v: string) => boolean, optional: boolean, pre: (v: unknown) => unknown) {
  const required = t('core:resource.required', { field: t(key) });
  const illegal = t('finance:fx.msg.legalNumber', { field: t(key) });
  const s = z.string({ error: required }).trim().min(1, required).refine(legal, illegal);
  return optional ? z.preprocess((v) => pre(v) ?? null, s.nullable()) : z.preprocess(pre, s);
}

const blankIsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A non-negative decimal with at most two decimals (and at most `max`). */
function legalDecimal(t: TFunction, key: string, opts: { max?: number; optional?: boolean } = {}) {
  const legal = (v: string) => /^\d{1,16}(\.\d{1,2})?$/.test(v) && (opts.max === undefined || Number(v) <= opts.max);
  return legalText(t, key, legal, opts.optional ?? false, (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : blankIsMissing(v)));
}

const numberAsText = (v: unknown) => (typeof v === 'number' ? String(v) : blankIsMissing(v));

/** Digits only, or blank. */
const legalDigits = (t: TFunction, key: string, re: RegExp) => legalText(t, key, (v) => re.test(v), true, numberAsText);

const declarationSchema = () =>
  z.object({
    year: z.coerce.number().int().min(2000).max(2100),
    month: z.coerce.number().int().min(1).max(12),
    declDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    customsAmount: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().regex(/^\d{1,16}(\.\d{1,2})?$/)),
    currency: z.enum(FX_CURRENCIES),
  });

export const rmbStatementDef = defineResource({
  ...financeTable('rmbStatement', 'fin_rmb_statement', 'finance:fx.rmb.title', 'expense.rmbStatement', 'payerName'),
  permissions: crudPermissions(P),
  uploads: { types: RMB_UPLOAD_TYPES, maxMb: 10 },
  fields: [
    { name: 'receiptDate', labelKey: f('receiptDate'), type: 'date', sortable: true, filter: 'range' },
    { name: 'payerName', labelKey: f('payerName'), type: 'string', filter: 'contains', maxLength: 100 },
    { name: 'orgCode', labelKey: f('orgCode'), type: 'string', filter: 'contains', maxLength: 10 },
    { name: 'totalAmount', labelKey: f('totalAmount'), type: 'money', sortable: true },
    { name: 'goodsTradeAmount', labelKey: f('goodsTradeAmount'), type: 'money', list: { hidden: true } },
    { name: 'serviceTradeAmount', labelKey: f('serviceTradeAmount'), type: 'money', list: { hidden: true } },
    { name: 'capitalAmount', labelKey: f('capitalAmount'), type: 'money', list: { hidden: true } },
    { name: 'advancePayment', labelKey: f('advancePayment'), type: 'money' },
    { name: 'contractRatio', labelKey: f('contractRatio'), type: 'money', list: { hidden: true } },
    { name: 'days', labelKey: f('days'), type: 'integer', list: { hidden: true } },
    { name: 'balanceCode', labelKey: f('balanceCode'), type: 'string', maxLength: 20, list: { hidden: true } },
    { name: 'contactPerson', labelKey: f('contactPerson'), type: 'string', maxLength: 50 },
    { name: 'contactMobile', labelKey: f('contactMobile'), type: 'string', maxLength: 20 },
    { name: 'legalOrgName', labelKey: f('legalOrgName'), type: 'string', maxLength: 100, list: { hidden: true } },
    { name: 'collectionInstruction', labelKey: f('collectionInstruction'), type: 'string', maxLength: 200, list: { hidden: true }, form: { span: 2 } },
    { name: 'collectionFileId', labelKey: f('collectionFile'), type: 'integer', form: false, list: false, export: false, import: false },
    { name: 'remarks', labelKey: f('remarks'), type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
    { name: 'ownerUserId', labelKey: f('owner'), type: 'integer', form: false, list: false, export: false, import: false },
    { name: 'declarations', column: null, records: true, labelKey: f('declarations'), type: 'string', form: false, list: false, export: false, import: false },
  ],
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        receiptDate: r.date(f('receiptDate')),
        payerName: r.text(f('payerName'), 100),
        orgCode: z.preprocess(
          (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
          z
            .string({ error: t('core:resource.required', { field: t(f('orgCode')) }) })
            .min(1, t('core:resource.required', { field: t(f('orgCode')) }))
            .refine(isOrgCode, t('finance:fx.msg.legalNumber', { field: t(f('orgCode')) })),
        ),
        totalAmount: legalDecimal(t, f('totalAmount')),
        goodsTradeAmount: legalDecimal(t, f('goodsTradeAmount'), { optional: true }),
        serviceTradeAmount: legalDecimal(t, f('serviceTradeAmount'), { optional: true }),
        capitalAmount: legalDecimal(t, f('capitalAmount'), { optional: true }),
        advancePayment: legalDecimal(t, f('advancePayment'), { optional: true }),
        contractRatio: legalDecimal(t, f('contractRatio'), { max: 100, optional: true }),
        days: legalDigits(t, f('days'), /^\d{1,4}$/),
        balanceCode: legalDigits(t, f('balanceCode'), /^\d{1,20}$/),
        contactPerson: r.text(f('contactPerson'), 50),
        contactMobile: r.pattern(f('contactMobile'), /^(\+?\d{1,4}[- ]?)?\d{6,15}$/),
        legalOrgName: r.text(f('legalOrgName'), 100),
        collectionInstruction: r.optionalText(f('collectionInstruction'), 200),
        collectionFileId: z.preprocess((v) => (v === '' || v === null || v === undefined ? null : Number(v)), z.number().int().positive().nullable()),
        remarks: r.optionalText(f('remarks'), 500),
        declarations: z.preprocess((v) => (Array.isArray(v) ? v : []), z.array(z.unknown())),
      })
      .superRefine((d, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
        // An advance payment needs a collection instruction (text or an uploaded file).
        if (d.advancePayment && Number(d.advancePayment) > 0 && !d.collectionInstruction && !d.collectionFileId) {
          issue('collectionInstruction', t('finance:fx.msg.collectionRequired'));
        }
        const receipt = String(d.receiptDate ?? '');
        const seen = new Set<string>();
        const one = declarationSchema();
        d.declarations.forEach((raw, i) => {
          const line = i + 1;
          const p = one.safeParse(raw);
          if (!p.success) return issue('declarations', t('finance:fx.msg.declLine', { line }));
          const decl = p.data;
          if (Number(decl.declDate.slice(0, 4)) !== decl.year || Number(decl.declDate.slice(5, 7)) !== decl.month) issue('declarations', t('finance:fx.msg.declLine', { line }));
          if (seen.has(decl.currency)) issue('declarations', t('finance:fx.msg.currencyUnique', { line }));
          seen.add(decl.currency);
          if (/^\d{4}-\d{2}-\d{2}$/.test(receipt) && Math.abs(daysBetween(receipt, decl.declDate)) > DECL_WINDOW_DAYS) {
            issue('declarations', t('finance:fx.msg.declWindow', { line, days: DECL_WINDOW_DAYS }));
          }
        });
      });
  },
});

const decl = (name: string, column: string, label: string, type: FieldType, extra: Partial<FieldDef> = {}): FieldDef => ({ name, column, labelKey: f(label), type, ...extra });

/**
 * A statement with the customs declarations it covers (master-detail): one line per currency
 * in fin_rmb_statement_decl, told apart by that currency; the declaration date fills in its
 * year and month. The collection instruction file is a custom section of the page.
 */
export const rmbStatementDocument = defineDocument({
  resource: rmbStatementDef,
  testId: 'rmb-form',
  extra: ['collectionFileId'],
  sections: [{ fields: '*' }, { custom: 'collectionFile' }, { lines: ['declarations'] }],
  lines: [
    {
      name: 'declarations',
      labelKey: f('declarations'),
      table: 'fin_rmb_statement_decl',
      foreignKey: 'statement_id',
      position: 'seq',
      key: ['currency'],
      testId: 'decl',
      addKey: 'finance:fx.ui.addDecl',
      fields: [
        decl('declDate', 'decl_date', 'declDate', 'date'),
        decl('year', 'decl_year', 'declYear', 'integer'),
        decl('month', 'decl_month', 'declMonth', 'integer'),
        decl('customsAmount', 'customs_amount', 'customsAmount', 'money'),
        decl('currency', 'currency', 'declCurrency', 'ref', { lookup: 'system.refCode.CURRENCY', list: { width: 150 } }),
      ],
      derive: (line, changed) => {
        const d = String(line.declDate ?? '');
        return changed === 'declDate' && /^\d{4}-\d{2}-\d{2}$/.test(d) ? { ...line, year: d.slice(0, 4), month: String(Number(d.slice(5, 7))) } : line;
      },
    },
  ],
});
