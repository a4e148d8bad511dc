// 合同模板 (SPEC §2 /contract/contractTemplate, §3 Contract template, §4 template states): file
// name, description, upload date, type standard / non-standard, enabled / disabled, versions. A
// standard template is a PDF whose form fields are named after the contract data and whose
// signature fields (`signature.1`, `signature.2`, …) are where each party seals; a non-standard
// one is a PDF used as it is (the seals go in a row at the foot of its last page). A new file is a
// new version: contracts keep the version they were made from. Only enabled templates are offered.
import { z } from 'zod';
import { crudPermissions, defineResource, rules, type UploadType } from '@core/shared';
import { MENU, TEMPLATE_PERMS, contractsTable, optionsOf, transitionOf } from '../common';

export const K = 'contracts:templates';
const f = (k: string) => `${K}.field.${k}`;

export const TEMPLATE_TYPES = ['standard', 'nonStandard'] as const;
export const TEMPLATE_LANGS = ['zh', 'en', 'my'] as const;
export const TEMPLATE_STATES = ['enabled', 'disabled'] as const;
export const TEMPLATE_FILE_TYPES: readonly UploadType[] = ['pdf'];

/** What a standard template must hold: the contract's number, two parties, its money and dates, two signature slots. */
export const REQUIRED_FIELDS = ['contract.no', 'partyA.name', 'partyB.name', 'contract.amount', 'contract.currency', 'contract.effectiveDate', 'contract.expiryDate', 'signature.1', 'signature.2'] as const;

const stateOptions = optionsOf(K, 'state', TEMPLATE_STATES);
const tr = transitionOf(K);

export const templateDef = defineResource({
  ...contractsTable('template', 'ctr_template', `${K}.title`, MENU.template, 'name'),
  permissions: crudPermissions('contracts:template'),
  uploads: { types: TEMPLATE_FILE_TYPES, maxMb: 20 },
  detail: true,
  fields: [
    { name: 'name', labelKey: f('name'), type: 'string', filter: 'contains', sortable: true, maxLength: 120, list: { width: 220 }, form: { span: 2 } },
    { name: 'code', labelKey: f('code'), type: 'string', filter: 'contains', maxLength: 40, list: { width: 150 }, form: { helpKey: `${K}.help.code` } },
    { name: 'description', labelKey: f('description'), type: 'text', maxLength: 500, list: { width: 240 }, form: { span: 3 } },
    { name: 'type', labelKey: f('type'), type: 'enum', options: optionsOf(K, 'type', TEMPLATE_TYPES), filter: 'eq', list: { width: 100 } },
    { name: 'lang', labelKey: f('lang'), type: 'enum', options: optionsOf(K, 'lang', TEMPLATE_LANGS), filter: 'eq', list: { width: 90 } },
    { name: 'uploadDate', labelKey: f('uploadDate'), type: 'date', sortable: true, filter: 'range', form: false, import: false, list: { width: 110 } },
    { name: 'currentVersion', labelKey: f('version'), type: 'integer', form: false, import: false, list: { width: 70 } },
    { name: 'partyCount', labelKey: f('partyCount'), type: 'integer', form: false, import: false, list: { width: 80 } },
    { name: 'status', labelKey: f('status'), type: 'enum', options: stateOptions, filter: 'eq', form: false, import: false, list: { width: 90 } },
    { name: 'fieldNames', column: null, labelKey: f('fields'), type: 'string', form: false, import: false, export: false, list: { hidden: true } },
    { name: 'fileId', labelKey: f('file'), type: 'integer', form: false, export: false, import: false, list: { width: 200 } },
    { name: 'versions', column: null, records: true, labelKey: f('versions'), type: 'string', list: false, form: false, export: false, import: false },
  ],
  unique: [{ fields: ['code'], messageKey: `${K}.msg.codeTaken` }],
  stateMachine: {
    field: 'status',
    states: stateOptions,
    transitions: [tr('disable', ['enabled'], 'disabled', TEMPLATE_PERMS.disable, { confirmKey: `${K}.confirm.disable` }), tr('enable', ['disabled'], 'enabled', TEMPLATE_PERMS.enable)],
  },
  schema: (t) => {
    const r = rules(t);
    return z.object({
      name: r.text(f('name'), 120, 2),
      code: r.pattern(f('code'), /^[A-Za-z][A-Za-z0-9_.-]{1,39}$/, { optional: true }),
      description: r.optionalText(f('description'), 500),
      type: r.oneOf(f('type'), TEMPLATE_TYPES),
      lang: r.oneOf(f('lang'), TEMPLATE_LANGS),
      fileId: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number({ error: t(`${K}.msg.fileRequired`) }).int().positive()),
    });
  },
});
