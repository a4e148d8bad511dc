// Shipping and loading addresses (/dataBase/systemData/ShippingAddress): a place in the
// province → city → county tree, a street address and whom to call there.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { baseTable, digits, PHONE } from './schema';

const L = 'system:baseData.address';
const C = 'system:baseData.common';
const REGION_CODE = /^\d{6}$/;

export const shippingAddressDef = defineResource({
  ...baseTable('ShippingAddress', 'sys_shipping_address', L),
  labelField: 'name',
  fields: [
    { name: 'name', labelKey: `${L}.name`, type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'provinceCode', labelKey: `${L}.provinceCode`, type: 'ref', lookup: 'system.provinces', sortable: true, filter: 'eq', form: { span: 1 } },
    { name: 'cityCode', labelKey: `${L}.cityCode`, type: 'ref', lookup: 'system.cities', lookupParent: 'provinceCode', sortable: true, form: { span: 1 } },
    { name: 'countyCode', labelKey: `${L}.countyCode`, type: 'ref', lookup: 'system.counties', lookupParent: 'cityCode', form: { span: 1 } },
    { name: 'detailAddress', labelKey: `${L}.detailAddress`, type: 'string', filter: 'contains', maxLength: 200, form: { span: 3 } },
    { name: 'contactName', labelKey: `${L}.contactName`, type: 'string', filter: 'contains', maxLength: 30 },
    { name: 'phone', labelKey: `${L}.phone`, type: 'string', filter: 'contains', maxLength: 20 },
    { name: 'isDefault', labelKey: `${L}.isDefault`, type: 'boolean', filter: 'eq' },
    { name: 'remarks', labelKey: `${C}.remarks`, type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      name: r.text(`${L}.name`, 100),
      provinceCode: digits(r.pattern(`${L}.provinceCode`, REGION_CODE)),
      cityCode: digits(r.pattern(`${L}.cityCode`, REGION_CODE)),
      countyCode: digits(r.pattern(`${L}.countyCode`, REGION_CODE, { optional: true })),
      detailAddress: r.text(`${L}.detailAddress`, 200),
      contactName: r.text(`${L}.contactName`, 30),
      phone: r.pattern(`${L}.phone`, PHONE, { messageKey: `${L}.phoneInvalid` }),
      isDefault: r.boolean(),
      remarks: r.optionalText(`${C}.remarks`, 500),
    });
  },
});
