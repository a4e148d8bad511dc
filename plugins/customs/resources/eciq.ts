// ECIQ basic data (SPEC §3: fields not shown): the data types (企业资质类别, 用途, 包装材料种类 …)
// and the codes of each type. SPEC §5: code and code type required, Chinese and English
// explanations required.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { codeTable } from './codeTable';
import { code } from './codeInput';

const TYPE_CODE = /^[A-Za-z0-9_.-]{1,50}$/;

export const eciqTypeDef = defineResource({
  ...codeTable('eciqType', 'cus_eciq_type', 'typeCode'),
  fields: [
    { name: 'typeCode', labelKey: 'customs:eciqType.typeCode', type: 'string', sortable: true, filter: 'contains', maxLength: 50, form: { readOnlyOnEdit: true } },
    { name: 'name', labelKey: 'customs:common.name', type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'nameEn', labelKey: 'customs:common.nameEn', type: 'string', maxLength: 200 },
    { name: 'remarks', labelKey: 'customs:common.remarks', type: 'text', maxLength: 500, form: { span: 3 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      typeCode: code(t, 'customs:eciqType.typeCode', TYPE_CODE),
      name: r.text('customs:common.name', 100),
      nameEn: r.text('customs:common.nameEn', 200),
      remarks: r.optionalText('customs:common.remarks', 500),
    });
  },
});

export const eciqDataDef = defineResource({
  ...codeTable('eciqData', 'cus_eciq_data'),
  unique: [['typeCode', 'code']],
  labelField: 'code',
  defaultSort: { field: 'typeCode', dir: 'asc' },
  fields: [
    { name: 'typeCode', labelKey: 'customs:eciqData.typeCode', type: 'ref', lookup: 'customs.eciqTypes', sortable: true, filter: 'eq' },
    { name: 'code', labelKey: 'customs:common.code', type: 'string', sortable: true, filter: 'contains', maxLength: 50 },
    { name: 'name', labelKey: 'customs:common.name', type: 'string', filter: 'contains', maxLength: 200 },
    { name: 'nameEn', labelKey: 'customs:common.nameEn', type: 'string', maxLength: 200 },
    { name: 'valid', labelKey: 'customs:common.validFlag', type: 'boolean', filter: 'eq' },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      typeCode: code(t, 'customs:eciqData.typeCode', TYPE_CODE),
      code: code(t, 'customs:common.code', TYPE_CODE),
      name: r.text('customs:common.name', 200),
      nameEn: r.text('customs:common.nameEn', 200),
      valid: r.boolean(),
    });
  },
});
