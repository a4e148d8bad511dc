// Transport lines: origin and destination (free text, with the city from the region base data
// where the place is in China — the base data has no yard or place lookup), distance, normal
// transit time, the vehicle types allowed, and the loss tolerance in per mille.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { portOpsTable } from '../common';
import { K, LINE_PERMISSIONS, MENU, crudOf, f } from './common';

export const VEHICLE_TYPES = ['tractor', 'boxTruck', 'flatbed', 'tanker', 'dumpTruck', 'containerTruck'] as const;

const l = (k: string) => f('line', k);

/** A line's under-loading tolerance unless it says otherwise: a truck loading under 90 % of its planned tonnes is flagged. */
export const UNDERLOAD_TOLERANCE_DEFAULT = '10';

export const lineDef = defineResource({
  ...portOpsTable('line', 'ops_line', `${K}.line.title`, MENU.line, 'name'),
  permissions: crudOf(LINE_PERMISSIONS),
  unique: [['name']],
  fields: [
    {
      name: 'name',
      labelKey: l('name'),
      type: 'string',
      maxLength: 100,
      filter: 'contains',
      sortable: true,
      list: { width: 220 },
      form: { span: 2 },
    },
    {
      name: 'origin',
      labelKey: l('origin'),
      type: 'string',
      maxLength: 100,
      filter: 'contains',
      list: { width: 160 },
    },
    {
      name: 'originCity',
      labelKey: l('originCity'),
      type: 'ref',
      lookup: 'system.cities',
      typeahead: true,
      list: { hidden: true },
    },
    {
      name: 'destination',
      labelKey: l('destination'),
      type: 'string',
      maxLength: 100,
      filter: 'contains',
      list: { width: 160 },
    },
    {
      name: 'destinationCity',
      labelKey: l('destinationCity'),
      type: 'ref',
      lookup: 'system.cities',
      typeahead: true,
      list: { hidden: true },
    },
    {
      name: 'distanceKm',
      labelKey: l('distanceKm'),
      type: 'integer',
      sortable: true,
    },
    {
      name: 'transitHours',
      labelKey: l('transitHours'),
      type: 'money',
      scale: 1,
      trimZeros: true,
    },
    {
      name: 'vehicleTypes',
      column: null,
      labelKey: l('vehicleTypes'),
      type: 'refs',
      lookup: 'portops.lineVehicleTypes',
      valueType: 'string',
      form: { span: 3 },
      list: { width: 220 },
    },
    {
      name: 'lossTolerance',
      labelKey: l('lossTolerance'),
      type: 'money',
      scale: 2,
      trimZeros: true,
    },
    // Next to the loss tolerance: how far below its planned tonnes a truck may load before its
    // waybill is flagged as under-loaded (% of the planned tonnes).
    {
      name: 'underloadTolerance',
      labelKey: l('underloadTolerance'),
      type: 'money',
      scale: 2,
      trimZeros: true,
      form: { helpKey: l('underloadToleranceHelp') },
    },
    {
      name: 'remark',
      labelKey: l('remark'),
      type: 'string',
      maxLength: 200,
      list: { hidden: true },
      form: { span: 3 },
    },
  ],
  schema: (t) => {
    const r = rules(t);
    return (
      z
        .object({
          name: r.text(l('name'), 100),
          origin: r.text(l('origin'), 100),
          originCity: r.pattern(l('originCity'), /^\d{6}$/, { optional: true }),
          destination: r.text(l('destination'), 100),
          destinationCity: r.pattern(l('destinationCity'), /^\d{6}$/, {
            optional: true,
          }),
          distanceKm: r.number(l('distanceKm'), {
            int: true,
            min: 1,
            max: 10000,
          }),
          transitHours: r.decimal(l('transitHours'), {
            scale: 1,
            positive: true,
            maxDigits: 6,
          }),
          vehicleTypes: z.preprocess(
            (v) => (Array.isArray(v) ? v : typeof v === 'string' && v ? v.split(',') : []),
            z
              .array(
                z.enum(VEHICLE_TYPES, {
                  error: t('core:resource.invalid', {
                    field: t(l('vehicleTypes')),
                  }),
                }),
              )
              .min(1, t('core:resource.required', { field: t(l('vehicleTypes')) })),
          ),
          lossTolerance: r.decimal(l('lossTolerance'), {
            scale: 2,
            maxDigits: 6,
          }),
          underloadTolerance: r.decimal(l('underloadTolerance'), {
            scale: 2,
            maxDigits: 5,
            optional: true,
          }),
          remark: r.optionalText(l('remark'), 200),
        })
        // Per mille of the loaded weight: at most 1000 ‰.
        .superRefine((v, ctx) => {
          if (Number(v.lossTolerance) > 1000)
            ctx.addIssue({
              code: 'custom',
              path: ['lossTolerance'],
              message: t(`${K}.line.msg.toleranceMax`),
            });
          if (v.underloadTolerance !== null && v.underloadTolerance !== undefined && Number(v.underloadTolerance) > 100)
            ctx.addIssue({
              code: 'custom',
              path: ['underloadTolerance'],
              message: t(`${K}.line.msg.underloadMax`),
            });
        })
    );
  },
});
