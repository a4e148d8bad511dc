// The declaration as a workbook: 表头 (every header field: label, value, name of the code),
// 商品 (one row per goods line, every line field) and 随附单证 (the attached documents).
// exceljs loads on first use: most processes never write a workbook.
import type ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@core/shared';
import { declarationDef } from '../declaration';
import { codeName, GOODS_CODES, HEADER_CODES, HEADER_ENUMS, text, type CodeNames, type PrintDeclaration, type PrintGoods } from './printable';

const k = (name: string) => `customs:declarations.${name}`;

/** Every line field, in the order of the editor. */
const GOODS_FIELDS = [
  'itemNo',
  'hsCode',
  'goodsName',
  'ciqName',
  'specModel',
  'qty',
  'unit',
  'unitPrice',
  'totalPrice',
  'currency',
  'originCountry',
  'destCountry',
  'dutyMode',
  'legalQty1',
  'legalUnit1',
  'legalQty2',
  'legalUnit2',
  'expiryDate',
  'shelfLifeDays',
  'overseasMaker',
  'brand',
  'model',
  'productionDate',
  'batchNo',
  'volumeCbm',
  'dangerous',
  'unCode',
  'dangerName',
  'dangerPackType',
  'dangerPackSpec',
  'licences',
] as const;

export interface XlsxOptions {
  names?: CodeNames;
  /** Which name of a code to show (Chinese unless en/my). */
  lang?: string;
}

function bold(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.alignment = { vertical: 'middle', wrapText: true };
}

/** The declaration as an .xlsx file. */
export async function renderDeclarationXlsx(decl: PrintDeclaration, t: TFunction, opts: XlsxOptions = {}): Promise<Buffer> {
  const nameLang = opts.lang && opts.lang !== 'zh' ? 'en' : 'zh';
  const name = (kind: Parameters<typeof codeName>[1], code: unknown) => codeName(opts.names, kind, code, nameLang);
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'port-platform';
  wb.title = text(decl.seqNo);

  const head = wb.addWorksheet(t(k('sheet.header')));
  head.columns = [{ width: 34 }, { width: 40 }, { width: 34 }];
  for (const f of declarationDef.fields.filter((x) => !x.records)) {
    const raw = decl[f.name];
    let value: string | number = (f.type === 'integer' || f.valueType === 'integer') && raw !== null && raw !== undefined ? Number(raw) : text(raw);
    let meaning = '';
    if (f.name in HEADER_ENUMS && text(raw)) meaning = t(k(`${HEADER_ENUMS[f.name]}.${text(raw)}`), { defaultValue: text(raw) });
    else if (f.name in HEADER_CODES) meaning = name(HEADER_CODES[f.name], raw);
    if (f.type === 'datetime' && raw) value = formatDateTime(raw);
    const row = head.addRow([t(f.labelKey), value, meaning]);
    row.getCell(1).font = { bold: true };
    // Codes and numbers stay text so leading zeros (0110, 035) survive.
    row.getCell(2).numFmt = typeof value === 'number' ? '0' : '@';
  }

  const goods = wb.addWorksheet(t(k('sheet.goods')));
  goods.columns = GOODS_FIELDS.map((f) => ({ header: t(k(`goods.${f}`)), key: f, width: f === 'specModel' ? 48 : f === 'goodsName' || f === 'licences' ? 28 : 14 }));
  bold(goods.getRow(1));
  goods.views = [{ state: 'frozen', ySplit: 1 }];
  const cell = (g: PrintGoods, f: (typeof GOODS_FIELDS)[number]): string | number => {
    const v = g[f];
    if (f === 'itemNo' || (f === 'shelfLifeDays' && v !== null && v !== undefined)) return Number(v);
    if (f === 'dangerous') return t(v ? 'core:common.yes' : 'core:common.no');
    if (f === 'dutyMode') return text(v) ? `${text(v)} ${t(k(`dutyModes.${text(v)}`), { defaultValue: '' })}`.trim() : '';
    if (f === 'licences') {
      return (g.licences ?? []).map((l) => [l.licenceType, l.licenceNo, l.verifiedSerial, l.qty, l.unit].filter((x) => text(x)).join(' ')).join('; ');
    }
    if (f in GOODS_CODES && text(v)) return [text(v), name(GOODS_CODES[f], v)].filter(Boolean).join(' ');
    return text(v);
  };
  for (const g of decl.goods ?? []) {
    const row = goods.addRow(Object.fromEntries(GOODS_FIELDS.map((f) => [f, cell(g, f)])));
    row.alignment = { vertical: 'top', wrapText: true };
  }

  const docs = wb.addWorksheet(t(k('sheet.documents')));
  docs.columns = [
    { header: t(k('doc.docType')), width: 22 },
    { header: t(k('doc.docNo')), width: 24 },
    { header: t('core:files.name'), width: 36 },
    { header: t('core:files.uploader'), width: 16 },
    { header: t('core:files.uploadTime'), width: 20 },
  ];
  bold(docs.getRow(1));
  for (const d of decl.documents ?? []) {
    const at = formatDateTime(d.file?.createdAt);
    docs.addRow([t(k(`doc.types.${d.docType}`), { defaultValue: d.docType }), d.docNo ?? '', d.file?.name ?? '', d.file?.createdByName ?? '', at]);
  }

  return Buffer.from(await wb.xlsx.writeBuffer());
}
