// Contracts (SPEC §3 Contract; §2 /contract, the declaration platform's and the bank's contract
// inquiry): number, initiator, signing units (two or more enterprises, in signing order), dates,
// amount and currency, type online / offline, attachment, status. An online contract is filled
// from an enabled template as a draft (its PDF reviewed), sent, and signed by its parties in
// order; the last signature completes it (normal). An offline contract is a signed scan filed
// with its data (normal at once). Normal contracts expire by the daily job; a rejected one, or one
// whose signatures no longer verify, is abnormal.
// Isomorphic: the screens render from these declarations and the server enforces them.
import { z } from 'zod';
import { crudPermissions, defineDocument, defineResource, lineList, rules, type UploadType } from '@core/shared';
import { CONTRACT_PERMS, CURRENCIES, MENU, contractsTable, optionsOf, transitionOf } from '../common';

export const K = 'contracts:contracts';
const f = (k: string) => `${K}.field.${k}`;

export const CONTRACT_TYPES = ['online', 'offline'] as const;
export const CONTRACT_STATES = ['draft', 'signing', 'normal', 'expired', 'abnormal'] as const;
export const PARTY_STATES = ['pending', 'signed', 'rejected'] as const;
export const SCAN_TYPES: readonly UploadType[] = ['pdf'];
export const MIN_PARTIES = 2;
export const MAX_PARTIES = 5;

export const stateOptions = optionsOf(K, 'state', CONTRACT_STATES);
export const partyStateOptions = optionsOf(K, 'partyState', PARTY_STATES);
export const currencyOptions = optionsOf(K, 'currency', CURRENCIES);
const tr = transitionOf(K);

const pickedId = (t: (k: string, o?: Record<string, unknown>) => string, key: string) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number({ error: t('core:resource.required', { field: t(key) }) }).int().positive());

export const contractDef = defineResource({
  ...contractsTable('contract', 'ctr_contract', `${K}.title`, MENU.inquiry, 'contractNo'),
  permissions: crudPermissions('contracts:contract'),
  uploads: { types: SCAN_TYPES, maxMb: 20 },
  detail: true,
  stateTabs: true,
  fields: [
    { name: 'contractNo', labelKey: f('contractNo'), type: 'string', filter: 'contains', sortable: true, form: false, import: false, list: { width: 170 } },
    { name: 'title', labelKey: f('contractTitle'), type: 'string', filter: 'contains', maxLength: 120, list: { width: 200 }, form: { span: 2 } },
    { name: 'type', labelKey: f('type'), type: 'enum', options: optionsOf(K, 'type', CONTRACT_TYPES), filter: 'eq', list: { width: 90 }, form: { createOnly: true } },
    { name: 'templateId', labelKey: f('template'), type: 'ref', lookup: 'contracts.templates', valueType: 'integer', list: { hidden: true, width: 200 }, form: { span: 2 } },
    { name: 'partyNames', column: null, labelKey: f('parties'), type: 'string', form: false, import: false, export: true, list: { width: 280 } },
    { name: 'initiatorName', labelKey: f('initiator'), type: 'string', form: false, import: false, list: { width: 160 } },
    { name: 'signedDate', labelKey: f('signedDate'), type: 'date', sortable: true, filter: 'range', list: { width: 110 } },
    { name: 'effectiveDate', labelKey: f('effectiveDate'), type: 'date', list: { hidden: true, width: 110 } },
    { name: 'expiryDate', labelKey: f('expiryDate'), type: 'date', sortable: true, filter: 'range', list: { width: 110 } },
    { name: 'amount', labelKey: f('amount'), type: 'money', scale: 2, list: { width: 130 } },
    { name: 'currency', labelKey: f('currency'), type: 'enum', options: currencyOptions, filter: 'eq', list: { width: 90 } },
    { name: 'goods', labelKey: f('goods'), type: 'string', maxLength: 200, list: { hidden: true }, form: { span: 2 } },
    { name: 'route', labelKey: f('route'), type: 'string', maxLength: 200, list: { hidden: true } },
    { name: 'remark', labelKey: f('remark'), type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
    { name: 'status', labelKey: f('status'), type: 'enum', options: stateOptions, filter: 'eq', form: false, import: false, list: { width: 90 } },
    { name: 'nextSigner', column: null, labelKey: f('nextSigner'), type: 'string', form: false, import: false, export: false, list: { width: 160 } },
    { name: 'abnormalReason', labelKey: f('abnormalReason'), type: 'string', form: false, import: false, list: { hidden: true } },
    { name: 'fileHash', labelKey: f('fileHash'), type: 'string', form: false, import: false, export: false, list: { hidden: true } },
    { name: 'fileId', labelKey: f('file'), type: 'integer', form: false, export: false, import: false, list: false },
    { name: 'nextSeq', labelKey: f('nextSigner'), type: 'integer', form: false, export: false, import: false, list: false },
    { name: 'attachmentFileId', labelKey: f('attachment'), type: 'integer', form: false, export: false, import: false, list: { hidden: true } },
    { name: 'parties', column: null, records: true, labelKey: f('parties'), type: 'string', list: false, form: false, export: false, import: false },
  ],
  stateMachine: {
    field: 'status',
    states: stateOptions,
    transitions: [
      tr('send', ['draft'], 'signing', CONTRACT_PERMS.send, { primary: true, confirmKey: `${K}.confirm.send` }),
      tr('markAbnormal', ['normal', 'signing'], 'abnormal', CONTRACT_PERMS.abnormal, { note: { field: 'abnormalReason', column: 'abnormal_reason', labelKey: f('abnormalReason'), required: true, maxLength: 500 } }),
    ],
    editableIn: ['draft'],
    deletableIn: ['draft'],
    editRefusedKey: `${K}.msg.notEditable`,
    deleteRefusedKey: `${K}.msg.notEditable`,
  },
  schema: (t) => {
    const r = rules(t);
    const party = z.object({ enterpriseId: pickedId(t, f('enterprise')) });
    return z
      .object({
        title: r.text(f('contractTitle'), 120, 2),
        type: r.oneOf(f('type'), CONTRACT_TYPES),
        templateId: r.optionalId(),
        signedDate: r.date(f('signedDate'), { optional: true }),
        effectiveDate: r.date(f('effectiveDate')),
        expiryDate: r.date(f('expiryDate')),
        amount: r.decimal(f('amount'), { scale: 2, positive: true, maxDigits: 16 }),
        currency: r.oneOf(f('currency'), CURRENCIES),
        goods: r.optionalText(f('goods'), 200),
        route: r.optionalText(f('route'), 200),
        remark: r.optionalText(f('remark'), 500),
        attachmentFileId: r.optionalId(),
        parties: lineList(party, { min: MIN_PARTIES, message: t(`${K}.msg.needsParties`, { min: MIN_PARTIES }) }),
      })
      .superRefine((v, ctx) => {
        if (v.effectiveDate && v.expiryDate && v.expiryDate < v.effectiveDate) ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: t(`${K}.msg.expiryBeforeEffective`) });
        if (v.type === 'online' && !v.templateId) ctx.addIssue({ code: 'custom', path: ['templateId'], message: t('core:resource.required', { field: t(f('template')) }) });
        if (v.type === 'offline' && !v.attachmentFileId) ctx.addIssue({ code: 'custom', path: ['attachmentFileId'], message: t(`${K}.msg.scanRequired`) });
        if (v.type === 'offline' && !v.signedDate) ctx.addIssue({ code: 'custom', path: ['signedDate'], message: t('core:resource.required', { field: t(f('signedDate')) }) });
        if (v.parties.length > MAX_PARTIES) ctx.addIssue({ code: 'custom', path: ['parties'], message: t(`${K}.msg.tooManyParties`, { max: MAX_PARTIES }) });
        const seen = new Set<number>();
        v.parties.forEach((p, i) => {
          if (seen.has(p.enterpriseId)) ctx.addIssue({ code: 'custom', path: ['parties', i, 'enterpriseId'], message: t(`${K}.msg.partyTwice`) });
          seen.add(p.enterpriseId);
        });
      });
  },
});

export const contractDocument = defineDocument({
  resource: contractDef,
  testId: 'contract-form',
  extra: ['attachmentFileId'],
  sections: [{ fields: '*' }, { custom: 'attachment' }, { lines: ['parties'] }],
  defaults: () => ({ type: 'online', currency: 'CNY' }),
  when: { templateId: (v) => v.type !== 'offline' },
  lines: [
    {
      name: 'parties',
      labelKey: f('parties'),
      table: 'ctr_party',
      foreignKey: 'contract_id',
      position: 'seq',
      key: ['enterpriseId'],
      initial: MIN_PARTIES,
      max: MAX_PARTIES,
      testId: 'party',
      addKey: `${K}.addParty`,
      hintKey: () => `${K}.hint.partyOrder`,
      fields: [{ name: 'enterpriseId', column: 'enterprise_id', labelKey: f('enterprise'), type: 'ref', lookup: 'contracts.enterprises', valueType: 'integer' }],
    },
  ],
});
