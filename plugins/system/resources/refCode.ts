// System codes (SPEC §3 "Code lists"): code types and the codes of each type (rvDomain).
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { baseTable } from '../baseData/resources/schema';

export const CODE_SCOPES = ['system', 'customer'] as const;

export const refCodeTypeDef = defineResource({
  ...baseTable('refCodeType', 'sys_ref_code_type', 'system:refCodeType'),
  unique: [['typeCode']],
  labelField: 'typeCode',
  defaultSort: { field: 'typeCode', dir: 'asc' },
  fields: [
    { name: 'typeCode', labelKey: 'system:refCodeType.typeCode', type: 'string', sortable: true, filter: 'contains', maxLength: 50, form: { readOnlyOnEdit: true } },
    { name: 'name', labelKey: 'system:refCodeType.name', type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    {
      name: 'scope',
      labelKey: 'system:refCodeType.scope',
      type: 'enum',
      filter: 'eq',
      options: [
        { value: 'system', labelKey: 'system:refCodeType.scopeSystem' },
        { value: 'customer', labelKey: 'system:refCodeType.scopeCustomer' },
      ],
    },
    { name: 'codeLength', labelKey: 'system:refCodeType.codeLength', type: 'integer', sortable: true },
    { name: 'remarks', labelKey: 'system:refCodeType.remarks', type: 'text', maxLength: 500, form: { span: 3 } },
    { name: 'updatedAt', column: 'updated_at', labelKey: 'core:resource.updatedAt', type: 'datetime', sortable: true, form: false },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      typeCode: r.pattern('system:refCodeType.typeCode', /^[A-Za-z0-9_.-]{1,50}$/),
      name: r.text('system:refCodeType.name', 100),
      scope: r.oneOf('system:refCodeType.scope', CODE_SCOPES),
      codeLength: r.number('system:refCodeType.codeLength', { int: true, min: 1, max: 100, optional: true }),
      remarks: r.optionalText('system:refCodeType.remarks', 500),
    });
  },
});

export const refCodeDef = defineResource({
  ...baseTable('refCode', 'sys_ref_code', 'system:refCode'),
  unique: [['rvDomain', 'code']],
  labelField: 'code',
  defaultSort: { field: 'rvDomain', dir: 'asc' },
  fields: [
    { name: 'rvDomain', labelKey: 'system:refCode.rvDomain', type: 'ref', lookup: 'system.codeTypes', sortable: true, filter: 'eq' },
    { name: 'code', labelKey: 'system:refCode.code', type: 'string', sortable: true, filter: 'contains', maxLength: 50 },
    { name: 'name', labelKey: 'system:refCode.name', type: 'string', filter: 'contains', maxLength: 200 },
    { name: 'nameEn', labelKey: 'system:refCode.nameEn', type: 'string', maxLength: 200 },
    { name: 'isDefault', labelKey: 'system:refCode.isDefault', type: 'boolean' },
    { name: 'highValue', labelKey: 'system:refCode.highValue', type: 'string', maxLength: 100 },
    { name: 'ediCode', labelKey: 'system:refCode.ediCode', type: 'string', filter: 'contains', maxLength: 50 },
    { name: 'orderNum', labelKey: 'system:refCode.orderNum', type: 'integer', sortable: true },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      rvDomain: r.text('system:refCode.rvDomain', 50),
      code: r.text('system:refCode.code', 50),
      name: r.text('system:refCode.name', 200),
      nameEn: r.text('system:refCode.nameEn', 200),
      isDefault: r.boolean(),
      highValue: r.optionalText('system:refCode.highValue', 100),
      ediCode: r.optionalText('system:refCode.ediCode', 50),
      orderNum: r.number('system:refCode.orderNum', { int: true, min: 0, max: 99999, optional: true }),
    });
  },
});
