// Weighbridge records (SPEC §2 /cargoManagement/weightRecords): a truck weighed loaded (gross)
// and empty (tare), its plate (Chinese or Myanmar, checked as the fleet area checks it), the net
// the server computes, when and by whom, and the yard plan and/or waybill it belongs to. Both
// readings are required and the net must be above zero. Dispatch records its waybills'
// weighings through recordWeight (weight.server.ts).
import Decimal from 'decimal.js';
import { z } from 'zod';
import { crudPermissions, defineDocument, defineResource, rules } from '@core/shared';
import { portOpsTable } from '../common';
import { plateRule } from '../fleet/plates';
import { K, MENU, f } from './plan';

export const WEIGHT_PERMISSIONS = { list: 'portops:weight:list', add: 'portops:weight:add', edit: 'portops:weight:edit', remove: 'portops:weight:remove' } as const;

/** Into the port (loaded on arrival) or out of it. */
export const WEIGH_DIRECTIONS = ['in', 'out'] as const;
/** Weighbridge readings in tonnes, to the kilogram (as the waybills' weighings: dispatch records them here). */
export const WEIGHT_SCALE = 3;
/** decimal(10,3): up to 9 999 999.999 t. */
const WEIGHT_DIGITS = 10;

const tonnes = (name: string, extra: object = {}) => ({ name, labelKey: f(name), type: 'money' as const, scale: WEIGHT_SCALE, list: { width: 100 }, form: { span: 1 as const }, ...extra });

export const weightDef = defineResource({
  ...portOpsTable('weightRecord', 'ops_weight_record', `${K}.title.weight`, MENU.weight, 'plateNo'),
  permissions: crudPermissions('portops:weight'),
  defaultSort: { field: 'weighedAt', dir: 'desc' },
  detail: true,
  fields: [
    { name: 'plateNo', labelKey: f('plateNo'), type: 'string', maxLength: 20, filter: 'contains', sortable: true, list: { width: 130 }, form: { span: 1, helpKey: `${K}.hint.plateNo` } },
    { name: 'plateCountry', labelKey: f('plateCountry'), type: 'enum', filter: 'eq', form: false, import: false, options: ['CN', 'MM'].map((c) => ({ value: c, labelKey: `${K}.plateCountry.${c}` })), list: { width: 80 } },
    { name: 'direction', labelKey: f('weighDirection'), type: 'enum', filter: 'eq', options: WEIGH_DIRECTIONS.map((d) => ({ value: d, labelKey: `${K}.weighDirection.${d}` })), list: { width: 80 }, form: { span: 1 } },
    tonnes('gross'),
    tonnes('tare'),
    tonnes('net', { form: false, import: false, summary: 'sum', sortable: true }),
    { name: 'weighedAt', labelKey: f('weighedAt'), type: 'datetime', sortable: true, filter: 'range', list: { width: 160 }, form: { helpKey: `${K}.hint.weighedAt` } },
    { name: 'operatorName', labelKey: f('operator'), type: 'string', maxLength: 50, list: { width: 100 }, form: { span: 1, helpKey: `${K}.hint.operator` } },
    { name: 'planId', labelKey: f('plan'), type: 'ref', lookup: 'portops.yardPlans', search: true, valueType: 'integer', filter: 'eq', list: { width: 220 }, form: { span: 2 } },
    { name: 'customerId', labelKey: f('customer'), type: 'ref', lookup: 'portops.customers', valueType: 'integer', filter: 'eq', list: { width: 180 }, form: { span: 1, helpKey: `${K}.hint.customer` } },
    // Shown as the waybill's number, linked to it (weight.server.ts decorates the row with waybillNo).
    { name: 'waybillId', labelKey: f('waybill'), type: 'integer', filter: 'eq', form: false, import: false, list: { width: 170 } },
    { name: 'remark', labelKey: f('remark'), type: 'text', maxLength: 200, list: { hidden: true }, form: { span: 3 } },
  ],
  schema: (t) => {
    const r = rules(t);
    const id = r.optionalId();
    return z
      .object({
      plateNo: plateRule(t, f('plateNo'), t(`${K}.msg.plateInvalid`)),
      direction: r.oneOf(f('weighDirection'), WEIGH_DIRECTIONS),
      gross: r.decimal(f('gross'), { scale: WEIGHT_SCALE, positive: true, maxDigits: WEIGHT_DIGITS }),
      tare: r.decimal(f('tare'), { scale: WEIGHT_SCALE, positive: true, maxDigits: WEIGHT_DIGITS }),
      weighedAt: r.datetime(f('weighedAt'), { optional: true }),
      operatorName: r.optionalText(f('operator'), 50),
      planId: id,
      customerId: id,
      waybillId: id,
      remark: r.optionalText(f('remark'), 200),
    })
      .superRefine((v, ctx) => {
        // Both readings given: the truck must weigh more loaded than empty.
        if (v.gross && v.tare && !new Decimal(v.gross).gt(new Decimal(v.tare))) {
          ctx.addIssue({ code: 'custom', path: ['tare'], message: t(`${K}.msg.netNotPositive`, { gross: v.gross, tare: v.tare, net: netOf(v.gross, v.tare) }) });
        }
      });
  },
});

/** Net = gross − tare, exact, in the readings' scale. */
export const netOf = (gross: string, tare: string) => new Decimal(gross).minus(new Decimal(tare)).toFixed(WEIGHT_SCALE);

/** The weighing form: the truck and its readings, the moment weighed (blank: now), then what it belongs to. */
export const weightDocument = defineDocument({
  resource: weightDef,
  testId: 'weight-form',
  sections: [{ fields: ['plateNo', 'direction', 'gross', 'tare', 'operatorName'] }, { fields: ['weighedAt'] }, { fields: ['planId', 'customerId', 'remark'] }],
  defaults: () => ({ direction: 'in' }),
  lines: [],
  maxWidth: 'md',
});
