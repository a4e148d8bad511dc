// Collection (receipt) information of an enterprise (SPEC §3 "Collection info"): the settlement
// account payments are collected into, its contact and SMS notification. SPEC §5: contact
// 1–10, settlement account name 1–100, a valid mobile. Enabled/disabled by transitions
// (SPEC §4: no change when already in that state).
import { z } from 'zod';
import { defineResource, isMobile, isPhone, permissionCodes, rules } from '@core/shared';

const K = 'customs:enterprise.collection';

export const COLLECTION_PERMS = permissionCodes('customs:collectionInfo');

export const COLLECTION_STATUS = { enabled: '0', disabled: '1' } as const;
export const ACCOUNT_STATUSES = ['normal', 'frozen', 'closed'] as const;

const STATUS_OPTIONS = [
  { value: COLLECTION_STATUS.enabled, labelKey: `${K}.statuses.enabled` },
  { value: COLLECTION_STATUS.disabled, labelKey: `${K}.statuses.disabled` },
];

export const collectionInfoDef = defineResource({
  plugin: 'customs',
  name: 'collectionInfo',
  table: 'cus_collection_info',
  titleKey: `${K}.title`,
  menu: 'enterpriseCenter.collectionInfo',
  labelField: 'settlementAccountName',
  permissions: { list: COLLECTION_PERMS.list, create: COLLECTION_PERMS.add, update: COLLECTION_PERMS.edit, delete: COLLECTION_PERMS.remove },
  fields: [
    { name: 'companyName', column: null, labelKey: `${K}.company`, type: 'string', form: false, list: { width: 200 } },
    { name: 'settlementAccount', labelKey: `${K}.settlementAccount`, type: 'string', filter: 'contains', maxLength: 40 },
    { name: 'settlementAccountName', labelKey: `${K}.settlementAccountName`, type: 'string', filter: 'contains', maxLength: 100 },
    { name: 'accountStatus', labelKey: `${K}.accountStatus`, type: 'enum', options: ACCOUNT_STATUSES.map((v) => ({ value: v, labelKey: `${K}.accountStatuses.${v}` })) },
    { name: 'status', labelKey: `${K}.status`, type: 'enum', options: STATUS_OPTIONS, filter: 'eq', form: false },
    { name: 'contactName', labelKey: `${K}.contactName`, type: 'string', maxLength: 10 },
    { name: 'contactPhone', labelKey: `${K}.contactPhone`, type: 'string', maxLength: 30 },
    { name: 'mobile', labelKey: `${K}.mobile`, type: 'string', maxLength: 20 },
    { name: 'address', labelKey: `${K}.address`, type: 'string', maxLength: 200, form: { span: 3 }, list: { hidden: true } },
    { name: 'smsNotify', labelKey: `${K}.smsNotify`, type: 'boolean' },
    { name: 'smsPhone', labelKey: `${K}.smsPhone`, type: 'string', maxLength: 20 },
    { name: 'updatedAt', column: 'updated_at', labelKey: 'core:resource.updatedAt', type: 'datetime', sortable: true, form: false, list: { hidden: true } },
  ],
  schema: (t) => {
    const r = rules(t);
    const invalid = (key: string) => t('core:resource.invalid', { field: t(key) });
    return z
      .object({
        settlementAccount: r.pattern(`${K}.settlementAccount`, /^[0-9A-Za-z][0-9A-Za-z -]{4,38}[0-9A-Za-z]$/),
        settlementAccountName: r.text(`${K}.settlementAccountName`, 100),
        accountStatus: r.oneOf(`${K}.accountStatus`, ACCOUNT_STATUSES),
        contactName: r.text(`${K}.contactName`, 10),
        contactPhone: r.text(`${K}.contactPhone`, 30).refine(isPhone, invalid(`${K}.contactPhone`)),
        mobile: r.text(`${K}.mobile`, 20).refine(isMobile, invalid(`${K}.mobile`)),
        address: r.optionalText(`${K}.address`, 200),
        smsNotify: r.boolean(),
        smsPhone: r.optionalText(`${K}.smsPhone`, 20),
      })
      .superRefine((v, ctx) => {
        if (!v.smsNotify) return;
        if (!v.smsPhone) ctx.addIssue({ code: 'custom', path: ['smsPhone'], message: t('core:resource.required', { field: t(`${K}.smsPhone`) }) });
        else if (!isMobile(v.smsPhone)) ctx.addIssue({ code: 'custom', path: ['smsPhone'], message: invalid(`${K}.smsPhone`) });
      });
  },
  stateMachine: {
    field: 'status',
    states: STATUS_OPTIONS,
    transitions: [
      { name: 'enable', labelKey: `${K}.action.enable`, from: [COLLECTION_STATUS.disabled], to: COLLECTION_STATUS.enabled, permission: COLLECTION_PERMS.edit, refusedKey: `${K}.statusSame` },
      { name: 'disable', labelKey: `${K}.action.disable`, from: [COLLECTION_STATUS.enabled], to: COLLECTION_STATUS.disabled, permission: COLLECTION_PERMS.edit, refusedKey: `${K}.statusSame` },
    ],
  },
});
