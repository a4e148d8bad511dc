// Verification (write-off) forms (SPEC §3): money matched against a bill with the bank
// details and certificate attachments. A bill is verified when its valid forms cover its amount.
import { z } from 'zod';
import { crudPermissions, defineResource, permissionCodes, rules, type UploadType } from '@core/shared';
import { financeTable } from '../common';

export const WRITEOFF_FLAGS = ['valid', 'void'] as const;
export const WRITEOFF_UPLOAD_TYPES: readonly UploadType[] = ['pdf', 'jpg', 'png'];
const P = 'finance:writeoff';
export const WRITEOFF_PERMISSIONS = permissionCodes(P);

const L = 'finance:bills.writeoff';

export const writeoffDef = defineResource({
  ...financeTable('writeoff', 'fin_writeoff', 'finance:bills.menu.writeoff', 'expense.writeoff', 'writeoffNo'),
  permissions: crudPermissions(P),
  uploads: { types: WRITEOFF_UPLOAD_TYPES, maxMb: 10 },
  fields: [
    { name: 'writeoffNo', labelKey: `${L}.writeoffNo`, type: 'string', filter: 'contains', sortable: true, form: false, list: { width: 170 } },
    { name: 'billId', labelKey: `${L}.billId`, type: 'ref', lookup: 'finance.billsToVerify', list: false, import: false, form: { span: 2 } },
    { name: 'billSerialNo', labelKey: 'finance:bills.serialNo', type: 'string', filter: 'contains', form: false, list: { width: 170 } },
    { name: 'payerName', labelKey: `${L}.payerName`, type: 'string', filter: 'contains', form: false },
    { name: 'receiverName', labelKey: `${L}.receiverName`, type: 'string', form: false },
    { name: 'amount', labelKey: `${L}.amount`, type: 'money', sortable: true },
    { name: 'currency', labelKey: 'finance:bills.currency', type: 'ref', lookup: 'system.refCode.CURRENCY', form: false },
    { name: 'writeoffDate', labelKey: `${L}.writeoffDate`, type: 'date', sortable: true, filter: 'range' },
    { name: 'flag', labelKey: `${L}.flag`, type: 'enum', filter: 'eq', options: WRITEOFF_FLAGS.map((v) => ({ value: v, labelKey: `${L}.flags.${v}` })) },
    { name: 'payingBank', labelKey: `${L}.payingBank`, type: 'string', maxLength: 100 },
    { name: 'receivingBank', labelKey: `${L}.receivingBank`, type: 'string', maxLength: 100 },
    { name: 'accountNo', labelKey: `${L}.accountNo`, type: 'string', maxLength: 64 },
    { name: 'bankSerialNo', labelKey: `${L}.bankSerialNo`, type: 'string', maxLength: 64 },
    { name: 'remark', labelKey: 'finance:bills.remark', type: 'text', maxLength: 500, list: { hidden: true }, form: { span: 3 } },
    { name: 'certificates', column: null, records: true, labelKey: `${L}.certificates`, type: 'string', form: false, import: false, export: false },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      billId: z.preprocess(
        (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
        z.number({ error: t('core:resource.required', { field: t(`${L}.billId`) }) }).int().positive(),
      ),
      amount: r.decimal(`${L}.amount`, { scale: 2, positive: true }),
      writeoffDate: r.date(`${L}.writeoffDate`),
      flag: r.oneOf(`${L}.flag`, WRITEOFF_FLAGS),
      payingBank: r.optionalText(`${L}.payingBank`, 100),
      receivingBank: r.optionalText(`${L}.receivingBank`, 100),
      accountNo: r.optionalText(`${L}.accountNo`, 64),
      bankSerialNo: r.optionalText(`${L}.bankSerialNo`, 64),
      remark: r.optionalText('finance:bills.remark', 500),
      fileIds: z.preprocess((v) => (Array.isArray(v) ? v.map(Number) : []), z.array(z.number().int().positive())),
    });
  },
});
