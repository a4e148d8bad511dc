// The header fields of a declaration that the list does not show but the API carries (the
// editor reads and writes them; the engine's default mapping stores them).
import type { FieldDef, FieldType } from '@core/shared';

const EXTRA: [string, FieldType][] = [
  ['serviceOrderId', 'integer'],
  ['recordNo', 'string'],
  ['contractNo', 'string'],
  ['consignorCreditCode', 'string'],
  ['consignorCustomsCode', 'string'],
  ['consignorCiqCode', 'string'],
  ['overseasCode', 'string'],
  ['ownerCreditCode', 'string'],
  ['ownerName', 'string'],
  ['agentCreditCode', 'string'],
  ['agentName', 'string'],
  ['transportMode', 'string'],
  ['transportName', 'string'],
  ['voyageNo', 'string'],
  ['billNo', 'string'],
  ['levyNature', 'string'],
  ['permitNo', 'string'],
  ['departCountry', 'string'],
  ['portOfCall', 'string'],
  ['transactionMode', 'string'],
  ['freight', 'money'],
  ['insurance', 'money'],
  ['otherCharges', 'money'],
  ['packageType', 'string'],
  ['entryPort', 'string'],
  ['storagePlace', 'string'],
  ['qualificationCategory', 'string'],
  ['declKind', 'string'],
  ['markingCode', 'string'],
  ['remark', 'string'],
];

/** Hidden API fields (not in the grid, the generic form or import; exported). */
export const EXTRA_FIELDS: FieldDef[] = EXTRA.map(([name, type]) => ({ name, labelKey: `customs:declarations.${name}`, type, list: false, form: false, import: false, export: true }));
