// Entrustments (委托): a trader enterprise names the customs broker that declares for it,
// for a period, until revoked. Both enterprises must be approved.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';

const K = 'customs:enterprise.entrustment';

export const ENTRUSTMENT_PERMS = {
  list: 'customs:entrustment:list',
  add: 'customs:entrustment:add',
  edit: 'customs:entrustment:edit',
  revoke: 'customs:entrustment:revoke',
} as const;

export const ENTRUSTMENT_STATUS = { active: 'active', revoked: 'revoked' } as const;

const STATUS_OPTIONS = Object.values(ENTRUSTMENT_STATUS).map((value) => ({ value, labelKey: `${K}.statuses.${value}` }));

export const entrustmentDef = defineResource({
  plugin: 'customs',
  name: 'entrustment',
  table: 'cus_entrustment',
  titleKey: `${K}.title`,
  menu: 'enterpriseCenter.entrustment',
  labelField: 'brokerName',
  permissions: { list: ENTRUSTMENT_PERMS.list, create: ENTRUSTMENT_PERMS.add, update: ENTRUSTMENT_PERMS.edit },
  fields: [
    { name: 'traderName', column: null, labelKey: `${K}.trader`, type: 'string', form: false, list: { width: 200 } },
    { name: 'brokerName', column: null, labelKey: `${K}.broker`, type: 'string', form: false, list: { width: 200 } },
    { name: 'traderEnterpriseId', valueType: 'integer', labelKey: `${K}.trader`, type: 'ref', lookup: 'customs.enterprises', filter: 'eq', form: false, list: false },
    { name: 'brokerEnterpriseId', labelKey: `${K}.broker`, type: 'ref', lookup: 'customs.brokers', filter: 'eq', list: false, form: { span: 2, readOnlyOnEdit: true } },
    { name: 'validFrom', labelKey: `${K}.validFrom`, type: 'date', sortable: true },
    { name: 'validTo', labelKey: `${K}.validTo`, type: 'date', sortable: true },
    { name: 'status', labelKey: `${K}.status`, type: 'enum', options: STATUS_OPTIONS, filter: 'eq', form: false },
    { name: 'remark', labelKey: `${K}.remark`, type: 'text', maxLength: 500, form: { span: 3 } },
    { name: 'updatedAt', column: 'updated_at', labelKey: 'core:resource.updatedAt', type: 'datetime', sortable: true, form: false, list: { hidden: true } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        brokerEnterpriseId: z.preprocess(
          (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
          z.number({ error: t(`${K}.selectBroker`) }).int(t(`${K}.selectBroker`)).positive(t(`${K}.selectBroker`)),
        ),
        validFrom: r.date(`${K}.validFrom`),
        validTo: r.date(`${K}.validTo`),
        remark: r.optionalText(`${K}.remark`, 500),
      })
      .superRefine((v, ctx) => {
        if (v.validFrom && v.validTo && v.validTo < v.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: t(`${K}.toBeforeFrom`) });
      });
  },
  stateMachine: {
    field: 'status',
    states: STATUS_OPTIONS,
    editableIn: [ENTRUSTMENT_STATUS.active],
    editRefusedKey: `${K}.revokedNoEdit`,
    transitions: [
      { name: 'revoke', labelKey: `${K}.action.revoke`, from: [ENTRUSTMENT_STATUS.active], to: ENTRUSTMENT_STATUS.revoked, permission: ENTRUSTMENT_PERMS.revoke, refusedKey: `customs:enterprise.stateRefused` },
    ],
  },
});
