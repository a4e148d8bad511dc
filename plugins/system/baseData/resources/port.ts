// Ports and border crossings (UN/LOCODE), with the yards and berths that belong to them.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { codedTable, CODE, options, upper } from './schema';

const C = 'system:baseData.common';
const P = 'system:baseData.port';
const Y = 'system:baseData.yard';
const B = 'system:baseData.berth';

export const PORT_TYPES = ['land', 'sea', 'river', 'rail', 'air', 'inland'] as const;
/** Only these ports have berths. */
export const WATERSIDE_PORT_TYPES: readonly string[] = ['sea', 'river'];
export const YARD_TYPES = ['open', 'covered', 'container', 'bonded', 'cold'] as const;

export const portDef = defineResource({
  ...codedTable('portData', 'sys_port', P, 'nameZh'),
  fields: [
    { name: 'code', labelKey: `${P}.code`, type: 'string', sortable: true, filter: 'contains', maxLength: 5 },
    { name: 'nameZh', labelKey: `${C}.nameZh`, type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'nameEn', labelKey: `${C}.nameEn`, type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'nameMy', labelKey: `${C}.nameMy`, type: 'string', maxLength: 100 },
    { name: 'countryCode', labelKey: `${P}.countryCode`, type: 'ref', lookup: 'system.countries', sortable: true, filter: 'eq' },
    { name: 'portType', labelKey: `${P}.portType`, type: 'enum', options: options(PORT_TYPES, `${P}.types`), sortable: true, filter: 'eq' },
    { name: 'remarks', labelKey: `${C}.remarks`, type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      // UN/LOCODE: country code + three letters or digits 2-9.
      code: upper(r.pattern(`${P}.code`, /^[A-Z]{2}[A-Z2-9]{3}$/)),
      nameZh: r.text(`${C}.nameZh`, 100),
      nameEn: r.text(`${C}.nameEn`, 100),
      nameMy: r.optionalText(`${C}.nameMy`, 100),
      countryCode: upper(r.pattern(`${P}.countryCode`, /^[A-Z]{2}$/)),
      portType: r.oneOf(`${P}.portType`, PORT_TYPES),
      remarks: r.optionalText(`${C}.remarks`, 500),
    });
  },
});

export const yardDef = defineResource({
  ...codedTable('yard', 'sys_yard', Y),
  fields: [
    { name: 'code', labelKey: `${Y}.code`, type: 'string', sortable: true, filter: 'contains', maxLength: 30 },
    { name: 'name', labelKey: `${Y}.name`, type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'portCode', labelKey: `${C}.port`, type: 'ref', lookup: 'system.ports', sortable: true, filter: 'eq' },
    { name: 'yardType', labelKey: `${Y}.yardType`, type: 'enum', options: options(YARD_TYPES, `${Y}.types`), filter: 'eq' },
    { name: 'area', labelKey: `${Y}.area`, type: 'number', sortable: true },
    { name: 'capacity', labelKey: `${Y}.capacity`, type: 'integer', sortable: true },
    { name: 'remarks', labelKey: `${C}.remarks`, type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      code: upper(r.pattern(`${Y}.code`, CODE)),
      name: r.text(`${Y}.name`, 100),
      portCode: upper(r.text(`${C}.port`, 5)),
      yardType: r.oneOf(`${Y}.yardType`, YARD_TYPES, { optional: true }),
      area: r.number(`${Y}.area`, { min: 0.01, max: 9999999999, optional: true }),
      capacity: r.number(`${Y}.capacity`, { int: true, min: 1, max: 2000000000, optional: true }),
      remarks: r.optionalText(`${C}.remarks`, 500),
    });
  },
});

export const berthDef = defineResource({
  ...codedTable('berth', 'sys_berth', B),
  fields: [
    { name: 'code', labelKey: `${B}.code`, type: 'string', sortable: true, filter: 'contains', maxLength: 30 },
    { name: 'name', labelKey: `${B}.name`, type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'portCode', labelKey: `${C}.port`, type: 'ref', lookup: 'system.ports', sortable: true, filter: 'eq' },
    { name: 'length', labelKey: `${B}.length`, type: 'number', sortable: true },
    { name: 'depth', labelKey: `${B}.depth`, type: 'number', sortable: true },
    { name: 'maxTonnage', labelKey: `${B}.maxTonnage`, type: 'integer', sortable: true },
    { name: 'remarks', labelKey: `${C}.remarks`, type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      code: upper(r.pattern(`${B}.code`, CODE)),
      name: r.text(`${B}.name`, 100),
      portCode: upper(r.text(`${C}.port`, 5)),
      length: r.number(`${B}.length`, { min: 1, max: 2000 }),
      depth: r.number(`${B}.depth`, { min: 0.5, max: 40 }),
      maxTonnage: r.number(`${B}.maxTonnage`, { int: true, min: 1, max: 1000000 }),
      remarks: r.optionalText(`${C}.remarks`, 500),
    });
  },
});
