// The declaration as a document (core/document): its header on tabs, the goods lines listed and
// the selected one edited below them (HS code searched on the server, its declaration elements,
// cargo attributes, dangerous goods, licences), the attached documents and, once saved, its
// customs receipts. The kit's server side reads and saves the goods (with their licences) and
// the documents from the tables declared here; declaration.server.ts keeps the domain rules.
import Decimal from 'decimal.js';
import { defineDocument, type FieldDef, type FieldType, type LineCollection } from '@core/shared';
import { codeField, declarationDef, DOC_TYPES, DUTY_MODES, optionsOf } from './declaration';

const k = (name: string) => `customs:declarations.${name}`;
const field = (group: string, name: string, type: FieldType, extra: Partial<FieldDef> = {}): FieldDef => ({ name, labelKey: k(`${group}.${name}`), type, ...extra });
const goodsText = (...names: string[]) => names.map((n) => field('goods', n, 'string'));
const goodsCode = (name: string, lookup: string) => codeField(name, lookup, { labelKey: k(`goods.${name}`) });
const goodsAmount = (name: string, scale: number) => field('goods', name, 'money', { scale });
const isDecimal = (v: unknown) => typeof v === 'string' && /^\d+(\.\d+)?$/.test(v);
const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

const licences: LineCollection = {
  name: 'licences',
  table: 'cus_decl_licence',
  foreignKey: 'goods_id',
  values: (_line, header) => ({ declaration_id: header.id }),
  labelKey: k('goods.licences'),
  addKey: k('licence.add'),
  fields: [
    codeField('licenceType', 'customs.qp.license', { labelKey: k('licence.type'), list: { width: 220 } }),
    field('licence', 'licenceNo', 'string', { labelKey: k('licence.no') }),
    field('licence', 'verifiedSerial', 'string', { labelKey: k('licence.serial') }),
    field('licence', 'qty', 'money', { scale: 5 }),
    codeField('unit', 'customs.qp.unit', { labelKey: k('licence.unit'), list: { width: 160 } }),
  ],
};

const goods: LineCollection = {
  name: 'goods',
  table: 'cus_decl_goods',
  foreignKey: 'declaration_id',
  position: 'item_no',
  labelKey: k('tab.goods'),
  addKey: k('action.addGoods'),
  fields: [
    field('goods', 'itemNo', 'integer', { form: false }),
    // 10,000 codes: searched on the server as the user types, never shipped whole.
    field('goods', 'hsCode', 'ref', { lookup: 'customs.hsCodes', search: true }),
    ...goodsText('goodsName', 'ciqName'),
    // Built on the server from the HS declaration elements (JSON text in the table).
    field('goods', 'specModel', 'string', { form: false }),
    field('goods', 'elements', 'string', { form: false }),
    goodsAmount('qty', 5),
    goodsCode('unit', 'customs.qp.unit'),
    goodsAmount('unitPrice', 4),
    goodsAmount('totalPrice', 2),
    goodsCode('currency', 'customs.qp.currency'),
    field('goods', 'dutyMode', 'enum', { options: optionsOf(DUTY_MODES, 'dutyModes') }),
    goodsCode('originCountry', 'system.countries'),
    goodsCode('destCountry', 'system.countries'),
    goodsAmount('legalQty1', 5),
    goodsCode('legalUnit1', 'customs.qp.unit'),
    goodsAmount('legalQty2', 5),
    goodsCode('legalUnit2', 'customs.qp.unit'),
    field('goods', 'productionDate', 'date'),
    field('goods', 'expiryDate', 'date'),
    field('goods', 'shelfLifeDays', 'integer'),
    ...goodsText('batchNo', 'brand', 'model', 'overseasMaker'),
    goodsAmount('volumeCbm', 3),
    field('goods', 'dangerous', 'boolean'),
    ...goodsText('unCode', 'dangerName', 'dangerPackType', 'dangerPackSpec'),
  ],
  detail: {
    columns: ['hsCode', 'goodsName', 'specModel', 'qty', 'unit', 'unitPrice', 'totalPrice', 'currency', 'originCountry'],
    sections: [
      { fields: ['hsCode', 'goodsName', 'ciqName'] },
      { custom: 'hsElements' },
      { fields: ['qty', 'unit', 'unitPrice', 'totalPrice', 'currency', 'dutyMode', 'originCountry', 'destCountry', 'legalQty1', 'legalUnit1', 'legalQty2', 'legalUnit2'] },
      { titleKey: k('goods.attributes'), fields: ['productionDate', 'expiryDate', 'shelfLifeDays', 'batchNo', 'brand', 'model', 'overseasMaker', 'volumeCbm', 'dangerous'] },
      { fields: ['unCode', 'dangerName', 'dangerPackType', 'dangerPackSpec'], when: (line) => !!line.dangerous },
    ],
  },
  lines: [licences],
  // SPEC §8: the line being filled needs its product information and CIQ name first.
  addRefusal: (line) => (line && !(filled(line.hsCode) && filled(line.goodsName) && filled(line.ciqName)) ? k('msg.fillGoodsFirst') : null),
  blank: (lines) => ({ currency: lines[lines.length - 1]?.currency || 'USD', dutyMode: '1', elements: {} }),
  // Total = quantity × unit price, in decimal, while either changes.
  derive: (line, changed) =>
    (changed === 'qty' || changed === 'unitPrice') && isDecimal(line.qty) && isDecimal(line.unitPrice)
      ? { ...line, totalPrice: new Decimal(String(line.qty)).mul(String(line.unitPrice)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) }
      : line,
};

/** The attached files (uploaded in the documents tab), each with its type and number. */
const documents: LineCollection = {
  name: 'documents',
  table: 'cus_decl_document',
  foreignKey: 'declaration_id',
  labelKey: k('doc.title'),
  testId: 'doc',
  add: false,
  fields: [
    field('doc', 'fileId', 'integer', { labelKey: k('doc.file') }),
    field('doc', 'docType', 'enum', { options: optionsOf(DOC_TYPES, 'doc.types') }),
    field('doc', 'docNo', 'string', { maxLength: 64 }),
  ],
};

export const DOC_TYPE_FIELD = documents.fields[1];

const tab = (name: string, extra: { count?: string; saved?: true } = {}) => ({ name, labelKey: k(`tab.${name}`), ...extra });

export const declarationDocument = defineDocument({
  resource: declarationDef,
  testId: 'declaration-editor',
  fieldTestId: 'decl',
  tabs: [tab('basic'), tab('parties'), tab('transport'), tab('cargo'), tab('goods', { count: 'goods' }), tab('documents', { count: 'documents' }), tab('receipts', { saved: true })],
  sections: [
    { tab: 'basic', fields: ['serviceOrderId', 'ieFlag', 'ieCustoms', 'declCustoms', 'ieDate', 'declDate', 'recordNo', 'contractNo', 'qualificationCategory', 'declKind'] },
    {
      tab: 'parties',
      fields: ['consignorCreditCode', 'consignorCustomsCode', 'consignorCiqCode', 'consignorName', 'overseasCode', 'overseasName', 'ownerCreditCode', 'ownerName', 'agentCreditCode', 'agentName'],
    },
    {
      tab: 'transport',
      fields: [
        'transportMode',
        'transportName',
        'voyageNo',
        'billNo',
        'supervisionMode',
        'levyNature',
        'permitNo',
        'departCountry',
        'portOfCall',
        'transactionMode',
        'freight',
        'insurance',
        'otherCharges',
      ],
    },
    { tab: 'cargo', fields: ['packCount', 'packageType', 'grossWeight', 'netWeight', 'tradeCountry', 'entryPort', 'storagePlace', 'markingCode', 'remark'] },
    { tab: 'goods', lines: ['goods'] },
    { tab: 'documents', custom: 'upload', lines: ['documents'] },
    { tab: 'receipts', custom: 'receipts' },
  ],
  lines: [goods, documents],
  defaults: () => ({ ieFlag: 'I', declKind: 'M', markingCode: 'N/M', transportMode: '4', transactionMode: '1' }),
  // An order's declaration type is the import/export flag.
  derive: (values, changed, picked) => (changed === 'serviceOrderId' && picked?.parent ? { ...values, ieFlag: picked.parent } : values),
});
