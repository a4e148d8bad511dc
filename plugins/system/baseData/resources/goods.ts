// Goods names and categories used on waybills (/dataBase/systemData/cfdGood).
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { codedTable, CODE, options, upper } from './schema';

const L = 'system:baseData.goods';
const C = 'system:baseData.common';

export const GOODS_CATEGORIES = ['grain', 'beans', 'fruit', 'aquatic', 'rubber', 'timber', 'gem', 'mineral', 'energy', 'chemical', 'machinery', 'consumer', 'other'] as const;
export const GOODS_UNITS = ['t', 'kg', 'm3', 'piece', 'box', 'bag'] as const;

export const goodsDef = defineResource({
  ...codedTable('cfdGood', 'sys_goods', L),
  fields: [
    { name: 'code', labelKey: `${L}.code`, type: 'string', sortable: true, filter: 'contains', maxLength: 30 },
    { name: 'name', labelKey: `${L}.name`, type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'nameEn', labelKey: `${C}.nameEn`, type: 'string', maxLength: 100 },
    { name: 'nameMy', labelKey: `${C}.nameMy`, type: 'string', maxLength: 100, list: { hidden: true } },
    { name: 'category', labelKey: `${L}.category`, type: 'enum', options: options(GOODS_CATEGORIES, `${L}.categories`), sortable: true, filter: 'eq' },
    { name: 'unit', labelKey: `${L}.unit`, type: 'enum', options: options(GOODS_UNITS, `${L}.units`) },
    { name: 'hsCode', labelKey: `${L}.hsCode`, type: 'string', sortable: true, filter: 'contains', maxLength: 10 },
    { name: 'dangerous', labelKey: `${L}.dangerous`, type: 'boolean', filter: 'eq' },
    { name: 'remarks', labelKey: `${C}.remarks`, type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      code: upper(r.pattern(`${L}.code`, CODE)),
      name: r.text(`${L}.name`, 100),
      nameEn: r.optionalText(`${C}.nameEn`, 100),
      nameMy: r.optionalText(`${C}.nameMy`, 100),
      category: r.oneOf(`${L}.category`, GOODS_CATEGORIES),
      unit: r.oneOf(`${L}.unit`, GOODS_UNITS),
      // HS heading with 6, 8 or 10 digits (China's tariff uses 10).
      hsCode: r.pattern(`${L}.hsCode`, /^\d{6}(?:\d{2}){0,2}$/, { optional: true }),
      dangerous: r.boolean(),
      remarks: r.optionalText(`${C}.remarks`, 500),
    });
  },
});
