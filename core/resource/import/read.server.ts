// Reading an uploaded file: what it is (by its bytes), and its first sheet's rows as plain
// cells, from XLSX (streamed) or UTF-8 CSV.
import fs from 'node:fs';
// exceljs itself loads on first use (below): most processes never read a workbook.
import type ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { ImportFileError, type Cell, type ImportFormat, type SheetRow } from './types';

/** What the bytes are (not what the name says): xlsx (zip), UTF-8 csv, or null. */
export function sniffFormat(buf: Uint8Array): ImportFormat | null {
  if (buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04) return 'xlsx';
  return decodeUtf8(buf) === null ? null : 'csv';
}

/** The text of a UTF-8 file without its BOM; null when it is not UTF-8 text. */
export function decodeUtf8(buf: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    return null;
  }
  // Binary files often decode "fine" by chance; text never carries NUL bytes.
  if (text.includes('\u0000')) return null;
  return text;
}

/** RFC 4180: quoted fields with "" escapes, commas and line breaks inside quotes, CRLF or LF. */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || record.length > 0 || quoted) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Export writes `'=...` so a spreadsheet does not run it as a formula: take the quote off again. */
function unneutralise(s: string): string {
  return /^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s;
}

/** An exceljs cell value as a plain value (rich text joined, formulas by their result). */
function plainCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return (o.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
    if ('error' in o) return null;
    if ('formula' in o || 'sharedFormula' in o || 'result' in o) return plainCell(o.result);
    if ('text' in o) return plainCell(o.text);
  }
  return String(v);
}

async function readXlsx(file: string): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  const { default: ExcelJS } = await import('exceljs');
  const stream = fs.createReadStream(file);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    let first = true;
    for await (const ws of reader) {
      // Later sheets are read through too: leaving the reader early leaks its temporary files.
      for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
        if (!first) continue;
        const values = row.values as unknown[];
        const cells: Cell[] = [];
        for (let c = 1; c < values.length; c++) cells.push(plainCell(values[c]));
        rows.push({ num: row.number, cells });
      }
      first = false;
    }
  } finally {
    stream.destroy();
  }
  return rows;
}

function readCsv(text: string): SheetRow[] {
  return parseCsv(text).map((cells, i) => ({ num: i + 1, cells: cells.map(unneutralise) }));
}

export function isEmpty(c: Cell): boolean {
  return c === null || (typeof c === 'string' && c.trim() === '');
}

/**
 * The rows of a stored upload (CSV by its name, else XLSX). A file that cannot be read, or
 * that is gone when a run takes over an interrupted import, is an ImportFileError.
 */
export async function readUpload(filePath: string, t: TFunction, resumed: boolean): Promise<SheetRow[]> {
  try {
    if (resumed && !fs.existsSync(filePath)) throw new ImportFileError(t('core:import.interrupted'));
    if (filePath.endsWith('.csv')) {
      const text = decodeUtf8(await fs.promises.readFile(filePath));
      if (text === null) throw new ImportFileError(t('core:import.notUtf8'));
      return readCsv(text);
    }
    return await readXlsx(filePath);
  } catch (e) {
    if (e instanceof ImportFileError) throw e;
    throw new ImportFileError(t('core:import.unreadable'));
  }
}
