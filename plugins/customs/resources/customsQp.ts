// Customs QP codes (SPEC §3: fields not shown): the parameter tables of the customs QP
// (single-window) client a declaration is filled from, one code list per type.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { codeTable } from './codeTable';
import { code } from './codeInput';

export const QP_TYPES = ['tradeMode', 'levyNature', 'transactionMode', 'transportMode', 'unit', 'currency', 'license', 'packageType'] as const;

export const customsQpDef = defineResource({
  ...codeTable('customsQp', 'cus_customs_qp'),
  unique: [['qpType', 'qpCode']],
  labelField: 'qpCode',
  defaultSort: { field: 'qpType', dir: 'asc' },
  fields: [
    {
      name: 'qpType',
      labelKey: 'customs:customsQp.qpType',
      type: 'enum',
      sortable: true,
      filter: 'eq',
      options: QP_TYPES.map((q) => ({ value: q, labelKey: `customs:customsQp.types.${q}` })),
    },
    { name: 'qpCode', labelKey: 'customs:customsQp.qpCode', type: 'string', sortable: true, filter: 'contains', maxLength: 20 },
    { name: 'name', labelKey: 'customs:common.name', type: 'string', filter: 'contains', maxLength: 200 },
    { name: 'nameEn', labelKey: 'customs:common.nameEn', type: 'string', maxLength: 200 },
    { name: 'remarks', labelKey: 'customs:common.remarks', type: 'text', maxLength: 500, form: { span: 3 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      qpType: r.oneOf('customs:customsQp.qpType', QP_TYPES),
      qpCode: code(t, 'customs:customsQp.qpCode', /^[0-9A-Za-z]{1,20}$/),
      name: r.text('customs:common.name', 200),
      nameEn: r.optionalText('customs:common.nameEn', 200),
      remarks: r.optionalText('customs:common.remarks', 500),
    });
  },
});
