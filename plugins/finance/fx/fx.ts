// Foreign-exchange settlement / remittance applications (SPEC §3 "FX", §4 "Foreign-exchange
// settlement"): the bank form a trader or broker fills in, the platform's preliminary review,
// the bank's review and settlement. Failed applications are corrected and resubmitted. The
// state machine is data: the server enforces it and both screens enable their buttons from it.
import { z } from 'zod';
import { crudPermissions, defineDocument, defineResource, permissionCodes, rules, type Transition, type UploadType } from '@core/shared';
import { financeTable } from '../common';

export const FX_STATUS = ['unsettled', 'submitted', 'platformPassed', 'bankPassed', 'settled', 'platformFailed', 'bankFailed'] as const;
export type FxStatus = (typeof FX_STATUS)[number];
/** SPEC §9 currencies (reference codes of `system.refCode.CURRENCY`). */
export const FX_CURRENCIES = ['USD', 'EUR', 'GBP', 'MMK', 'RMB'] as const;
/** SPEC §9 remittance methods (`system.refCode.PAY_METHOD`): telegraphic transfer, demand draft, mail transfer. */
export const FX_PAY_METHODS = ['TT', 'DD', 'MT'] as const;
/** `system.refCode.URGENCY`. */
export const FX_URGENCY = ['NORMAL', 'URGENT'] as const;
export const FX_PAY_MODES = ['cash', 'check', 'account'] as const;
/** SPEC §5 / §9: remittance postscript at most 140 characters. */
export const POSTSCRIPT_MAX = 140;
/** ISO 9362 business identifier code: bank, country, location, optional branch. */
export const SWIFT_RE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
export const PERMIT_TYPES: readonly UploadType[] = ['pdf', 'jpg', 'png'];
/** Statuses an applicant may still correct. */
export const FX_EDITABLE: FxStatus[] = ['unsettled', 'platformFailed', 'bankFailed'];

const P = 'finance:fx';
export const FX_PERMISSIONS = permissionCodes(P, ['submit', 'platformReview', 'bankReview', 'settle']);

/** Transitions only reviewers perform (never on their own application). */
export const REVIEW_TRANSITIONS = ['platformPass', 'platformFail', 'bankPass', 'bankFail', 'settle'];

const note = (column: 'platform_audit_desc' | 'bank_audit_desc', required: boolean) => ({
  field: column === 'platform_audit_desc' ? 'platformAuditDesc' : 'bankAuditDesc',
  column,
  labelKey: column === 'platform_audit_desc' ? 'finance:fx.field.platformAuditDesc' : 'finance:fx.field.bankAuditDesc',
  required,
  maxLength: 500,
});

const tr = (name: string, from: FxStatus[], to: FxStatus, permission: string, extra: Partial<Transition> = {}): Transition => ({
  name,
  labelKey: `finance:fx.action.${name}`,
  from,
  to,
  permission,
  refusedKey: 'finance:fx.msg.statusNotAllowed',
  ...extra,
});

export const FX_TRANSITIONS: Transition[] = [
  tr('submit', ['unsettled'], 'submitted', FX_PERMISSIONS.submit, { refusedKey: 'finance:fx.msg.onlyUnsettledSubmit' }),
  tr('resubmit', ['platformFailed', 'bankFailed'], 'submitted', FX_PERMISSIONS.submit, { refusedKey: 'finance:fx.msg.onlyFailedResubmit' }),
  tr('platformPass', ['submitted'], 'platformPassed', FX_PERMISSIONS.platformReview, { note: note('platform_audit_desc', false) }),
  tr('platformFail', ['submitted'], 'platformFailed', FX_PERMISSIONS.platformReview, { note: note('platform_audit_desc', true) }),
  tr('bankPass', ['platformPassed'], 'bankPassed', FX_PERMISSIONS.bankReview, { note: note('bank_audit_desc', false) }),
  tr('bankFail', ['platformPassed'], 'bankFailed', FX_PERMISSIONS.bankReview, { note: note('bank_audit_desc', true) }),
  tr('settle', ['bankPassed'], 'settled', FX_PERMISSIONS.settle, { refusedKey: 'finance:fx.msg.onlyBankPassedSettle' }),
];

const f = (k: string) => `finance:fx.field.${k}`;

export const fxApplicationDef = defineResource({
  ...financeTable('fxApplication', 'fin_fx_application', 'finance:fx.title', 'expense.fxSettlement', 'appNo'),
  permissions: crudPermissions(P),
  uploads: { types: PERMIT_TYPES, maxMb: 10 },
  fields: [
    { name: 'appNo', labelKey: f('appNo'), type: 'string', sortable: true, filter: 'contains', form: false, import: false, list: { width: 170 } },
    {
      name: 'status',
      labelKey: f('status'),
      type: 'enum',
      filter: 'eq',
      sortable: true,
      form: false,
      import: false,
      options: FX_STATUS.map((s) => ({ value: s, labelKey: `finance:fx.state.${s}` })),
      list: { width: 170 },
    },
    { name: 'applicantUserId', labelKey: f('applicantName'), type: 'integer', list: false, form: false, export: false, import: false },
    { name: 'applicantName', labelKey: f('applicantName'), type: 'string', filter: 'contains', form: false, import: false, list: { width: 170 } },
    { name: 'payerName', labelKey: f('payerName'), type: 'string', filter: 'contains', maxLength: 100, list: { width: 170 } },
    { name: 'payerAccount', labelKey: f('payerAccount'), type: 'string', maxLength: 40, list: { hidden: true } },
    { name: 'payerBank', labelKey: f('payerBank'), type: 'string', maxLength: 100, list: { hidden: true } },
    { name: 'beneficiaryName', labelKey: f('beneficiaryName'), type: 'string', filter: 'contains', maxLength: 100, list: { width: 200 } },
    { name: 'beneficiaryAccount', labelKey: f('beneficiaryAccount'), type: 'string', maxLength: 40, list: { hidden: true } },
    { name: 'beneficiaryBank', labelKey: f('beneficiaryBank'), type: 'string', maxLength: 100, list: { width: 160 } },
    { name: 'beneficiaryBankAddress', labelKey: f('beneficiaryBankAddress'), type: 'string', maxLength: 200, list: { hidden: true }, form: { span: 2 } },
    { name: 'swiftCode', labelKey: f('swiftCode'), type: 'string', maxLength: 11, filter: 'contains', list: { width: 120 } },
    { name: 'amount', labelKey: f('amount'), type: 'money', sortable: true },
    { name: 'currency', labelKey: f('currency'), type: 'ref', lookup: 'system.refCode.CURRENCY', filter: 'eq' },
    { name: 'payMethod', labelKey: f('payMethod'), type: 'ref', lookup: 'system.refCode.PAY_METHOD', filter: 'eq' },
    { name: 'urgency', labelKey: f('urgency'), type: 'ref', lookup: 'system.refCode.URGENCY', list: { hidden: true } },
    { name: 'payMode', labelKey: f('payMode'), type: 'enum', options: FX_PAY_MODES.map((v) => ({ value: v, labelKey: `finance:fx.payModes.${v}` })), list: { hidden: true } },
    { name: 'contractNo', labelKey: f('contractNo'), type: 'string', maxLength: 50, filter: 'contains', list: { hidden: true } },
    { name: 'billNo', labelKey: f('billNo'), type: 'string', maxLength: 50, list: { hidden: true } },
    { name: 'postscript', labelKey: f('postscript'), type: 'text', maxLength: POSTSCRIPT_MAX, list: { hidden: true }, form: { span: 3 } },
    { name: 'permitFileId', labelKey: f('permitFile'), type: 'integer', form: false, export: false, import: false },
    { name: 'platformAuditDesc', labelKey: f('platformAuditDesc'), type: 'string', form: false, import: false },
    { name: 'bankAuditDesc', labelKey: f('bankAuditDesc'), type: 'string', form: false, import: false },
    { name: 'submittedAt', labelKey: f('submittedAt'), type: 'datetime', sortable: true, filter: 'range', list: { hidden: true } },
    { name: 'settledAt', labelKey: f('settledAt'), type: 'datetime', sortable: true, list: { hidden: true } },
  ],
  stateMachine: {
    field: 'status',
    states: FX_STATUS.map((s) => ({ value: s, labelKey: `finance:fx.state.${s}` })),
    transitions: FX_TRANSITIONS,
    editableIn: FX_EDITABLE,
    deletableIn: ['unsettled'],
    editRefusedKey: 'finance:fx.msg.notEditable',
    deleteRefusedKey: 'finance:fx.msg.onlyUnsettledDelete',
  },
  schema: (t) => {
    const r = rules(t);
    return z.object({
      payerName: r.text(f('payerName'), 100),
      payerAccount: r.pattern(f('payerAccount'), /^[0-9A-Za-z-]{6,40}$/),
      payerBank: r.text(f('payerBank'), 100),
      beneficiaryName: r.text(f('beneficiaryName'), 100),
      beneficiaryAccount: r.pattern(f('beneficiaryAccount'), /^[0-9A-Za-z-]{6,40}$/),
      beneficiaryBank: r.text(f('beneficiaryBank'), 100),
      beneficiaryBankAddress: r.text(f('beneficiaryBankAddress'), 200),
      swiftCode: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), r.pattern(f('swiftCode'), SWIFT_RE, { messageKey: 'finance:fx.msg.swiftFormat' })),
      amount: r.decimal(f('amount'), { scale: 2, positive: true }),
      currency: r.oneOf(f('currency'), FX_CURRENCIES),
      payMethod: r.oneOf(f('payMethod'), FX_PAY_METHODS),
      urgency: r.oneOf(f('urgency'), FX_URGENCY),
      payMode: r.oneOf(f('payMode'), FX_PAY_MODES),
      contractNo: r.optionalText(f('contractNo'), 50),
      billNo: r.optionalText(f('billNo'), 50),
      postscript: z.preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? null : v ?? null),
        z.string().trim().max(POSTSCRIPT_MAX, t('finance:fx.msg.postscriptTooLong', { max: POSTSCRIPT_MAX })).nullable(),
      ),
      // The permit certificate (an uploaded file) is required (SPEC §3 FX).
      permitFileId: z.preprocess(
        (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
        z.number({ error: t('finance:fx.msg.permitRequired') }).int(t('finance:fx.msg.permitRequired')).positive(t('finance:fx.msg.permitRequired')),
      ),
    });
  },
});

/** The application form: the bank form's fields, then the postscript counter and the permit certificate (a custom section of the page). */
export const fxApplicationDocument = defineDocument({
  resource: fxApplicationDef,
  testId: 'fx-form',
  extra: ['permitFileId'],
  sections: [{ fields: '*', custom: 'permit' }],
  lines: [],
});

/** The bank's review screen: the same applications and API, guarded by the bank center's menu. */
export const bankReviewDef = { ...fxApplicationDef, menu: 'bankCenter.remittanceReview', titleKey: 'finance:fx.bankTitle' };
