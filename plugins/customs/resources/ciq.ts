// CIQ codes (SPEC §3: CIQ code, HS code, names, extension, classification, version, parent,
// valid; the version is `codeVersion`, since `version` is the row's optimistic lock).
// SPEC §5: the code and its code type (the classification) are required, and so are the
// Chinese and English explanations.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { codeTable } from './codeTable';
import { code, hsFromNumber } from './codeInput';
import { HS_CODE } from './hs';

/** Inspection codes: the HS code followed by a 3-digit extension, up to 20 characters. */
export const CIQ_CODE = /^[0-9A-Za-z]{1,20}$/;

export const ciqCodeDef = defineResource({
  ...codeTable('ciqCode', 'cus_ciq_code', 'ciqCode'),
  fields: [
    { name: 'ciqCode', labelKey: 'customs:ciqCode.ciqCode', type: 'string', sortable: true, filter: 'contains', maxLength: 20 },
    { name: 'hsCode', labelKey: 'customs:hsCode.hsCode', type: 'ref', lookup: 'customs.hsCodes', search: true, sortable: true, filter: 'eq', form: { span: 2 } },
    { name: 'name', labelKey: 'customs:common.name', type: 'string', filter: 'contains', maxLength: 255, form: { span: 2 } },
    { name: 'nameEn', labelKey: 'customs:common.nameEn', type: 'string', filter: 'contains', maxLength: 255, form: { span: 2 } },
    { name: 'extension', labelKey: 'customs:ciqCode.extension', type: 'string', maxLength: 10 },
    { name: 'classification', labelKey: 'customs:ciqCode.classification', type: 'string', filter: 'contains', maxLength: 50 },
    { name: 'codeVersion', labelKey: 'customs:ciqCode.version', type: 'string', maxLength: 20 },
    { name: 'parentCode', labelKey: 'customs:ciqCode.parentCode', type: 'string', maxLength: 20 },
    { name: 'valid', labelKey: 'customs:common.validFlag', type: 'boolean', filter: 'eq' },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      ciqCode: code(t, 'customs:ciqCode.ciqCode', CIQ_CODE),
      hsCode: code(t, 'customs:hsCode.hsCode', HS_CODE, { optional: true, messageKey: 'customs:hsCode.hsCodeFormat', fromNumber: hsFromNumber }),
      name: r.text('customs:common.name', 255),
      nameEn: r.text('customs:common.nameEn', 255),
      extension: code(t, 'customs:ciqCode.extension', /^[0-9A-Za-z]{1,10}$/, { optional: true }),
      classification: r.text('customs:ciqCode.classification', 50),
      codeVersion: r.optionalText('customs:ciqCode.version', 20),
      parentCode: code(t, 'customs:ciqCode.parentCode', CIQ_CODE, { optional: true }),
      valid: r.boolean(),
    });
  },
});
