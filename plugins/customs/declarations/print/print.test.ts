// Printing and exporting a declaration on a fresh seeded MariaDB: the PDF in the official
// layout (parsed back, its text read through the fonts' ToUnicode maps), the XLSX, and who may
// have them (the list permission, and the declaration's row restriction).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../../tests/support/suite';
import { envelope, req, respond } from '../../../../tests/support/http';
import { makeRole, makeUser, resourceApi, sessionUser } from '../../../../tests/support/resource';
import { loginAs } from '../../../../tests/support/session';
import { tFor } from '../../../../core/i18n/i18n.server';
import { getRow } from '../../../../core/resource/service.server';
import { loader as printLoader } from '../routes/api.print';
import { loader as xlsxLoader } from '../routes/api.xlsx';
import { DECL_PERMISSIONS } from '../declaration';
import { declarationResource } from '../declaration.server';
import { importDeclaration } from '../fixtures';
import { loadCodeNames } from './codes.server';
import { GOODS_PER_PAGE, renderDeclarationPdf } from './pdf.server';
import type { PrintDeclaration } from './printable';

const db = setUpTestDb({ logins: ['broker'] });
const { cookies } = db;
const broker = resourceApi('customs', 'declaration', db.as('broker'));
let declId: number;
let seqNo: string;

/** The broker's import declaration (the shared fixture) with `lines` goods lines (peas, beans, peas …), submitted and given its pre-entry number. */
async function insertDeclaration(lines: number, over: { header?: Record<string, unknown>; goodsName?: string } = {}): Promise<{ id: number; seqNo: string }> {
  const [peas, beans] = importDeclaration().goods as Record<string, unknown>[];
  const goods = Array.from({ length: lines }, (_, i) => ({ ...(i % 2 ? beans : peas), ...(over.goodsName && { goodsName: over.goodsName }) }));
  const res = await broker.create(importDeclaration({ ...over.header, goods }));
  expect(res.code, res.msg).toBe(200);
  const id = Number(res.data.id);
  await db.knex('cus_declaration').where({ id }).update({ status: 'submitted', pre_entry_no: '861320261000000123' });
  return { id, seqNo: String(res.data.seqNo) };
}

beforeAll(async () => {
  ({ id: declId, seqNo } = await insertDeclaration(2));
});

const get = (loader: typeof printLoader, id: number | string, cookie: string, lng = 'zh') =>
  respond(loader, req(`/api/customs/declaration/${id}/${loader === xlsxLoader ? 'xlsx' : 'print'}?lng=${lng}`, { cookie }), { id: String(id) });

// ---- Reading text back out of the PDF (pdfkit writes CIDs; ToUnicode maps them back) --------

function streamText(doc: PDFDocument, obj: PDFObject | undefined): string {
  const s = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  if (!(s instanceof PDFRawStream)) return '';
  const filter = s.dict.get(PDFName.of('Filter'));
  const bytes = Buffer.from(s.contents);
  return (filter === PDFName.of('FlateDecode') ? zlib.inflateSync(bytes) : bytes).toString('latin1');
}

function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(m[1], 16), hex(m[2]));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      if (m[3].startsWith('[')) [...m[3].matchAll(/<([0-9a-fA-F]*)>/g)].forEach((d, i) => map.set(lo + i, hex(d[1])));
      else for (let c = lo; c <= hi; c++) map.set(c, String.fromCodePoint(parseInt(m[3].slice(1, -1), 16) + (c - lo)));
    }
  }
  return map;
}

/** A PDF literal string (pdfkit escapes \\, ( and ) and control characters; UTF-16BE after a BOM). */
function pdfLiteral(raw: string): string {
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] === '\\' ? (escapes[raw[i + 1]] ?? raw[i + 1]) : raw[i];
    if (raw[i] === '\\') i++;
    bytes.push(c.charCodeAt(0) & 0xff);
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.slice(2)).swap16().toString('utf16le');
  return Buffer.from(bytes).toString('latin1');
}

/** Marked content with an ActualText (shaped Burmese) reads as that text, as PDF readers do. */
const ACTUAL_TEXT = /\/Span\s*<<\s*\/ActualText\s*\(((?:\\[\s\S]|[^\\)])*)\)\s*>>\s*BDC[\s\S]*?EMC/g;

/** The fonts a PDF embeds (BaseFont names without the subset tag). */
async function pdfFonts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const names = new Set<string>();
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [, ref] of fonts?.entries() ?? []) names.add(String(doc.context.lookup(ref, PDFDict).get(PDFName.of('BaseFont'))).replace(/^\/[A-Z]{6}\+/, ''));
  }
  return [...names];
}

/** The text of every page, one string per page (text runs joined by spaces). */
async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<number, string>>();
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      maps.set(name.asString(), toUnicodeMap(streamText(doc, font.get(PDFName.of('ToUnicode')))));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [page.node.get(PDFName.of('Contents'))];
    const ops = streams
      .map((s) => streamText(doc, s))
      .join('\n')
      .replace(ACTUAL_TEXT, (_, lit: string) => ` <<ACT:${Buffer.from(pdfLiteral(lit), 'utf8').toString('hex')}>> `);
    let map = new Map<number, string>();
    const runs: string[] = [];
    for (const m of ops.matchAll(/(\/[\w.-]+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|<<ACT:([0-9a-f]*)>>/g)) {
      if (m[4] !== undefined) runs.push(Buffer.from(m[4], 'hex').toString('utf8'));
      else if (m[1]) map = maps.get(m[1]) ?? new Map();
      else {
        const hexes = m[2] !== undefined ? [...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]) : [m[3]];
        runs.push(hexes.map((h) => (h.match(/.{4}/g) ?? []).map((c) => map.get(parseInt(c, 16)) ?? '?').join('')).join(''));
      }
    }
    return runs.join(' ');
  });
}

describe('printing a declaration', () => {
  it('answers a PDF in the official layout: title by the import flag, header values, both goods lines, one page', async () => {
    const res = await get(printLoader, declId, cookies.broker);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe(`inline; filename="${seqNo}.pdf"; filename*=UTF-8''${seqNo}.pdf`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(seqNo);
    const [text] = await pdfText(bytes);
    expect(text).toContain('中华人民共和国海关进口货物报关单');
    expect(text).toContain(seqNo);
    expect(text).toContain('861320261000000123');
    for (const s of ['境内收货人', '进境关别', '运输工具名称及航次号', '标记唛码及备注', '海关批注及签章', '德宏边境贸易有限公司', '瑞丽海关(8613)', '一般贸易(0110)', '缅甸(MM)', '40500.5']) {
      expect(text).toContain(s);
    }
    for (const s of ['0713109000', '干豌豆|0|0|食用|豌豆|干|||||', '13000.00', '0713319000', '绿豆', '16000.00', '20000千克', '美元', '照章征税']) expect(text).toContain(s);
    expect(text).toContain('1/1');
  });

  it('continues the goods on further pages, repeating the header with the page number', async () => {
    const lines = GOODS_PER_PAGE + 3;
    const { id, seqNo: longSeqNo } = await insertDeclaration(lines);
    const res = await get(printLoader, id, cookies.broker);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    const pages = await pdfText(bytes);
    expect(pages[0]).toContain('1/2');
    expect(pages[1]).toContain('2/2');
    expect(pages[1]).toContain(longSeqNo);
    expect(pages[1]).toContain('境内收货人');
  });

  it('adds English sub-labels for an English-speaking user, keeping the official Chinese form', async () => {
    const res = await get(printLoader, declId, cookies.broker, 'en');
    const [text] = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('中华人民共和国海关进口货物报关单');
    expect(text).toContain('IMPORT GOODS DECLARATION');
    expect(text).toContain('Customs of entry');
    expect(text).toContain('Description & specification');
    expect(text).toContain('照章征税');
  });

  it('prints Burmese sub-labels for a Burmese-speaking user and Burmese data in the embedded Myanmar font', async () => {
    const overseas = 'ရွှေရိတ်သိမ်း ကုမ္ပဏီ လီမိတက်';
    const goodsName = 'မြန်မာ ပဲတီစိမ်း';
    const { id } = await insertDeclaration(1, { header: { overseasName: overseas, storagePlace: 'မူဆယ် ကုန်လှောင်ရုံ 2' }, goodsName });
    const res = await get(printLoader, id, cookies.broker, 'my');
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // PRINT_SAMPLE_DIR=/tmp/x keeps the printout, to look at (pdftoppm -png).
    if (process.env.PRINT_SAMPLE_DIR) fs.writeFileSync(path.join(process.env.PRINT_SAMPLE_DIR, 'declaration-my.pdf'), bytes);
    expect(await pdfFonts(bytes)).toEqual(expect.arrayContaining([expect.stringMatching(/^NotoSansMyanmar/)]));
    const [text] = await pdfText(bytes);
    // The official form stays Chinese; the sub-labels are Burmese, not English.
    expect(text).toContain('中华人民共和国海关进口货物报关单');
    expect(text).toContain('တရုတ်ပြည်သူ့သမ္မတနိုင်ငံ အကောက်ခွန် သွင်းကုန်ကြေညာလွှာ');
    for (const s of ['နိုင်ငံခြား ကုန်ပို့သူ', 'ဝင်ရောက်ရာ နယ်စပ်ဂိတ်', 'ကုန်ပစ္စည်းအမည်နှင့် အမျိုးအစား', 'အကောက်ခွန် မှတ်ချက်နှင့် တံဆိပ်']) expect(text).toContain(s);
    expect(text).not.toContain('Customs of entry');
    for (const s of [overseas, goodsName, 'မူဆယ် ကုန်လှောင်ရုံ', '0713109000', '德宏边境贸易有限公司']) expect(text).toContain(s);

    // A Chinese user's printout of the same declaration still prints the Burmese data (and no Burmese labels).
    const zh = new Uint8Array(await (await get(printLoader, id, cookies.broker, 'zh')).arrayBuffer());
    expect(await pdfFonts(zh)).toEqual(expect.arrayContaining([expect.stringMatching(/^NotoSansMyanmar/)]));
    const [zhText] = await pdfText(zh);
    expect(zhText).toContain(overseas);
    expect(zhText).not.toContain('နိုင်ငံခြား ကုန်ပို့သူ');
  });

  it('renders a two-line declaration in well under a second once the fonts are loaded', async () => {
    const broker = await sessionUser(db.knex, 'broker');
    const t = tFor('zh');
    const decl = (await getRow(declarationResource, broker, declId, t)) as PrintDeclaration;
    const names = await loadCodeNames(decl, { ...db.registry.context(db.knex), user: broker });
    await renderDeclarationPdf(decl, t, 'zh', names);
    const started = performance.now();
    const pdf = await renderDeclarationPdf(decl, t, 'zh', names);
    const ms = performance.now() - started;
    expect(pdf.length).toBeLessThan(300 * 1024);
    expect(ms).toBeLessThan(2000);
  });
});

describe('exporting a declaration as XLSX', () => {
  it('has the header fields, both goods lines and the documents sheet', async () => {
    const res = await get(xlsxLoader, declId, cookies.broker);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('Content-Disposition')).toContain(`attachment; filename="${seqNo}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets.map((s) => s.name)).toEqual(['表头', '商品', '随附单证']);
    const head = new Map<string, unknown[]>();
    wb.getWorksheet('表头')!.eachRow((row) => head.set(String(row.getCell(1).value), [row.getCell(2).value, row.getCell(3).value]));
    expect(head.get('统一编号')).toEqual([seqNo, '']);
    expect(head.get('进出口标志')).toEqual(['I', '进口']);
    expect(head.get('进/出境关别')).toEqual(['8613', '瑞丽海关']);
    expect(head.get('监管方式')).toEqual(['0110', '一般贸易']);
    expect(head.get('境内收发货人名称')?.[0]).toBe('德宏边境贸易有限公司');
    expect(head.get('件数')?.[0]).toBe(800);
    const goods = wb.getWorksheet('商品')!;
    expect(goods.rowCount).toBe(3);
    const headers = (goods.getRow(1).values as unknown[]).slice(1);
    const col = (label: string) => headers.indexOf(label) + 1;
    expect(goods.getRow(2).getCell(col('商品编号')).value).toBe('0713109000');
    expect(goods.getRow(2).getCell(col('商品名称')).value).toBe('干豌豆');
    expect(goods.getRow(3).getCell(col('商品编号')).value).toBe('0713319000');
    expect(goods.getRow(3).getCell(col('总价')).value).toBe('16000.00');
    expect(goods.getRow(3).getCell(col('成交单位')).value).toBe('035 千克');
  });
});

describe('exporting a declaration as XLSX in the user language', () => {
  it('names the sheets and the column headers in English or Burmese', async () => {
    const sheets = async (lng: string) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await (await get(xlsxLoader, declId, cookies.broker, lng)).arrayBuffer());
      return wb;
    };
    const en = await sheets('en');
    expect(en.worksheets.map((s) => s.name)).toEqual(['Header', 'Goods', 'Documents']);
    const my = await sheets('my');
    expect(my.worksheets.map((s) => s.name)).toEqual(['ခေါင်းစီး', 'ကုန်ပစ္စည်း', 'ပူးတွဲစာရွက်စာတမ်း']);
    expect((my.worksheets[1].getRow(1).values as unknown[]).some((v) => typeof v === 'string' && /[\u1000-\u109F]/.test(v))).toBe(true);
  });
});

describe('who may print', () => {
  it('answers 404 to a broker who may not see the declaration, and 403 to a user without the list permission', async () => {
    const role = await makeRole(db.knex, { menus: ['customsDeclare', 'customsDeclare.declaration'], permissions: [DECL_PERMISSIONS.list] });
    const otherBroker = await makeUser(db.knex, { roleIds: [role], userType: 5 });
    const noPerm = await makeUser(db.knex, { roleIds: [], userType: 5 });
    const otherCookie = await loginAs(otherBroker.username);
    const noPermCookie = await loginAs(noPerm.username);
    for (const loader of [printLoader, xlsxLoader]) {
      const hidden = await get(loader, declId, otherCookie);
      expect(hidden.status).toBe(404);
      expect((await envelope(hidden)).code).toBe(404);
      const refused = await get(loader, declId, noPermCookie);
      expect(refused.status).toBe(403);
      expect((await envelope(refused)).code).toBe(403);
      expect((await get(loader, 999999, cookies.broker)).status).toBe(404);
    }
  });
});
