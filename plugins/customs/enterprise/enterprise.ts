// The enterprise of a login account (SPEC §3 "Enterprise"): identity, registered address,
// people, bank accounts (China and Myanmar) and qualification files, reviewed by the platform
// (SPEC §4 "Enterprise audit": not submitted → submitted → approved / failed; saving resets
// to not submitted). Validation of SPEC §5 "Enterprise". Isomorphic: the form checks with
// the same schema the server enforces.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ID_TYPES, defineDocument, defineResource, isCreditCode, isEmail, isIdNumber, isPhone, rules, type EnumOption, type FieldDef, type IdType, type Transition } from '@core/shared';

const K = 'customs:enterprise';

export const ENTERPRISE_AUDIT = { notSubmitted: '0', submitted: '1', failed: '2', approved: '3' } as const;

export const ENTERPRISE_PERMS = {
  list: 'customs:enterprise:list',
  add: 'customs:enterprise:add',
  edit: 'customs:enterprise:edit',
  submit: 'customs:enterprise:submit',
  audit: 'customs:enterprise:audit',
} as const;

/** Account types that do customs business (SPEC §1): trader and customs broker. */
export const ACCOUNT_TRADER = 4;
export const ACCOUNT_BROKER = 5;

/** The national economy's 19 sections, A–S (GB/T 4754, SPEC §9 "Industries"). */
export const INDUSTRIES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S'] as const;
export const NATURES = ['stateOwned', 'collective', 'private', 'jointStock', 'jointVenture', 'foreignOwned'] as const;
export const EMPLOYEE_COUNTS = ['upTo50', 'upTo100', 'upTo500', 'upTo1000', 'over1000'] as const;
export const BANK_COUNTRIES = ['CN', 'MM'] as const;
export const FILE_TYPES = ['licence', 'customsCert', 'legalId', 'bankPermit', 'other'] as const;
/** SPEC §5/§9: qualification files may only be these (xlsx deliberately not). */
export const ENTERPRISE_UPLOAD_TYPES = ['pdf', 'doc', 'docx', 'jpg', 'png', 'xls', 'csv'] as const;

const options = (group: string, values: readonly string[]): EnumOption[] => values.map((value) => ({ value, labelKey: `${K}.${group}.${value}` }));

export const AUDIT_OPTIONS = options('audit', Object.values(ENTERPRISE_AUDIT));
export const ACCOUNT_TYPE_OPTIONS: EnumOption[] = ['1', '2', '3', '4', '5', '6'].map((value) => ({ value, labelKey: `core:accountType.${value}` }));

const hidden = { hidden: true } as const;
const wide = { span: 3 } as const;

const fields: FieldDef[] = [
  { name: 'loginAccount', column: 'sys_user.username', labelKey: `${K}.loginAccount`, type: 'string', sortable: true, form: false },
  { name: 'name', labelKey: `${K}.name`, type: 'string', sortable: true, filter: 'contains', maxLength: 100, list: { width: 220 } },
  { name: 'accountType', labelKey: `${K}.accountType`, type: 'enum', options: ACCOUNT_TYPE_OPTIONS, filter: 'eq', form: false },
  { name: 'creditCode', labelKey: `${K}.creditCode`, type: 'string', filter: 'contains', maxLength: 18, list: { width: 190 } },
  { name: 'industry', labelKey: `${K}.industry`, type: 'enum', options: options('industries', INDUSTRIES), list: hidden },
  { name: 'nature', labelKey: `${K}.nature`, type: 'enum', options: options('natures', NATURES), list: hidden },
  { name: 'registeredCapital', labelKey: `${K}.registeredCapital`, type: 'number', list: hidden },
  { name: 'employeeCount', labelKey: `${K}.employeeCount`, type: 'enum', options: options('employees', EMPLOYEE_COUNTS), list: hidden },
  { name: 'businessScope', labelKey: `${K}.businessScope`, type: 'text', maxLength: 1000, list: false, form: wide },
  { name: 'phone', labelKey: `${K}.phone`, type: 'string', maxLength: 30, list: hidden },
  { name: 'fax', labelKey: `${K}.fax`, type: 'string', maxLength: 30, list: false },
  { name: 'website', labelKey: `${K}.website`, type: 'string', maxLength: 200, list: false },
  { name: 'countryCode', labelKey: `${K}.country`, type: 'ref', lookup: 'system.countries', typeahead: true, list: hidden },
  // The region table holds China's regions: its provinces are offered for CN, nothing for other countries.
  { name: 'provinceCode', labelKey: `${K}.province`, type: 'ref', lookup: 'system.provinces', typeahead: true, lookupParent: 'countryCode', lookupRoot: 'CN', list: hidden },
  { name: 'cityCode', labelKey: `${K}.city`, type: 'ref', lookup: 'system.cities', typeahead: true, lookupParent: 'provinceCode', list: hidden },
  { name: 'districtCode', labelKey: `${K}.district`, type: 'ref', lookup: 'system.counties', typeahead: true, lookupParent: 'cityCode', list: hidden },
  { name: 'addressDetail', labelKey: `${K}.addressDetail`, type: 'string', maxLength: 200, list: hidden, form: wide },
  { name: 'orgCode', labelKey: `${K}.orgCode`, type: 'string', maxLength: 10, list: hidden },
  { name: 'customsCode', labelKey: `${K}.customsCode`, type: 'string', maxLength: 10, list: hidden },
  { name: 'customsArea', labelKey: `${K}.customsArea`, type: 'ref', lookup: 'customs.customsPorts', typeahead: true, list: hidden },
  { name: 'inspectionCode', labelKey: `${K}.inspectionCode`, type: 'string', maxLength: 10, list: hidden },
  { name: 'legalName', labelKey: `${K}.legalName`, type: 'string', maxLength: 10 },
  { name: 'legalPhone', labelKey: `${K}.legalPhone`, type: 'string', maxLength: 20, list: hidden },
  { name: 'legalIdType', labelKey: `${K}.legalIdType`, type: 'enum', options: options('idTypes', ID_TYPES), list: false },
  { name: 'legalIdNo', labelKey: `${K}.legalIdNo`, type: 'string', maxLength: 30, list: false },
  { name: 'handlerName', labelKey: `${K}.handlerName`, type: 'string', maxLength: 20 },
  { name: 'handlerPhone', labelKey: `${K}.handlerPhone`, type: 'string', maxLength: 20 },
  { name: 'handlerEmail', labelKey: `${K}.handlerEmail`, type: 'string', maxLength: 100, list: hidden },
  { name: 'handlerIdType', labelKey: `${K}.handlerIdType`, type: 'enum', options: options('idTypes', ID_TYPES), list: false },
  { name: 'handlerIdNo', labelKey: `${K}.handlerIdNo`, type: 'string', maxLength: 30, list: false },
  { name: 'auditStatus', labelKey: `${K}.auditStatus`, type: 'enum', options: AUDIT_OPTIONS, filter: 'eq', sortable: true, form: false, list: { width: 140 } },
  { name: 'auditOpinion', labelKey: `${K}.auditOpinion`, type: 'text', form: false },
  { name: 'auditTime', labelKey: `${K}.auditTime`, type: 'datetime', sortable: true, form: false },
  { name: 'auditBy', labelKey: `${K}.auditBy`, type: 'string', form: false, list: hidden },
  { name: 'banks', column: null, records: true, labelKey: `${K}.banks`, type: 'string', form: false, list: false, export: false },
  { name: 'files', column: null, records: true, labelKey: `${K}.files`, type: 'string', form: false, list: false, export: false },
  { name: 'updatedAt', column: 'cus_enterprise.updated_at', labelKey: 'core:resource.updatedAt', type: 'datetime', sortable: true, form: false, list: hidden },
];

/** Blank or absent → []: the form always sends arrays, an API caller may not. */
const arrayOrEmpty = (v: unknown) => (Array.isArray(v) ? v : []);

function bankSchema(t: TFunction) {
  const r = rules(t);
  return z.object({
    bankCountry: r.oneOf(`${K}.bank.country`, BANK_COUNTRIES),
    bankName: r.text(`${K}.bank.bankName`, 100),
    accountName: r.text(`${K}.bank.accountName`, 100),
    accountNo: r.pattern(`${K}.bank.accountNo`, /^[0-9A-Za-z][0-9A-Za-z -]{4,38}[0-9A-Za-z]$/),
    swift: r.pattern(`${K}.bank.swift`, /^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, { optional: true }),
  });
}

function fileSchema(t: TFunction) {
  const r = rules(t);
  const upload = t(`${K}.file.uploadRequired`);
  return z.object({
    name: r.text(`${K}.file.name`, 100),
    fileType: r.oneOf(`${K}.file.type`, FILE_TYPES),
    fileId: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number({ error: upload }).int(upload).positive(upload)),
  });
}

export function enterpriseSchema(t: TFunction) {
  const r = rules(t);
  const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
  const invalid = (key: string) => t('core:resource.invalid', { field: t(key) });
  const phone = (key: string) => r.text(key, 20).refine(isPhone, invalid(key));
  const optionalPhone = (key: string) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), r.text(key, 30).refine(isPhone, invalid(key)).nullable().optional());
  const digits10 = (key: string) => r.pattern(key, /^\d{10}$/, { optional: true, messageKey: `${K}.tenDigits` });
  return z
    .object({
      name: r.text(`${K}.name`, 100, 3),
      industry: r.oneOf(`${K}.industry`, INDUSTRIES),
      nature: r.oneOf(`${K}.nature`, NATURES),
      registeredCapital: r.number(`${K}.registeredCapital`, { min: 0, max: 1e12 }),
      employeeCount: r.oneOf(`${K}.employeeCount`, EMPLOYEE_COUNTS),
      businessScope: r.optionalText(`${K}.businessScope`, 1000),
      phone: optionalPhone(`${K}.phone`),
      fax: optionalPhone(`${K}.fax`),
      website: r.pattern(`${K}.website`, /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(:\d+)?(\/\S*)?$/i, { optional: true }),
      countryCode: r.pattern(`${K}.country`, /^[A-Z]{2}$/),
      provinceCode: r.pattern(`${K}.province`, /^\d{6}$/, { optional: true }),
      cityCode: r.pattern(`${K}.city`, /^\d{6}$/, { optional: true }),
      districtCode: r.pattern(`${K}.district`, /^\d{6}$/, { optional: true }),
      addressDetail: r.text(`${K}.addressDetail`, 200),
      creditCode: z.preprocess(
        upper,
        z
          .string({ error: t('core:resource.required', { field: t(`${K}.creditCode`) }) })
          .min(1, t('core:resource.required', { field: t(`${K}.creditCode`) }))
          .refine(isCreditCode, t(`${K}.creditCodeInvalid`)),
      ),
      orgCode: z.preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? null : upper(v)),
        z
          .string()
          .regex(/^[0-9A-Z]{8}-?[0-9X]$/, t('core:resource.invalid', { field: t(`${K}.orgCode`) }))
          .nullable()
          .optional(),
      ),
      customsCode: digits10(`${K}.customsCode`),
      customsArea: r.pattern(`${K}.customsArea`, /^\d{4}$/, { optional: true }),
      inspectionCode: digits10(`${K}.inspectionCode`),
      legalName: r.text(`${K}.legalName`, 10, 2),
      legalPhone: phone(`${K}.legalPhone`),
      legalIdType: r.oneOf(`${K}.legalIdType`, ID_TYPES),
      legalIdNo: r.text(`${K}.legalIdNo`, 30),
      handlerName: r.text(`${K}.handlerName`, 20),
      handlerPhone: phone(`${K}.handlerPhone`),
      handlerEmail: r.text(`${K}.handlerEmail`, 100).refine(isEmail, invalid(`${K}.handlerEmail`)),
      handlerIdType: r.oneOf(`${K}.handlerIdType`, ID_TYPES),
      handlerIdNo: r.text(`${K}.handlerIdNo`, 30),
      banks: z.preprocess(
        arrayOrEmpty,
        z
          .array(bankSchema(t))
          .min(1, t(`${K}.bankRequired`))
          .max(10, t(`${K}.bankTooMany`)),
      ),
      files: z.preprocess(arrayOrEmpty, z.array(fileSchema(t)).max(20, t(`${K}.fileTooMany`))),
    })
    .superRefine((v, ctx) => {
      const bad = (path: string, key: string) => ctx.addIssue({ code: 'custom', path: [path], message: t(key) });
      if (v.legalIdType && v.legalIdNo && !isIdNumber(v.legalIdType as IdType, v.legalIdNo)) bad('legalIdNo', `${K}.idInvalid.${v.legalIdType}`);
      if (v.handlerIdType && v.handlerIdNo && !isIdNumber(v.handlerIdType as IdType, v.handlerIdNo)) bad('handlerIdNo', `${K}.idInvalid.${v.handlerIdType}`);
    });
}

/** A step of the audit: labelled action.<name>, refused outside `from` with the state message. */
const auditStep = (name: string, from: string[], to: string, permission: string, more: Partial<Transition>): Transition =>
  ({ name, labelKey: `${K}.action.${name}`, from, to, permission, refusedKey: `${K}.stateRefused`, ...more });

export const enterpriseDef = defineResource({
  plugin: 'customs',
  name: 'enterprise',
  table: 'cus_enterprise',
  titleKey: `${K}.title`,
  menu: 'enterpriseCenter.enterpriseManage',
  labelField: 'name',
  versioned: true,
  defaultSort: { field: 'updatedAt', dir: 'desc' },
  // Export needs only the list permission: the read scope (enterprise.server.ts restrict) already
  // gives reviewers every enterprise and an owner (trader, broker) only their own record.
  permissions: { list: ENTERPRISE_PERMS.list, create: ENTERPRISE_PERMS.add, update: ENTERPRISE_PERMS.edit, export: ENTERPRISE_PERMS.list },
  uploads: { types: ENTERPRISE_UPLOAD_TYPES, maxMb: 20 },
  // The review list: a record's drawer (its review history), tabs by review state.
  detail: true,
  stateTabs: true,
  fields,
  schema: (t) => enterpriseSchema(t),
  stateMachine: {
    field: 'auditStatus',
    states: AUDIT_OPTIONS,
    editableIn: [ENTERPRISE_AUDIT.notSubmitted, ENTERPRISE_AUDIT.failed, ENTERPRISE_AUDIT.approved],
    editRefusedKey: `${K}.submittedNoEdit`,
    transitions: [
      auditStep('submit', [ENTERPRISE_AUDIT.notSubmitted, ENTERPRISE_AUDIT.failed], ENTERPRISE_AUDIT.submitted, ENTERPRISE_PERMS.submit, { confirmKey: `${K}.confirmSubmit` }),
      auditStep('approve', [ENTERPRISE_AUDIT.submitted], ENTERPRISE_AUDIT.approved, ENTERPRISE_PERMS.audit, { confirmKey: `${K}.confirmApprove` }),
      auditStep('fail', [ENTERPRISE_AUDIT.submitted], ENTERPRISE_AUDIT.failed, ENTERPRISE_PERMS.audit, {
        note: { field: 'auditOpinion', column: 'audit_opinion', labelKey: `${K}.failReason`, required: true, maxLength: 500 },
      }),
    ],
  },
});

/**
 * The enterprise with its bank accounts (kept in input order) and qualification files (numbered
 * by seq), read and saved by the document kit in the enterprise's write transaction. The
 * account section (who registers it, the review's state and opinion) and a file's upload are
 * drawn by ui/EnterpriseForm.tsx.
 */
export const enterpriseDocument = defineDocument({
  resource: enterpriseDef,
  testId: 'enterprise-form',
  fieldTestId: 'ent',
  maxWidth: 'md',
  defaults: () => ({ countryCode: 'CN', legalIdType: 'prcId', handlerIdType: 'prcId' }),
  sections: [
    { titleKey: `${K}.ui.sectionAccount`, custom: 'account' },
    {
      titleKey: `${K}.ui.sectionIdentity`,
      fields: ['name', 'creditCode', 'industry', 'nature', 'registeredCapital', 'employeeCount', 'orgCode', 'customsCode', 'customsArea', 'inspectionCode', 'phone', 'fax', 'website', 'businessScope'],
    },
    { titleKey: `${K}.ui.sectionAddress`, fields: ['countryCode', 'provinceCode', 'cityCode', 'districtCode', 'addressDetail'] },
    { titleKey: `${K}.ui.sectionPeople`, fields: ['legalName', 'legalPhone', 'legalIdType', 'legalIdNo', 'handlerName', 'handlerPhone', 'handlerEmail', 'handlerIdType', 'handlerIdNo'] },
    { lines: ['banks'] },
    { lines: ['files'] },
  ],
  lines: [
    {
      name: 'banks',
      labelKey: `${K}.banks`,
      table: 'cus_enterprise_bank',
      foreignKey: 'enterprise_id',
      testId: 'bank',
      addKey: `${K}.ui.addBank`,
      initial: 1,
      max: 10,
      blank: () => ({ bankCountry: 'CN' }),
      fields: [
        { name: 'bankCountry', labelKey: `${K}.bank.country`, type: 'enum', options: BANK_COUNTRIES.map((c) => ({ value: c, labelKey: `${K}.bank.countries.${c}` })) },
        { name: 'bankName', labelKey: `${K}.bank.bankName`, type: 'string', maxLength: 100 },
        { name: 'accountName', labelKey: `${K}.bank.accountName`, type: 'string', maxLength: 100 },
        { name: 'accountNo', labelKey: `${K}.bank.accountNo`, type: 'string', maxLength: 50 },
        { name: 'swift', labelKey: `${K}.bank.swift`, type: 'string', maxLength: 11 },
      ],
      values: (b) => ({ swift: b.swift ? String(b.swift).toUpperCase() : null }),
    },
    {
      name: 'files',
      labelKey: `${K}.files`,
      table: 'cus_enterprise_file',
      foreignKey: 'enterprise_id',
      position: 'seq',
      testId: 'file',
      addKey: `${K}.ui.addFile`,
      hintKey: () => `${K}.ui.fileTypesHint`,
      max: 20,
      blank: () => ({ fileType: 'licence' }),
      fields: [
        { name: 'seq', labelKey: `${K}.file.seq`, type: 'integer', form: false },
        { name: 'name', labelKey: `${K}.file.name`, type: 'string', maxLength: 100 },
        { name: 'fileType', labelKey: `${K}.file.type`, type: 'enum', options: FILE_TYPES.map((f) => ({ value: f, labelKey: `${K}.file.types.${f}` })) },
        { name: 'fileId', labelKey: `${K}.file.file`, type: 'integer' },
      ],
    },
  ],
});
