// Streamed CSV and XLSX export of a resource's list, with the same filters, sort and data
// scope as the screen, headers in the user's language. Rows are read in batches (MySQL:
// a server-side stream) and written as they come, so a million rows never sit in memory.
import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';

type Stream = Writable & { _writableState?: { needDrain?: boolean } };
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { getKnex, isMysql } from '../db/knex.server';
import type { SessionUser } from '../rbac/menu';
import { formatDate, formatDateTime } from '../i18n/dates';
import { columnOf, exported, type FieldDef } from './define';
import { htmlText } from './html';
import type { Row, ServerResource } from './define.server';
import { listQueryBuilder, toApiRow, type ListQuery } from './service.server';

const BATCH = 2000;

async function* rawRows(qb: Knex.QueryBuilder, knex: Knex): AsyncGenerator<Row> {
  if (isMysql(knex)) {
    const stream = qb.stream();
    for await (const row of stream as AsyncIterable<Row>) yield row;
    return;
  }
  for (let offset = 0; ; offset += BATCH) {
    const rows: Row[] = await qb.clone().limit(BATCH).offset(offset);
    if (!rows.length) return;
    yield* rows;
    if (rows.length < BATCH) return;
  }
}

/** API rows in export order, decorated and handed on in batches of 500. */
async function* apiBatches(sr: ServerResource, user: SessionUser, q: ListQuery, knex: Knex): AsyncGenerator<Row[]> {
  const { qb } = await listQueryBuilder(sr, user, q, knex);
  let batch: Row[] = [];
  const flush = async () => {
    if (sr.hooks.decorate) await sr.hooks.decorate(batch, knex);
    const full = batch;
    batch = [];
    return full;
  };
  for await (const r of rawRows(qb, knex)) {
    batch.push(toApiRow(sr, r));
    if (batch.length >= 500) yield await flush();
  }
  if (batch.length) yield await flush();
}

export function cellValue(f: FieldDef, v: unknown, t: TFunction): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (f.type === 'enum') return t(f.options?.find((o) => o.value === String(v))?.labelKey ?? String(v));
  if (f.type === 'boolean') return v ? t('core:common.yes') : t('core:common.no');
  // The same formats as the screens (core/i18n/dates.ts): YYYY-MM-DD HH:mm:ss in the platform zone.
  if (f.type === 'datetime') return formatDateTime(v) || null;
  if (f.type === 'date') return formatDate(v) || String(v);
  if (f.type === 'refs' && Array.isArray(v)) return v.join(', ');
  if (f.type === 'html') return htmlText(v);
  if (f.type === 'integer' || f.type === 'number') return Number(v);
  return String(v);
}

function csvCell(v: string | number | boolean | null): string {
  if (v === null) return '';
  const s = String(v);
  // Cells starting with = + - @ would run as formulas in Excel: neutralise them.
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function exportFields(sr: ServerResource): FieldDef[] {
  return sr.def.fields.filter((f) => exported(f) && (columnOf(f) !== null || f.type === 'refs' || f.list !== false));
}

/**
 * Waits for `w` to drain or `out` to close, whichever comes first, and leaves no listener behind
 * on either (an export waits thousands of times on the same `out`).
 */
async function drainedOrClosed(w: Stream, out: Stream): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([once(w, 'drain', { signal: done.signal }), once(out, 'close', { signal: done.signal })]);
  } finally {
    done.abort();
  }
}

export function exportStream(sr: ServerResource, user: SessionUser, q: ListQuery, format: 'csv' | 'xlsx', t: TFunction, knex: Knex = getKnex()): Readable {
  const fields = exportFields(sr);
  const headers = fields.map((f) => t(f.labelKey));
  if (format === 'csv') {
    return Readable.from(
      (async function* () {
        yield '\uFEFF' + headers.map(csvCell).join(',') + '\r\n';
        // One chunk per batch: a chunk per row costs more in the stream layers than the row does.
        for await (const rows of apiBatches(sr, user, q, knex)) yield rows.map((row) => fields.map((f) => csvCell(cellValue(f, row[f.name], t))).join(',') + '\r\n').join('');
      })(),
    );
  }
  const out = new PassThrough();
  (async () => {
    // exceljs loads on first use: most processes never write a workbook.
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet(t(sr.def.titleKey).slice(0, 31));
    ws.addRow(headers).commit();
    for await (const rows of apiBatches(sr, user, q, knex)) {
      for (const row of rows) ws.addRow(fields.map((f) => cellValue(f, row[f.name], t))).commit();
      // exceljs never waits for its readers: the sheet's buffer writes into the zip's deflate
      // stream (its `pipes`) whatever that stream's backlog, and the zip into `out` whatever the
      // download's. Wait here while either is behind; a download cancelled meanwhile closes
      // `out`: stop, which ends the database stream too.
      // (The zip's streams are readable-stream's, which keep the flag in their state only.)
      const sheet = (ws as unknown as { stream: { pipes?: Stream[] } }).stream;
      for (const w of [...(sheet.pipes ?? []), out as Stream]) if (w.writableNeedDrain ?? w._writableState?.needDrain) await drainedOrClosed(w, out);
      if (out.destroyed) return;
    }
    ws.commit();
    await wb.commit();
  })().catch((e) => out.destroy(e as Error));
  return out;
}
