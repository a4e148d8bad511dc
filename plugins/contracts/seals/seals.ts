// 电子签章 (SPEC §2 /contract/electronicSignature): the signing enterprises of the platform, each
// with its signing certificate from the platform CA, and their seals (company, contract and
// finance seals, the legal representative's signature): a transparent png of at most 500 KB,
// checked by content. An account signs for the enterprise named as its company.
// Isomorphic: the screens render from these declarations and the server enforces them.
import { z } from 'zod';
import { crudPermissions, defineResource, rules } from '@core/shared';
import { ENTERPRISE_PERMS, ENTERPRISE_TABLE, MENU, SEAL_PERMS, contractsTable, optionsOf, transitionOf } from '../common';

export const K = 'contracts:seals';
const f = (k: string) => `${K}.field.${k}`;

export const ENTERPRISE_KINDS = ['trader', 'broker', 'bank', 'fleet', 'shipAgent', 'freightAgent', 'shipper', 'platform', 'other'] as const;
export const SEAL_KINDS = ['companySeal', 'contractSeal', 'financeSeal', 'legalRepSignature'] as const;
export const STATUSES = ['enabled', 'disabled'] as const;
/** Seal images: png only (transparency), at most this many KB. */
export const SEAL_MAX_KB = 500;

const statusOptions = optionsOf(K, 'status', STATUSES);
const tr = transitionOf(K);

export const enterpriseDef = defineResource({
  ...contractsTable('enterprise', ENTERPRISE_TABLE, `${K}.enterprise.title`, MENU.seal, 'name'),
  permissions: crudPermissions('contracts:enterprise'),
  detail: true,
  fields: [
    { name: 'name', labelKey: f('enterpriseName'), type: 'string', filter: 'contains', sortable: true, maxLength: 100, list: { width: 220 }, form: { span: 2, helpKey: `${K}.help.enterpriseName` } },
    { name: 'kind', labelKey: f('kind'), type: 'enum', options: optionsOf(K, 'kind', ENTERPRISE_KINDS), filter: 'eq', list: { width: 110 } },
    { name: 'creditCode', labelKey: f('creditCode'), type: 'string', filter: 'contains', maxLength: 30, list: { width: 180 } },
    { name: 'legalPerson', labelKey: f('legalPerson'), type: 'string', maxLength: 50, list: { width: 100 } },
    { name: 'status', labelKey: f('status'), type: 'enum', options: statusOptions, filter: 'eq', form: false, import: false, list: { width: 90 } },
    { name: 'certSerial', labelKey: f('certSerial'), type: 'string', form: false, import: false, list: { hidden: true, width: 260 } },
    { name: 'certNotAfter', labelKey: f('certNotAfter'), type: 'datetime', form: false, import: false, list: { width: 160 } },
    { name: 'sealCount', column: null, labelKey: f('sealCount'), type: 'integer', form: false, import: false, export: false, list: { width: 80 } },
    { name: 'remark', labelKey: f('remark'), type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
  ],
  unique: [{ fields: ['name'], messageKey: `${K}.msg.nameTaken` }],
  stateMachine: {
    field: 'status',
    states: statusOptions,
    transitions: [tr('disable', ['enabled'], 'disabled', ENTERPRISE_PERMS.disable, { confirmKey: `${K}.confirm.disableEnterprise` }), tr('enable', ['disabled'], 'enabled', ENTERPRISE_PERMS.enable)],
  },
  schema: (t) => {
    const r = rules(t);
    return z.object({
      name: r.text(f('enterpriseName'), 100, 2),
      kind: r.oneOf(f('kind'), ENTERPRISE_KINDS),
      creditCode: r.optionalText(f('creditCode'), 30),
      legalPerson: r.optionalText(f('legalPerson'), 50),
      remark: r.optionalText(f('remark'), 500),
    });
  },
});

export const sealDef = defineResource({
  ...contractsTable('seal', 'ctr_seal', `${K}.seal.title`, MENU.seal, 'name'),
  permissions: crudPermissions('contracts:seal'),
  fields: [
    { name: 'imageFileId', labelKey: f('image'), type: 'image', image: { types: ['png'], maxKb: SEAL_MAX_KB }, list: { width: 90 }, form: { span: 3, helpKey: `${K}.help.image` } },
    { name: 'enterpriseId', labelKey: f('enterprise'), type: 'ref', lookup: 'contracts.enterprises', valueType: 'integer', filter: 'eq', list: { width: 220 }, form: { span: 2 } },
    { name: 'name', labelKey: f('sealName'), type: 'string', filter: 'contains', maxLength: 60, list: { width: 160 } },
    { name: 'kind', labelKey: f('sealKind'), type: 'enum', options: optionsOf(K, 'sealKind', SEAL_KINDS), filter: 'eq', list: { width: 140 } },
    { name: 'status', labelKey: f('status'), type: 'enum', options: statusOptions, filter: 'eq', form: false, import: false, list: { width: 90 } },
    { name: 'createdAt', labelKey: f('createdAt'), type: 'datetime', form: false, import: false, sortable: true, list: { width: 160 } },
  ],
  stateMachine: {
    field: 'status',
    states: statusOptions,
    transitions: [tr('disable', ['enabled'], 'disabled', SEAL_PERMS.disable), tr('enable', ['disabled'], 'enabled', SEAL_PERMS.enable)],
  },
  schema: (t) => {
    const r = rules(t);
    return z.object({
      enterpriseId: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number({ error: t('core:resource.required', { field: t(f('enterprise')) }) }).int().positive()),
      name: r.text(f('sealName'), 60),
      kind: r.oneOf(f('sealKind'), SEAL_KINDS),
      imageFileId: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number({ error: t('core:resource.required', { field: t(f('image')) }) }).int().positive()),
    });
  },
});
