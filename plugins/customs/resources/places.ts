// Places on declarations (SPEC §3: origin area and port code fields not shown; customs ports
// from the declaration screens): origin areas, customs ports (关区, 4-digit codes in a tree)
// and port codes (UN/LOCODE).
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { codeTable } from './codeTable';
import { code, customsCodeFromNumber } from './codeInput';

/** ISO 3166 alpha-2, as in the first two letters of a UN/LOCODE. */
const COUNTRY = /^[A-Z]{2}$/;
export const CUSTOMS_CODE = /^\d{4}$/;
export const LOCODE = /^[A-Z]{2}[A-Z2-9]{3}$/;
/** The transport-mode codes of the declaration (same values as the system code list). */
export const TRANSPORT_MODES = ['2', '3', '4', '5', '9'] as const;

export const originAreaDef = defineResource({
  ...codeTable('originArea', 'cus_origin_area', 'code'),
  fields: [
    { name: 'code', labelKey: 'customs:common.code', type: 'string', sortable: true, filter: 'contains', maxLength: 20 },
    { name: 'name', labelKey: 'customs:common.name', type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'nameEn', labelKey: 'customs:common.nameEn', type: 'string', filter: 'contains', maxLength: 200 },
    { name: 'countryCode', labelKey: 'customs:common.countryCode', type: 'string', sortable: true, filter: 'eq', maxLength: 2 },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      code: code(t, 'customs:common.code', /^[A-Za-z0-9-]{1,20}$/, { upper: true }),
      name: r.text('customs:common.name', 100),
      nameEn: r.optionalText('customs:common.nameEn', 200),
      countryCode: code(t, 'customs:common.countryCode', COUNTRY, { upper: true }),
    });
  },
});

export const customsPortDef = defineResource({
  ...codeTable('customsPort', 'cus_customs_port', 'customsCode'),
  fields: [
    { name: 'customsCode', labelKey: 'customs:customsPort.customsCode', type: 'string', sortable: true, filter: 'contains', maxLength: 4 },
    { name: 'name', labelKey: 'customs:common.name', type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'nameEn', labelKey: 'customs:common.nameEn', type: 'string', filter: 'contains', maxLength: 200 },
    { name: 'parentCode', labelKey: 'customs:customsPort.parentCode', type: 'ref', lookup: 'customs.customsPorts', sortable: true, filter: 'eq' },
  ],
  schema: (t) => {
    const r = rules(t);
    const customs = (key: string, optional = false) => code(t, key, CUSTOMS_CODE, { optional, messageKey: 'customs:customsPort.codeFormat', fromNumber: customsCodeFromNumber });
    return z.object({
      customsCode: customs('customs:customsPort.customsCode'),
      name: r.text('customs:common.name', 100),
      nameEn: r.optionalText('customs:common.nameEn', 200),
      parentCode: customs('customs:customsPort.parentCode', true),
    });
  },
});

export const portCodeDef = defineResource({
  ...codeTable('portCode', 'cus_port_code', 'portCode'),
  fields: [
    { name: 'portCode', labelKey: 'customs:portCode.portCode', type: 'string', sortable: true, filter: 'contains', maxLength: 5 },
    { name: 'name', labelKey: 'customs:common.name', type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'nameEn', labelKey: 'customs:common.nameEn', type: 'string', filter: 'contains', maxLength: 200 },
    { name: 'countryCode', labelKey: 'customs:common.countryCode', type: 'string', sortable: true, filter: 'eq', maxLength: 2 },
    {
      name: 'transportMode',
      labelKey: 'customs:portCode.transportMode',
      type: 'enum',
      filter: 'eq',
      options: TRANSPORT_MODES.map((m) => ({ value: m, labelKey: `customs:transportMode.m${m}` })),
    },
  ],
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        portCode: code(t, 'customs:portCode.portCode', LOCODE, { upper: true, messageKey: 'customs:portCode.codeFormat' }),
        name: r.text('customs:common.name', 100),
        nameEn: r.optionalText('customs:common.nameEn', 200),
        countryCode: code(t, 'customs:common.countryCode', COUNTRY, { upper: true }),
        transportMode: r.oneOf('customs:portCode.transportMode', TRANSPORT_MODES),
      })
      .superRefine((v, ctx) => {
        // A UN/LOCODE starts with its country.
        if (v.portCode && v.countryCode && !v.portCode.startsWith(v.countryCode)) {
          ctx.addIssue({ code: 'custom', path: ['countryCode'], message: t('customs:portCode.countryMismatch') });
        }
      });
  },
});
