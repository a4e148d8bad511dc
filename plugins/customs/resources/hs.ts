// HS codes (SPEC §3 "Code lists": name, start/end date, flag, tax rate, first/second unit) and
// the declaration elements (申报要素) of each HS code in their order (SPEC §3 "Reporting
// elements per HS code"). SPEC §5: HS code, Chinese name, start and end dates required.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { codeTable } from './codeTable';
import { code, hsFromNumber, isCalendarDay } from './codeInput';

export const HS_FLAGS = ['valid', 'invalid'] as const;
/** China's tariff lines: 8 digits, 10 with the statistical suffix. */
export const HS_CODE = /^\d{8,10}$/;

export const hsCodeDef = defineResource({
  ...codeTable('hsCode', 'cus_hs_code', 'hsCode'),
  fields: [
    { name: 'hsCode', labelKey: 'customs:hsCode.hsCode', type: 'string', sortable: true, filter: 'contains', maxLength: 10, form: { readOnlyOnEdit: true } },
    { name: 'name', labelKey: 'customs:common.name', type: 'string', sortable: true, filter: 'contains', maxLength: 255, form: { span: 2 } },
    { name: 'nameEn', labelKey: 'customs:common.nameEn', type: 'string', filter: 'contains', maxLength: 255, form: { span: 2 } },
    { name: 'startDate', labelKey: 'customs:hsCode.startDate', type: 'date', sortable: true },
    { name: 'endDate', labelKey: 'customs:hsCode.endDate', type: 'date', sortable: true },
    {
      name: 'flag',
      labelKey: 'customs:hsCode.flag',
      type: 'enum',
      filter: 'eq',
      options: [
        { value: 'valid', labelKey: 'customs:common.valid' },
        { value: 'invalid', labelKey: 'customs:common.invalid' },
      ],
    },
    { name: 'taxRate', labelKey: 'customs:hsCode.taxRate', type: 'number', sortable: true },
    { name: 'firstUnit', labelKey: 'customs:hsCode.firstUnit', type: 'string', maxLength: 20 },
    { name: 'secondUnit', labelKey: 'customs:hsCode.secondUnit', type: 'string', maxLength: 20 },
    { name: 'supervision', labelKey: 'customs:hsCode.supervision', type: 'string', filter: 'contains', maxLength: 20 },
    { name: 'updatedAt', column: 'updated_at', labelKey: 'core:resource.updatedAt', type: 'datetime', sortable: true, form: false, list: { hidden: true } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        hsCode: code(t, 'customs:hsCode.hsCode', HS_CODE, { messageKey: 'customs:hsCode.hsCodeFormat', fromNumber: hsFromNumber }),
        name: r.text('customs:common.name', 255),
        nameEn: r.optionalText('customs:common.nameEn', 255),
        startDate: r.date('customs:hsCode.startDate'),
        endDate: r.date('customs:hsCode.endDate'),
        flag: r.oneOf('customs:hsCode.flag', HS_FLAGS),
        taxRate: r.number('customs:hsCode.taxRate', { min: 0, max: 100, optional: true }),
        firstUnit: r.optionalText('customs:hsCode.firstUnit', 20),
        secondUnit: r.optionalText('customs:hsCode.secondUnit', 20),
        supervision: code(t, 'customs:hsCode.supervision', /^[0-9A-Za-z]{1,20}$/, { optional: true }),
      })
      .superRefine((v, ctx) => {
        for (const key of ['startDate', 'endDate'] as const) {
          if (!isCalendarDay(v[key] ?? '')) ctx.addIssue({ code: 'custom', path: [key], message: t('core:resource.invalid', { field: t(`customs:hsCode.${key}`) }) });
        }
        const { startDate, endDate } = v;
        if (startDate && endDate && isCalendarDay(startDate) && isCalendarDay(endDate) && endDate < startDate) {
          ctx.addIssue({ code: 'custom', path: ['endDate'], message: t('customs:hsCode.endBeforeStart') });
        }
      });
  },
});

export const hsElementDef = defineResource({
  ...codeTable('hsElement', 'cus_hs_element'),
  unique: [{ fields: ['hsCode', 'seq'], messageKey: 'customs:hsElement.seqExists' }],
  labelField: 'name',
  defaultSort: { field: 'hsCode', dir: 'asc' },
  fields: [
    { name: 'hsCode', labelKey: 'customs:hsCode.hsCode', type: 'ref', lookup: 'customs.hsCodes', search: true, sortable: true, filter: 'eq', form: { span: 2 } },
    { name: 'seq', labelKey: 'customs:hsElement.seq', type: 'integer', sortable: true },
    { name: 'name', labelKey: 'customs:hsElement.name', type: 'string', filter: 'contains', maxLength: 100 },
    { name: 'nameEn', labelKey: 'customs:hsElement.nameEn', type: 'string', maxLength: 200 },
    { name: 'isRequired', labelKey: 'customs:hsElement.isRequired', type: 'boolean', filter: 'eq' },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      hsCode: code(t, 'customs:hsCode.hsCode', HS_CODE, { messageKey: 'customs:hsCode.hsCodeFormat', fromNumber: hsFromNumber }),
      seq: r.number('customs:hsElement.seq', { int: true, min: 1, max: 99 }),
      name: r.text('customs:hsElement.name', 100),
      nameEn: r.optionalText('customs:hsElement.nameEn', 200),
      isRequired: r.boolean(),
    });
  },
});
