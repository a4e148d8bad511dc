// What the PDF and the XLSX of a declaration are made from: the declaration as the API
// returns it (header fields, `goods`, `documents`) and the names of the codes it uses, so a
// printout reads "瑞丽海关" rather than "8613".

/** A goods line as `declarationDetails` returns it. */
export interface PrintGoods {
  itemNo: number;
  hsCode: string;
  goodsName: string;
  ciqName?: string | null;
  specModel?: string | null;
  qty: string;
  unit: string;
  unitPrice: string;
  totalPrice: string;
  currency: string;
  originCountry?: string | null;
  destCountry?: string | null;
  dutyMode?: string | null;
  legalQty1?: string | null;
  legalUnit1?: string | null;
  legalQty2?: string | null;
  legalUnit2?: string | null;
  licences?: { licenceType: string; licenceNo: string; verifiedSerial?: string | null; qty?: string | null; unit?: string | null }[];
  [field: string]: unknown;
}

export interface PrintDocument {
  fileId: number;
  docType: string;
  docNo: string | null;
  file?: { name: string; createdByName?: string | null; createdAt?: string | null } | null;
}

/** A declaration as `getRow(declarationResource, …)` returns it. */
export type PrintDeclaration = Record<string, unknown> & { goods?: PrintGoods[]; documents?: PrintDocument[] };

export interface CodeName {
  zh: string;
  en: string | null;
}

/** The kinds of code a declaration carries, each with its own code table. */
export type CodeKind = 'customs' | 'country' | 'port' | 'transportMode' | 'tradeMode' | 'levyNature' | 'transactionMode' | 'packageType' | 'unit' | 'currency';

export type CodeNames = Partial<Record<CodeKind, Record<string, CodeName>>>;

/** Header field → the code table its value comes from. */
export const HEADER_CODES: Record<string, CodeKind> = {
  ieCustoms: 'customs',
  declCustoms: 'customs',
  transportMode: 'transportMode',
  supervisionMode: 'tradeMode',
  levyNature: 'levyNature',
  transactionMode: 'transactionMode',
  packageType: 'packageType',
  departCountry: 'country',
  tradeCountry: 'country',
  portOfCall: 'port',
  entryPort: 'port',
};

/** Goods-line field → the code table its value comes from. */
export const GOODS_CODES: Record<string, CodeKind> = {
  unit: 'unit',
  legalUnit1: 'unit',
  legalUnit2: 'unit',
  currency: 'currency',
  originCountry: 'country',
  destCountry: 'country',
};

/** Header fields whose values are catalogue labels (`customs:declarations.<prefix>.<value>`). */
export const HEADER_ENUMS: Record<string, string> = {
  ieFlag: 'ie',
  status: 'state',
  qualificationCategory: 'qualification',
  declKind: 'declKinds',
};

export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The name of a code in one language (Chinese when there is no English one), or ''. */
export function codeName(names: CodeNames | undefined, kind: CodeKind, code: unknown, lang: 'zh' | 'en' = 'zh'): string {
  const c = text(code);
  const n = c ? names?.[kind]?.[c] : undefined;
  if (!n) return '';
  return lang === 'en' ? (n.en ?? n.zh) : n.zh;
}

/** "20000.00000" → "20000", "0.65000" → "0.65": quantities and weights as a person writes them. */
export function plainNumber(v: unknown): string {
  const s = text(v);
  return /^-?\d+\.\d+$/.test(s) ? s.replace(/\.?0+$/, '') : s;
}
