// Countries (ISO 3166-1): the picker behind ports, trade and origin countries.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { baseTable, upper } from './schema';

const L = 'system:baseData.country';
const C = 'system:baseData.common';

export const countryDef = defineResource({
  ...baseTable('country', 'sys_country', L),
  unique: [['code'], ['alpha3'], ['numericCode']],
  labelField: 'nameZh',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { name: 'code', labelKey: `${L}.code`, type: 'string', sortable: true, filter: 'contains', maxLength: 2 },
    { name: 'alpha3', labelKey: `${L}.alpha3`, type: 'string', sortable: true, filter: 'contains', maxLength: 3 },
    { name: 'numericCode', labelKey: `${L}.numericCode`, type: 'string', sortable: true, maxLength: 3 },
    { name: 'nameZh', labelKey: `${C}.nameZh`, type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'nameEn', labelKey: `${C}.nameEn`, type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'nameMy', labelKey: `${C}.nameMy`, type: 'string', maxLength: 100 },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      code: upper(r.pattern(`${L}.code`, /^[A-Z]{2}$/)),
      alpha3: upper(r.pattern(`${L}.alpha3`, /^[A-Z]{3}$/)),
      numericCode: r.pattern(`${L}.numericCode`, /^\d{3}$/),
      nameZh: r.text(`${C}.nameZh`, 100),
      nameEn: r.text(`${C}.nameEn`, 100),
      nameMy: r.optionalText(`${C}.nameMy`, 100),
    });
  },
});
