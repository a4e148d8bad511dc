// Transport routes between two ports or crossings (/dataBase/systemData/route).
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { codedTable, CODE, options, upper } from './schema';

const L = 'system:baseData.route';
const C = 'system:baseData.common';

export const TRANSPORT_MODES = ['road', 'rail', 'water', 'air', 'multimodal'] as const;

export const transportRouteDef = defineResource({
  ...codedTable('route', 'sys_route', L),
  fields: [
    { name: 'code', labelKey: `${L}.code`, type: 'string', sortable: true, filter: 'contains', maxLength: 30 },
    { name: 'name', labelKey: `${L}.name`, type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'originPort', labelKey: `${L}.originPort`, type: 'ref', lookup: 'system.ports', sortable: true, filter: 'eq' },
    { name: 'destinationPort', labelKey: `${L}.destinationPort`, type: 'ref', lookup: 'system.ports', sortable: true, filter: 'eq' },
    { name: 'distanceKm', labelKey: `${L}.distanceKm`, type: 'number', sortable: true },
    { name: 'transportMode', labelKey: `${L}.transportMode`, type: 'enum', options: options(TRANSPORT_MODES, `${L}.modes`), sortable: true, filter: 'eq' },
    { name: 'transitDays', labelKey: `${L}.transitDays`, type: 'integer', sortable: true },
    { name: 'remarks', labelKey: `${C}.remarks`, type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      code: upper(r.pattern(`${L}.code`, CODE)),
      name: r.text(`${L}.name`, 100),
      originPort: upper(r.text(`${L}.originPort`, 5)),
      destinationPort: upper(r.text(`${L}.destinationPort`, 5)),
      distanceKm: r.number(`${L}.distanceKm`, { min: 0.1, max: 40000 }),
      transportMode: r.oneOf(`${L}.transportMode`, TRANSPORT_MODES),
      transitDays: r.number(`${L}.transitDays`, { int: true, min: 0, max: 365, optional: true }),
      remarks: r.optionalText(`${C}.remarks`, 500),
    });
  },
});
