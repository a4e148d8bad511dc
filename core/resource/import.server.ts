// Import of a resource from XLSX or CSV: the upload is checked and stored outside the web root,
// a sys_import row records it and the `core.resourceImport` job processes it. Every row is
// converted (labels in any language, Excel dates, yes/no, enum and lookup labels) and validated
// with the resource's own schema; all-or-nothing runs in one transaction, valid-rows-only keeps
// the good rows. Progress goes to sys_import as it runs; errors come back as an XLSX report.
import crypto from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { requireUser } from '../auth/guard.server';
import { clientIp } from '../auth/session.server';
import { dataDir, getKnex, isMysql } from '../db/knex.server';
import { ApiError, CODE, FieldError, handleApi, ok } from '../http/envelope.server';
import { getLang, getT, tFor } from '../i18n/i18n.server';
import { DEFAULT_LANG, isLang, LANGS, type Lang } from '../i18n/i18n';
import type { LookupOption } from '../plugin';
import { hasPermission, loadSessionUser, type SessionUser } from '../rbac/access.server';
import { getRegistry, type Registry } from '../registry.server';
import { enqueueJob, getScheduler } from '../jobs/scheduler.server';
import { columnOf, imported, resourceKey, type FieldDef, type ResourceDef } from './define';
import type { Actor, Row, ServerResource, WriteContext } from './define.server';
import { findResource } from './api.server';
import { writeAudit } from './audit.server';
import { createRow, zodFieldErrors } from './service.server';

export const IMPORT_JOB = 'core.resourceImport';
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many rows are listed in the error report (the failed count goes on). */
export const ERROR_CAP = 5000;
/** `processed` is written to sys_import every this many rows. */
export const PROGRESS_EVERY = 100;
const CHUNK = 500;
/**
 * On SQLite (one connection) valid-rows-only commits smaller chunks and pauses between them,
 * long enough for a waiting request's few queries: the dialog's progress poll and other
 * users' requests are answered while a long import runs.
 */
const SQLITE_CHUNK = 100;
const SQLITE_YIELD_MS = 25;
/** Placeholders per statement: MySQL allows 65,535, SQLite 32,766. */
const MAX_PLACEHOLDERS = 30_000;
/** What of the error list is kept in the sys_import.errors TEXT column (64 KB on MySQL). */
const ERRORS_COLUMN_BYTES = 60_000;

export type ImportMode = 'all' | 'valid';
export type ImportFormat = 'xlsx' | 'csv';
export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ImportRowError {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  /** Field label (in the importing user's language) → message; '' for the row as a whole. */
  errors: Record<string, string>;
}

export interface ImportSummary {
  id: number;
  status: ImportStatus;
  total: number;
  inserted: number;
  failed: number;
  message: string | null;
}

// ---------------------------------------------------------------------------------------------
// Reading files

type Cell = string | number | boolean | Date | null;

interface SheetRow {
  /** 1-based row number as the user sees it in the spreadsheet. */
  num: number;
  cells: Cell[];
}

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

function isEmpty(c: Cell): boolean {
  return c === null || (typeof c === 'string' && c.trim() === '');
}

// ---------------------------------------------------------------------------------------------
// Headers and cells

/** How headers and labels are compared: case, spaces, full-width forms and a required '*' ignored. */
export function normalizeLabel(v: unknown): string {
  return String(v ?? '')
    .normalize('NFKC')
    .replace(/[\s*]/g, '')
    .toLowerCase();
}

function cellText(c: Cell): string {
  if (c === null) return '';
  if (c instanceof Date) return c.toISOString();
  return String(c);
}

export function importFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter(imported);
}

/** Column index → field, by the field's label in any language or its name; the first header wins. */
export function mapHeader(def: ResourceDef, header: Cell[]): { index: number; field: FieldDef }[] {
  const byLabel = new Map<string, FieldDef>();
  const fields = importFields(def);
  for (const f of fields) {
    for (const key of [f.name, ...LANGS.map((l) => tFor(l)(f.labelKey))]) {
      const k = normalizeLabel(key);
      if (k && !byLabel.has(k)) byLabel.set(k, f);
    }
  }
  const used = new Set<string>();
  const out: { index: number; field: FieldDef }[] = [];
  header.forEach((h, index) => {
    const f = byLabel.get(normalizeLabel(cellText(h)));
    if (f && !used.has(f.name)) {
      used.add(f.name);
      out.push({ index, field: f });
    }
  });
  return out;
}

interface Converters {
  t: TFunction;
  boolTrue: Set<string>;
  boolFalse: Set<string>;
  enums: Map<string, Map<string, string>>;
  refs: Map<string, { values: Set<string>; labels: Map<string, string> } | null>;
}

async function converters(def: ResourceDef, t: TFunction, registry: Registry, knex: Knex, user: SessionUser): Promise<Converters> {
  const langs = LANGS.map((l) => tFor(l));
  const boolTrue = new Set(['true', '1', 'yes', 'y', '是', ...langs.map((tl) => normalizeLabel(tl('core:common.yes')))]);
  const boolFalse = new Set(['false', '0', 'no', 'n', '否', ...langs.map((tl) => normalizeLabel(tl('core:common.no')))]);
  const enums = new Map<string, Map<string, string>>();
  const refs: Converters['refs'] = new Map();
  for (const f of importFields(def)) {
    if (f.type === 'enum') {
      const m = new Map<string, string>();
      for (const o of f.options ?? []) m.set(normalizeLabel(o.value), o.value);
      for (const o of f.options ?? []) {
        for (const tl of langs) {
          const k = normalizeLabel(tl(o.labelKey));
          if (!m.has(k)) m.set(k, o.value);
        }
      }
      enums.set(f.name, m);
    }
    if ((f.type === 'ref' || f.type === 'refs') && f.lookup && !refs.has(f.lookup)) {
      const fn = registry.lookups.get(f.lookup);
      if (!fn) {
        refs.set(f.lookup, null);
        continue;
      }
      const options: LookupOption[] = await fn(registry.context(knex), user);
      const values = new Set(options.map((o) => String(o.value)));
      const labels = new Map<string, string>();
      for (const o of options) {
        const texts = o.label.includes(':') ? langs.map((tl) => tl(o.label)) : [o.label];
        for (const text of texts) {
          const k = normalizeLabel(text);
          if (k && !labels.has(k)) labels.set(k, String(o.value));
        }
      }
      refs.set(f.lookup, { values, labels });
    }
  }
  return { t, boolTrue, boolFalse, enums, refs };
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const TEXT_TYPES = new Set(['string', 'text', 'password']);

function toNumber(c: Cell): number | null {
  if (typeof c === 'number') return Number.isFinite(c) ? c : null;
  if (typeof c === 'boolean' || c instanceof Date || c === null) return null;
  const s = c.trim().replace(/[\s,]/g, '');
  return NUMBER.test(s) ? Number(s) : null;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A date cell (Excel date, serial number or a written date) as YYYY-MM-DD, or null. */
export function toIsoDate(c: Cell): string | null {
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? null : c.toISOString().slice(0, 10);
  if (typeof c === 'number') {
    // An Excel serial day number (1900 date system) in a cell without a date format.
    if (c < 1 || c > 2_958_465) return null;
    return new Date(Date.UTC(1899, 11, 30) + Math.floor(c) * 86_400_000).toISOString().slice(0, 10);
  }
  if (typeof c !== 'string') return null;
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T].*)?$/.exec(c.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

function toIsoDateTime(c: Cell): string | null {
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? null : c.toISOString();
  if (typeof c === 'number') {
    if (c < 1 || c > 2_958_465) return null;
    return new Date(Date.UTC(1899, 11, 30) + Math.round(c * 86_400_000)).toISOString();
  }
  if (typeof c !== 'string') return null;
  const s = c.trim();
  // Export writes UTC as `YYYY-MM-DD HH:mm:ss`.
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (m) {
    const d = new Date(`${m[1]}T${m[2]}${m[3] ?? 'Z'}`);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  const day = toIsoDate(s);
  return day ? `${day}T00:00:00.000Z` : null;
}

function toText(c: Cell): string {
  if (c instanceof Date) {
    const iso = c.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('T', ' ').slice(0, 19);
  }
  return String(c).trim();
}

type Converted = { ok: true; value: unknown } | { ok: false; message: string };

function convertCell(f: FieldDef, c: Cell, label: string, cv: Converters): Converted {
  const { t } = cv;
  const bad = (key: string, vars: Record<string, unknown> = {}): Converted => ({ ok: false, message: t(key, { field: label, value: cellText(c), ...vars }) });
  switch (f.type) {
    case 'integer':
    case 'number': {
      const n = toNumber(c);
      return n === null ? bad('core:resource.mustBeNumber') : { ok: true, value: n };
    }
    case 'money': {
      const n = toNumber(c);
      if (n === null) return bad('core:resource.mustBeNumber');
      return { ok: true, value: typeof c === 'number' ? String(c) : String(c).trim().replace(/[\s,]/g, '') };
    }
    case 'boolean': {
      if (typeof c === 'boolean') return { ok: true, value: c };
      const k = normalizeLabel(cellText(c));
      if (cv.boolTrue.has(k)) return { ok: true, value: true };
      if (cv.boolFalse.has(k)) return { ok: true, value: false };
      return bad('core:import.badBoolean');
    }
    case 'date': {
      const d = toIsoDate(c);
      return d ? { ok: true, value: d } : bad('core:import.badDate');
    }
    case 'datetime': {
      const d = toIsoDateTime(c);
      return d ? { ok: true, value: d } : bad('core:import.badDate');
    }
    case 'enum': {
      const v = cv.enums.get(f.name)?.get(normalizeLabel(toText(c)));
      return v === undefined ? bad('core:import.notAllowed') : { ok: true, value: v };
    }
    case 'ref':
    case 'refs': {
      const opts = f.lookup ? cv.refs.get(f.lookup) : null;
      const one = (raw: string): string | null => {
        if (!opts) return raw;
        if (opts.values.has(raw)) return raw;
        return opts.labels.get(normalizeLabel(raw)) ?? null;
      };
      // Values stay strings: a numeric id is coerced by the schema, a code keeps its leading zeros.
      const typed = (v: string): unknown => v;
      if (f.type === 'ref') {
        const v = one(toText(c));
        // An Excel number may be a code that lost its leading zeros: the schema decides.
        if (v === null && typeof c === 'number') return { ok: true, value: c };
        return v === null ? bad('core:import.notAllowed') : { ok: true, value: typed(v) };
      }
      const parts = toText(c)
        .split(/[,，、;；]/)
        .map((s) => s.trim())
        .filter(Boolean);
      const values: string[] = [];
      for (const p of parts) {
        const v = one(p);
        if (v === null) return { ok: false, message: t('core:import.notAllowed', { field: label, value: p }) };
        values.push(v);
      }
      return { ok: true, value: values };
    }
    default:
      return { ok: true, value: toText(c) };
  }
}

// ---------------------------------------------------------------------------------------------
// Processing

class RollBackAll extends Error {}

class ImportFileError extends Error {}

/** Database errors that belong to one row (duplicate key, too long, bad reference), not the run. */
function rowDbError(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT') return null;
  if (code.startsWith('ER_') || code.startsWith('SQLITE_CONSTRAINT') || code === 'WARN_DATA_TRUNCATED') return code;
  return null;
}

function defaultToDb(def: ResourceDef, input: Row): Row {
  const out: Row = {};
  for (const f of def.fields) {
    const col = columnOf(f);
    if (!col || col.includes('.') || !(f.name in input) || f.type === 'password' || f.type === 'refs') continue;
    const v = input[f.name];
    out[col] = v === '' ? null : v;
  }
  return out;
}

export interface ProcessOptions {
  knex?: Knex;
  registry?: Registry;
  /** The importing user's language: messages and the error report are in it (default: the row's). */
  lang?: string;
  /** The uploader's address, for the audit log (default: the row's). */
  ip?: string | null;
  /**
   * How long to wait for an import another runner is still working on (its heartbeat is
   * fresh) to become free; then it is left to that runner. Default: twice the stale time.
   */
  waitMs?: number;
}

function errorsFile(filePath: string): string {
  return filePath.replace(/\.[^./\\]+$/, '') + '.errors.json';
}

/**
 * A running import whose heartbeat is older than this belongs to a runner that is gone (a
 * killed worker or web process): another runner may take it over. IMPORT_STALE_MS, default 60 s.
 */
export function importStaleMs(): number {
  return Number(process.env.IMPORT_STALE_MS) || 60_000;
}

function heartbeatMs(): number {
  return Math.max(100, Math.floor(importStaleMs() / 4));
}

/** The part of the error list kept in the sys_import.errors column. */
function errorsForColumn(errors: ImportRowError[]): { json: string | null; whole: boolean } {
  if (!errors.length) return { json: null, whole: true };
  const json = JSON.stringify(errors);
  if (Buffer.byteLength(json) <= ERRORS_COLUMN_BYTES) return { json, whole: true };
  let lo = 0;
  let hi = errors.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (Buffer.byteLength(JSON.stringify(errors.slice(0, mid))) <= ERRORS_COLUMN_BYTES) lo = mid;
    else hi = mid - 1;
  }
  return { json: JSON.stringify(errors.slice(0, lo)), whole: false };
}

/** The claim of another runner was taken over (its heartbeat went stale): stop, write nothing. */
class LostClaim extends Error {}

/**
 * Marks the import as this runner's: a queued one, or a running one whose runner stopped
 * beating. One UPDATE, so of two runners at most one gets it.
 */
async function claimImport(knex: Knex, importId: number, token: string): Promise<boolean> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - importStaleMs());
  const n = await knex('sys_import')
    .where({ id: importId })
    .andWhere((q) =>
      q.where('status', 'queued').orWhere((r) => r.where('status', 'running').andWhere((h) => h.whereNull('heartbeat_at').orWhere('heartbeat_at', '<', cutoff))),
    )
    .update({ status: 'running', claimed_by: token, heartbeat_at: now });
  return n > 0;
}

/**
 * Runs one import to its end. Never throws for a problem with the file or its rows.
 *
 * Valid-rows-only goes in chunks of CHUNK rows (SQLITE_CHUNK on SQLite), each committed in one transaction together
 * with the import's cursor (`processed`), counts and errors so far: a runner that takes over
 * an import whose runner died (BullMQ redelivers its stalled job, or core.importRecovery
 * hands it over again) continues after the last committed chunk, and no chunk goes in twice.
 * All-or-nothing writes every row in one transaction (undone when any row fails), so a killed
 * run left nothing and the next one starts again from the first row.
 */
export async function processImport(importId: number, opts: ProcessOptions = {}): Promise<ImportSummary> {
  const knex = opts.knex ?? getKnex();
  const registry = opts.registry ?? getRegistry();
  const token = `${os.hostname()}:${process.pid}:${crypto.randomBytes(6).toString('hex')}`.slice(0, 100);

  let row: Row | undefined;
  const waitUntil = Date.now() + (opts.waitMs ?? 2 * importStaleMs());
  for (;;) {
    const claimed = await claimImport(knex, importId, token);
    row = await knex('sys_import').where({ id: importId }).first();
    if (!row) throw new Error(`import ${importId} not found`);
    if (claimed) break;
    // Done, failed, or still beating after the wait: not this runner's.
    if (row.status !== 'running' || Date.now() >= waitUntil) return summaryOf(row);
    await new Promise((r) => setTimeout(r, Math.min(1000, heartbeatMs())));
  }
  const lang: Lang = isLang(opts.lang) ? opts.lang : isLang(row.lang) ? row.lang : DEFAULT_LANG;
  const t = tFor(lang);
  const ip = opts.ip ?? (row.ip ? String(row.ip) : null);
  const mode: ImportMode = row.mode === 'valid' ? 'valid' : 'all';
  /** Taken over from a runner that stopped part-way. */
  const resumed = Number(row.total) > 0 || Number(row.processed) > 0 || Number(row.inserted) > 0 || Number(row.failed) > 0;

  const filePath = String(row.file_path);
  let total = 0;
  let processed = 0;
  let inserted = 0;
  /** Rows in committed transactions (valid-rows-only commits chunk by chunk). */
  let committed = 0;
  let failed = 0;
  let errors: ImportRowError[] = [];
  let reported = 0;
  let inTransaction = false;
  let lost = false;
  const mysql = isMysql(knex);

  // The heartbeat tells other runners this import is being worked on. SQLite has one
  // connection: during a transaction nobody else can read the row either.
  const beat = setInterval(() => {
    if (inTransaction && !mysql) return;
    knex('sys_import')
      .where({ id: importId, claimed_by: token })
      .update({ heartbeat_at: new Date() })
      .then((n) => {
        if (!n) lost = true;
      })
      .catch(() => undefined);
  }, heartbeatMs());
  beat.unref?.();

  const finish = async (status: 'done' | 'failed', message: string) => {
    clearInterval(beat);
    // Rows refused by the database are found after the rest of their chunk.
    errors.sort((a, b) => a.row - b.row);
    const { json: errorsJson, whole } = errorsForColumn(errors);
    // The whole list goes to a file next to the upload; the column keeps what fits.
    if (!whole) await fs.promises.writeFile(errorsFile(filePath), JSON.stringify(errors));
    const owner = await knex('sys_import').where({ id: importId }).first('claimed_by', 'status');
    if (owner?.claimed_by !== token || owner?.status !== 'running') throw new LostClaim();
    // The upload goes first: once the row says done, nothing of it is left.
    await fs.promises.rm(filePath, { force: true }).catch(() => undefined);
    await knex('sys_import')
      .where({ id: importId, claimed_by: token })
      .update({
        status,
        total,
        processed,
        inserted,
        failed,
        errors: errorsJson,
        message: message.slice(0, 500),
        finished_at: new Date(),
      });
    return { id: importId, status, total, inserted, failed, message } satisfies ImportSummary;
  };

  /** All-or-nothing's progress, written outside its transaction (not a cursor). */
  const progress = async (force = false) => {
    if (mode !== 'all') return;
    if (!force && processed - reported < PROGRESS_EVERY) return;
    // SQLite has one connection: while a transaction holds it, progress waits for the end.
    if (inTransaction && !mysql) return;
    reported = processed;
    await knex('sys_import').where({ id: importId, claimed_by: token }).update({ processed });
  };

  try {
    const sr = registry.resources.get(String(row.resource));
    if (!sr) throw new ImportFileError(t('core:import.noResource'));
    const def = sr.def;
    const user = await loadSessionUser(knex, Number(row.created_by));
    if (!user || user.userStatus !== '0' || !def.permissions.import || !hasPermission(user, def.permissions.import)) {
      throw new ImportFileError(t('core:http.forbidden'));
    }
    const actor: Actor = { user, ip };

    let sheet: SheetRow[];
    try {
      if (resumed && !fs.existsSync(filePath)) throw new ImportFileError(t('core:import.interrupted'));
      if (filePath.endsWith('.csv')) {
        const text = decodeUtf8(await fs.promises.readFile(filePath));
        if (text === null) throw new ImportFileError(t('core:import.notUtf8'));
        sheet = readCsv(text);
      } else {
        sheet = await readXlsx(filePath);
      }
    } catch (e) {
      if (e instanceof ImportFileError) throw e;
      throw new ImportFileError(t('core:import.unreadable'));
    }

    const headerAt = sheet.findIndex((r) => r.cells.some((c) => !isEmpty(c)));
    const columns = headerAt < 0 ? [] : mapHeader(def, sheet[headerAt].cells);
    if (!columns.length) throw new ImportFileError(t('core:import.noHeader'));
    const data = sheet.slice(headerAt + 1).filter((r) => r.cells.some((c) => !isEmpty(c)));
    sheet = [];
    total = data.length;
    if (!total) throw new ImportFileError(t('core:import.noRows'));

    /** Where this run starts: after the last committed chunk of an earlier runner. */
    let start = 0;
    if (mode === 'valid' && resumed) {
      start = Math.min(total, Math.max(0, Number(row.processed)));
      processed = start;
      inserted = committed = Number(row.inserted);
      failed = Number(row.failed);
      const before = start < total ? data[start].num : Infinity;
      // The errors of the committed chunks (a file written for a chunk that never committed
      // may hold more: those rows are read again).
      errors = (await reportOf(row)).filter((e) => e.row < before);
    } else if (mode === 'all' && resumed && Number(row.inserted) > 0) {
      // The earlier runner's transaction committed: every row is in.
      processed = total;
      inserted = committed = Number(row.inserted);
      return await finish('done', t('core:import.msgDone', { inserted }));
    }
    await knex('sys_import')
      .where({ id: importId, claimed_by: token })
      .update({ total, processed, inserted, failed, heartbeat_at: new Date() });

    const labels = new Map(def.fields.map((f) => [f.name, t(f.labelKey)]));
    const labelOf = (name: string) => (name === '_' || name === '' ? '' : (labels.get(name) ?? name));
    const cv = await converters(def, t, registry, knex, user);
    const schema = def.schema(t, 'create');
    // Without afterWrite, rows skip createRow's per-row savepoint, re-read and audit entry.
    const bulk = !sr.hooks.afterWrite;
    const key = resourceKey(def);

    const rowFailed = (num: number, errs: Record<string, string>) => {
      failed++;
      if (errors.length < ERROR_CAP) {
        const byLabel: Record<string, string> = {};
        for (const [k, v] of Object.entries(errs)) byLabel[labelOf(k)] = v;
        errors.push({ row: num, errors: byLabel });
      }
    };

    /** A row's cells as API input, checked with the create schema. */
    const parseRow = (r: SheetRow) => {
      const input: Row = {};
      /** Text fields that came as Excel numbers: a code schema may want the number (lost zeros). */
      const numbers: Row = {};
      let errs: Record<string, string> | null = null;
      for (const { index, field } of columns) {
        const c = r.cells[index] ?? null;
        if (isEmpty(c)) continue;
        const out = convertCell(field, c, labels.get(field.name) ?? field.name, cv);
        if (out.ok) input[field.name] = out.value;
        else (errs ??= {})[field.name] = out.message;
        if (typeof c === 'number' && TEXT_TYPES.has(field.type)) numbers[field.name] = c;
      }
      let parsed = schema.safeParse(input);
      if (!parsed.success && parsed.error.issues.some((i) => String(i.path[0]) in numbers)) {
        const retry = { ...input, ...numbers };
        const again = schema.safeParse(retry);
        if (again.success) {
          parsed = again;
          Object.assign(input, numbers);
        }
      }
      const problems = errs || !parsed.success ? { ...(parsed.success ? {} : zodFieldErrors(parsed.error)), ...errs } : null;
      return { input, data: parsed.success ? (parsed.data as Row) : null, problems };
    };

    /** One row through the full create path (hooks, audit), in its own savepoint. */
    const createOne = async (trx: Knex.Transaction, r: SheetRow): Promise<void> => {
      const { input, problems } = parseRow(r);
      if (problems) return rowFailed(r.num, problems);
      try {
        await createRow(sr, actor, input, t, { knex: trx, trusted: true });
        inserted++;
      } catch (e) {
        const errs2 = rowErrors(e);
        if (!errs2) throw e;
        rowFailed(r.num, errs2);
      }
    };

    /** The errors a row's failure stands for; null for failures of the run itself. */
    const rowErrors = (e: unknown): Record<string, string> | null => {
      if (e instanceof FieldError) return e.fieldErrors;
      if (e instanceof ApiError) return { '': e.message };
      const code = rowDbError(e);
      return code ? { '': dbMessage(t, code) } : null;
    };

    const audit = (trx: Knex.Transaction, firstId: number | null, n: number) =>
      writeAudit(trx, {
        resource: key,
        recordId: firstId,
        action: 'import',
        actor,
        before: null,
        after: { importId, rows: n, firstId },
        summary: t('core:import.auditSummary', { id: importId, count: n }),
      });

    /**
     * Rows validated with the schema (and the validate hook), then inserted without createRow's
     * per-row savepoint, re-read and audit entry: one audit entry per chunk. Without a validate
     * hook many rows go in one statement; with one, each row goes in as soon as it passed, so
     * the next row's checks see it (a code twice in the file is caught). A failed single-row
     * INSERT undoes only itself on MySQL and SQLite, so it needs no savepoint.
     */
    const bulkChunk = async (trx: Knex.Transaction, chunk: SheetRow[]): Promise<void> => {
      const ready: { num: number; values: Row }[] = [];
      const ctx: WriteContext = { trx, actor, t, op: 'create', before: null };
      const validate = sr.hooks.validate;
      let firstId: number | null = null;
      let n = 0;
      for (const r of chunk) {
        const { data, problems } = parseRow(r);
        if (problems || !data) {
          rowFailed(r.num, problems ?? {});
        } else {
          try {
            if (validate) await validate(data, ctx);
            const values = sr.hooks.toDb ? await sr.hooks.toDb(data, ctx) : defaultToDb(def, data);
            const now = new Date();
            if (def.stamped !== false) Object.assign(values, { created_at: now, created_by: user.id, updated_at: now, updated_by: user.id });
            if (def.versioned !== false) values.version = 1;
            if (validate) {
              const [id] = await trx(def.table).insert(values);
              firstId ??= Number(id);
              n++;
            } else {
              ready.push({ num: r.num, values });
            }
          } catch (e) {
            const errs2 = rowErrors(e);
            if (!errs2) throw e;
            rowFailed(r.num, errs2);
          }
        }
        processed++;
        await progress();
      }
      if (n) {
        inserted += n;
        await audit(trx, firstId, n);
      }
      if (!ready.length) return;
      const width = Math.max(1, ...ready.map((x) => Object.keys(x.values).length));
      const per = Math.max(1, Math.min(CHUNK, Math.floor(MAX_PLACEHOLDERS / width)));
      for (let i = 0; i < ready.length; i += per) {
        const part = ready.slice(i, i + per);
        let partFirst: number | null = null;
        let partCount = 0;
        try {
          partFirst = await trx.transaction(async (sp) => {
            const [id] = await sp(def.table).insert(part.map((x) => x.values));
            return Number(id);
          });
          partCount = part.length;
        } catch (e) {
          if (!rowDbError(e)) throw e;
          // Some row broke a constraint: find which, one statement each.
          for (const x of part) {
            try {
              const [id] = await trx(def.table).insert(x.values);
              partFirst ??= Number(id);
              partCount++;
            } catch (e2) {
              const code = rowDbError(e2);
              if (!code) throw e2;
              rowFailed(x.num, { '': dbMessage(t, code) });
            }
          }
        }
        if (!partCount) continue;
        inserted += partCount;
        await audit(trx, partFirst, partCount);
      }
    };

    const runChunk = async (trx: Knex.Transaction, chunk: SheetRow[]) => {
      if (bulk) return bulkChunk(trx, chunk);
      for (const r of chunk) {
        await createOne(trx, r);
        processed++;
        await progress();
      }
    };


    if (mode === 'valid') {
      const size = mysql ? CHUNK : SQLITE_CHUNK;
      for (let i = start; i < total; i += size) {
        if (lost) throw new LostClaim();
        const chunk = data.slice(i, i + size);
        const before = { processed, inserted, failed, errors: errors.length };
        inTransaction = true;
        try {
          await knex.transaction(async (trx) => {
            await runChunk(trx, chunk);
            // The cursor moves with the chunk's rows, in its transaction: never applied twice.
            const { json, whole } = errorsForColumn(errors);
            if (!whole) await fs.promises.writeFile(errorsFile(filePath), JSON.stringify(errors));
            const n = await trx('sys_import')
              .where({ id: importId, claimed_by: token, status: 'running' })
              .update({ processed, inserted, failed, errors: json, heartbeat_at: new Date() });
            if (!n) throw new LostClaim();
          });
          committed = inserted;
        } catch (e) {
          // What the rolled-back chunk counted was not kept.
          processed = before.processed;
          inserted = before.inserted;
          failed = before.failed;
          errors.length = Math.min(errors.length, before.errors);
          throw e;
        } finally {
          inTransaction = false;
        }
        // SQLite's one connection would go straight to the next chunk's transaction: requests
        // waiting for it get it first.
        if (!mysql) await new Promise((r) => setTimeout(r, SQLITE_YIELD_MS));
      }
    } else {
      inTransaction = true;
      try {
        await knex.transaction(async (trx) => {
          for (let i = 0; i < total; i += CHUNK) await runChunk(trx, data.slice(i, i + CHUNK));
          if (failed) throw new RollBackAll();
          // Marks the rows as in, with them: a runner taking over after this finishes only.
          const n = await trx('sys_import')
            .where({ id: importId, claimed_by: token, status: 'running' })
            .update({ processed, inserted, failed, heartbeat_at: new Date() });
          if (!n) throw new LostClaim();
        });
        committed = inserted;
      } catch (e) {
        if (!(e instanceof RollBackAll)) throw e;
        inserted = 0;
      } finally {
        inTransaction = false;
      }
    }
    inserted = committed;

    const message = !failed
      ? t('core:import.msgDone', { inserted })
      : mode === 'valid'
        ? t('core:import.msgPartial', { inserted, failed })
        : t('core:import.msgRolledBack', { failed, total, valid: total - failed });
    return await finish('done', message);
  } catch (e) {
    if (e instanceof LostClaim) return lostClaim();
    if (!(e instanceof ImportFileError)) console.error(`[import] ${importId} failed`, e);
    const message = e instanceof ImportFileError ? e.message : t('core:import.failedUnexpected');
    // What a rolled-back transaction had counted was not kept.
    inserted = committed;
    try {
      return await finish('failed', message);
    } catch (e2) {
      if (e2 instanceof LostClaim) return lostClaim();
      throw e2;
    }
  } finally {
    clearInterval(beat);
  }

  async function lostClaim(): Promise<ImportSummary> {
    console.warn(`[import] ${importId}: taken over by another runner, this one stops`);
    const now = await knex('sys_import').where({ id: importId }).first();
    return summaryOf(now as Row);
  }
}

export interface RecoverOptions {
  knex?: Knex;
  /**
   * Run as the scheduler starts. In-process on SQLite nothing else can be running an import
   * at that moment (one process owns the file), so every running one is taken over at once
   * instead of after its heartbeat went stale.
   */
  atStart?: boolean;
}

/**
 * Hands imports that nobody works on any more to core.resourceImport again: running ones
 * whose runner stopped beating (killed worker or web process), and queued ones whose job was
 * lost. They continue from their committed cursor. Returns their ids.
 */
export async function recoverImports(opts: RecoverOptions = {}): Promise<number[]> {
  const knex = opts.knex ?? getKnex();
  const force = opts.atStart === true && !isMysql(knex) && getScheduler().mode === 'inprocess';
  const now = Date.now();
  const staleBefore = new Date(now - importStaleMs());
  // A queued import waits for a free worker; only after this long is its job taken as lost.
  const lostBefore = new Date(now - 10 * importStaleMs());
  const rows: Row[] = await knex('sys_import').whereIn('status', ['queued', 'running']).select('id', 'status', 'claimed_by', 'heartbeat_at', 'created_at');
  const out: number[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    const at = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
    const beat = at(r.heartbeat_at);
    if (r.status === 'running') {
      if (!force && beat && beat >= staleBefore) continue;
      // Back to queued, unless its runner beat (or finished) in the meantime.
      const q = knex('sys_import').where({ id, status: 'running' });
      if (r.claimed_by === null) q.whereNull('claimed_by');
      else q.where({ claimed_by: r.claimed_by });
      if (beat) q.where('heartbeat_at', '<=', beat);
      else q.whereNull('heartbeat_at');
      const n = await q.update({ status: 'queued', claimed_by: null, heartbeat_at: new Date() });
      if (!n) continue;
    } else {
      // heartbeat_at of a queued import: when it was last handed over again.
      const since = beat ?? at(r.created_at);
      if (!force && since && since >= lostBefore) continue;
      await knex('sys_import').where({ id, status: 'queued' }).update({ heartbeat_at: new Date() });
    }
    try {
      await enqueueJob(IMPORT_JOB, { importId: id });
      out.push(id);
    } catch (e) {
      console.error(`[import] ${id} could not be handed over again`, e);
    }
  }
  return out;
}

function dbMessage(t: TFunction, code: string): string {
  if (code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return t('core:import.duplicate');
  if (code === 'ER_DATA_TOO_LONG') return t('core:import.tooLong');
  return t('core:import.rowRejected', { code });
}

function summaryOf(row: Row): ImportSummary {
  return {
    id: Number(row.id),
    status: row.status as ImportStatus,
    total: Number(row.total),
    inserted: Number(row.inserted),
    failed: Number(row.failed),
    message: (row.message as string | null) ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP: upload, template, status, error report

async function importContext(request: Request, params: Record<string, string | undefined>) {
  const t = await getT(request);
  const sr = findResource(params.plugin, params.resource);
  if (!sr) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
  const code = sr.def.permissions.import;
  const user = await requireUser(request, code ? { permission: code } : {});
  // A resource without an import permission offers no import, not even to administrators.
  if (!code) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  return { t, sr, user };
}

function importsDir(): string {
  return path.join(dataDir(), 'imports');
}

/** POST /api/<plugin>/<resource>/import (multipart `file`, `mode` = all|valid) → { importId }. */
export function startImport(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    if (request.method.toUpperCase() !== 'POST') throw new ApiError('Method not allowed', CODE.ERROR, 405);
    const { t, sr, user } = await importContext(request, params);
    const maxMb = IMPORT_MAX_BYTES / 1024 / 1024;
    const length = Number(request.headers.get('content-length'));
    if (Number.isFinite(length) && length > IMPORT_MAX_BYTES + 64 * 1024) throw new ApiError(t('core:import.tooLarge', { max: maxMb }), CODE.ERROR, 413);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new ApiError(t('core:import.noFile'));
    }
    const file = form.get('file');
    if (!file || typeof file === 'string') throw new ApiError(t('core:import.noFile'));
    const rawMode = form.get('mode');
    if (rawMode !== null && rawMode !== 'all' && rawMode !== 'valid') throw new ApiError(t('core:import.badMode'));
    const mode: ImportMode = rawMode === 'valid' ? 'valid' : 'all';
    if (file.size > IMPORT_MAX_BYTES) throw new ApiError(t('core:import.tooLarge', { max: maxMb }), CODE.ERROR, 413);
    if (file.size === 0) throw new ApiError(t('core:import.emptyFile'));
    const ext = path.extname(file.name || '').toLowerCase();
    if (ext !== '.xlsx' && ext !== '.csv') throw new ApiError(t('core:import.badType'));
    const buf = new Uint8Array(await file.arrayBuffer());
    const format = sniffFormat(buf);
    if (ext === '.xlsx' && format !== 'xlsx') throw new ApiError(t('core:import.notXlsx'));
    if (ext === '.csv' && format !== 'csv') throw new ApiError(t('core:import.notUtf8'));

    const dir = importsDir();
    await fs.promises.mkdir(dir, { recursive: true });
    const stored = path.join(dir, `${crypto.randomBytes(16).toString('hex')}${ext}`);
    await fs.promises.writeFile(stored, buf, { mode: 0o600 });
    const knex = getKnex();
    const lang = await getLang(request);
    const ip = clientIp(request);
    let importId: number;
    try {
      const [id] = await knex('sys_import').insert({
        resource: resourceKey(sr.def),
        file_name: (file.name || `import${ext}`).slice(0, 255),
        file_path: stored,
        mode,
        status: 'queued',
        total: 0,
        processed: 0,
        inserted: 0,
        failed: 0,
        created_by: user.id,
        created_at: new Date(),
        lang,
        ip: ip ? String(ip).slice(0, 64) : null,
      });
      importId = Number(id);
    } catch (e) {
      await fs.promises.rm(stored, { force: true });
      throw e;
    }
    try {
      await enqueueJob(IMPORT_JOB, { importId, lang, ip });
    } catch (e) {
      console.error(`[import] ${importId} could not be queued`, e);
      await knex('sys_import').where({ id: importId }).update({ status: 'failed', message: t('core:import.notQueued').slice(0, 500), finished_at: new Date() });
      await fs.promises.rm(stored, { force: true });
      throw new ApiError(t('core:import.notQueued'));
    }
    return ok({ importId }, t('core:import.started'));
  });
}

function xlsxResponse(buf: Uint8Array, asciiName: string, name: string): Response {
  return new Response(new Blob([buf as Uint8Array<ArrayBuffer>]), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'no-store',
    },
  });
}

function sheetName(s: string): string {
  return s.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** Names of the fields the create schema refuses to leave out. */
function requiredFields(sr: ServerResource, t: TFunction): Set<string> {
  const out = new Set<string>();
  try {
    const shape = sr.def.schema(t, 'create').shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
    for (const [name, s] of Object.entries(shape)) if (!s.safeParse(undefined).success) out.add(name);
  } catch {
    // a schema that cannot be inspected: nothing marked
  }
  return out;
}

/** The template: one header row of importable labels, plus a sheet describing each field. */
export async function buildTemplate(sr: ServerResource, t: TFunction, user: SessionUser, registry: Registry = getRegistry(), knex: Knex = getKnex()): Promise<Uint8Array> {
  const fields = importFields(sr.def);
  const required = requiredFields(sr, t);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(t(sr.def.titleKey)));
  const header = ws.addRow(fields.map((f) => t(f.labelKey)));
  header.font = { bold: true };
  fields.forEach((f, i) => {
    const col = ws.getColumn(i + 1);
    col.width = Math.max(12, Math.min(40, t(f.labelKey).length * 2 + 4));
    // Dates and codes are typed as text so Excel does not reformat them.
    if (f.type !== 'integer' && f.type !== 'number' && f.type !== 'money' && f.type !== 'date') col.numFmt = '@';
    if (f.type === 'date') col.numFmt = 'yyyy-mm-dd';
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];

  const info = wb.addWorksheet(sheetName(t('core:import.fieldsSheet')));
  const head = info.addRow([t('core:import.colField'), t('core:import.colType'), t('core:import.colRequired'), t('core:import.colMaxLength'), t('core:import.colAllowed')]);
  head.font = { bold: true };
  info.columns = [{ width: 24 }, { width: 16 }, { width: 10 }, { width: 12 }, { width: 60 }];
  for (const f of fields) {
    let allowed = '';
    if (f.type === 'enum') allowed = (f.options ?? []).map((o) => t(o.labelKey)).join(' / ');
    else if (f.type === 'boolean') allowed = `${t('core:common.yes')} / ${t('core:common.no')}`;
    else if (f.type === 'date') allowed = 'YYYY-MM-DD';
    else if ((f.type === 'ref' || f.type === 'refs') && f.lookup) {
      const fn = registry.lookups.get(f.lookup);
      if (fn) {
        const options = await fn(registry.context(knex), user);
        const names = options.slice(0, 200).map((o) => (o.label.includes(':') ? t(o.label) : o.label));
        allowed = names.join(' / ') + (options.length > 200 ? ' …' : '');
      }
    }
    info.addRow([
      t(f.labelKey),
      t(`core:import.types.${f.type}`),
      required.has(f.name) ? t('core:common.yes') : t('core:common.no'),
      f.maxLength ?? null,
      allowed || null,
    ]);
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** GET /api/<plugin>/<resource>/import-template. */
export function importTemplate(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const { t, sr, user } = await importContext(request, params);
    const buf = await buildTemplate(sr, t, user);
    return xlsxResponse(buf, `${sr.def.name}-template.xlsx`, `${t(sr.def.titleKey)}-${t('core:import.template')}.xlsx`);
  });
}

async function visibleImport(request: Request, params: Record<string, string | undefined>) {
  const t = await getT(request);
  const user = await requireUser(request);
  const id = Number(params.id);
  const row = Number.isInteger(id) && id > 0 ? await getKnex()('sys_import').where({ id }).first() : undefined;
  if (!row || (Number(row.created_by) !== user.id && !user.isAdmin)) throw new ApiError(t('core:import.notFound'), CODE.NOT_FOUND, 404);
  return { t, row: row as Row };
}

async function reportOf(row: Row): Promise<ImportRowError[]> {
  const file = errorsFile(String(row.file_path));
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8')) as ImportRowError[];
  } catch {
    // No separate file: the list fitted in the column.
  }
  if (!row.errors) return [];
  try {
    const list = JSON.parse(String(row.errors)) as unknown;
    return Array.isArray(list) ? (list as ImportRowError[]) : [];
  } catch {
    return [];
  }
}

/** GET /api/core/imports/<id>: progress and outcome, for the uploader or an administrator. */
export function importState(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const { row } = await visibleImport(request, params);
    const done = row.status === 'done' || row.status === 'failed';
    return ok({
      ...summaryOf(row),
      resource: String(row.resource),
      mode: row.mode === 'valid' ? 'valid' : 'all',
      processed: Number(row.processed),
      errorCount: done ? (await reportOf(row)).length : 0,
    });
  });
}

/** GET /api/core/imports/<id>/errors: the per-row error report as XLSX. */
export function importErrors(request: Request, params: Record<string, string | undefined>) {
  return handleApi(async () => {
    const { t, row } = await visibleImport(request, params);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(sheetName(t('core:import.errorsSheet')));
    ws.columns = [{ width: 10 }, { width: 24 }, { width: 80 }];
    ws.addRow([t('core:import.errRow'), t('core:import.errField'), t('core:import.errMessage')]).font = { bold: true };
    for (const e of await reportOf(row)) {
      for (const [field, message] of Object.entries(e.errors ?? {})) ws.addRow([e.row, field, message]);
    }
    const buf = new Uint8Array(await wb.xlsx.writeBuffer());
    return xlsxResponse(buf, `import-${row.id}-errors.xlsx`, `${t('core:import.errorsSheet')}-${row.id}.xlsx`);
  });
}
