// The blacklist: a customer, fleet, vehicle or driver barred for a period (open-ended when it
// has no end), with the reason; who put it there and when is listed. Ending an entry early is
// the `lift` transition with its reason. The party is picked through the lookup of its type.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { portOpsTable } from '../common';
import { BLACKLIST_PERMISSIONS, K, MENU, crudOf, f } from './common';

export const PARTY_TYPES = ['customer', 'fleet', 'vehicle', 'driver'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];
export const BLACKLIST_STATES = ['active', 'lifted'] as const;

const b = (k: string) => f('blacklist', k);
const states = BLACKLIST_STATES.map((s) => ({
  value: s,
  labelKey: `${K}.blacklist.state.${s}`,
}));
export const partyTypeOptions = PARTY_TYPES.map((p) => ({
  value: p,
  labelKey: `${K}.party.${p}`,
}));

export const blacklistDef = defineResource({
  ...portOpsTable('blacklist', 'ops_blacklist', `${K}.blacklist.title`, MENU.blacklist, 'partyName'),
  permissions: crudOf(BLACKLIST_PERMISSIONS),
  detail: true,
  fields: [
    {
      name: 'partyType',
      labelKey: b('partyType'),
      type: 'enum',
      filter: 'eq',
      options: partyTypeOptions,
      form: { readOnlyOnEdit: true },
    },
    // Picked among the parties of the chosen type (portops.blacklistParties gathers the lookups of each type).
    {
      name: 'partyId',
      labelKey: b('party'),
      type: 'ref',
      lookup: 'portops.blacklistParties',
      lookupParent: 'partyType',
      valueType: 'integer',
      list: false,
      export: false,
      form: { readOnlyOnEdit: true },
    },
    {
      name: 'partyName',
      labelKey: b('party'),
      type: 'string',
      filter: 'contains',
      form: false,
      import: false,
      list: { width: 220 },
    },
    {
      name: 'reason',
      labelKey: b('reason'),
      type: 'text',
      maxLength: 500,
      filter: 'contains',
      form: { span: 3 },
      list: { width: 240 },
    },
    {
      name: 'validFrom',
      labelKey: b('validFrom'),
      type: 'date',
      sortable: true,
      filter: 'range',
    },
    { name: 'validTo', labelKey: b('validTo'), type: 'date', sortable: true },
    {
      name: 'status',
      labelKey: b('status'),
      type: 'enum',
      filter: 'eq',
      form: false,
      import: false,
      options: states,
    },
    {
      name: 'liftReason',
      labelKey: b('liftReason'),
      type: 'string',
      form: false,
      import: false,
      list: { hidden: true },
    },
    {
      name: 'createdByName',
      column: null,
      labelKey: b('createdBy'),
      type: 'string',
      form: false,
      import: false,
      export: true,
    },
    {
      name: 'createdAt',
      labelKey: b('createdAt'),
      type: 'datetime',
      sortable: true,
    },
  ],
  stateMachine: {
    field: 'status',
    states,
    transitions: [
      {
        name: 'lift',
        labelKey: `${K}.blacklist.action.lift`,
        from: ['active'],
        to: 'lifted',
        permission: BLACKLIST_PERMISSIONS.lift,
        refusedKey: `${K}.blacklist.msg.notActive`,
        confirmKey: `${K}.blacklist.msg.liftConfirm`,
        note: {
          field: 'liftReason',
          column: 'lift_reason',
          labelKey: b('liftReason'),
          required: true,
          maxLength: 500,
        },
      },
    ],
    editableIn: ['active'],
    deletableIn: [],
    editRefusedKey: `${K}.blacklist.msg.notActive`,
    deleteRefusedKey: `${K}.blacklist.msg.noDelete`,
  },
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        partyType: r.oneOf(b('partyType'), PARTY_TYPES),
        partyId: r.number(b('party'), { int: true, min: 1 }),
        reason: r.text(b('reason'), 500),
        validFrom: r.date(b('validFrom')),
        validTo: r.date(b('validTo'), { optional: true }),
      })
      .superRefine((v, ctx) => {
        if (v.validTo && v.validFrom && v.validTo < v.validFrom)
          ctx.addIssue({
            code: 'custom',
            path: ['validTo'],
            message: t(`${K}.msg.toBeforeFrom`),
          });
      });
  },
});
