// Writing a chunk of parsed rows. With an afterWrite hook each row goes through createRow
// (hooks, audit, its own savepoint); without one, rows are validated and inserted directly,
// many per statement, with one audit entry per statement. A row's own failure (a field error,
// a duplicate key) goes to the error report; any other failure ends the run.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { ApiError, FieldError } from '../../http/envelope.server';
import type { SessionUser } from '../../rbac/access.server';
import { resourceKey, uniqueRules } from '../define';
import type { Actor, Row, ServerResource, WriteContext } from '../define.server';
import { writeAudit } from '../audit.server';
import { checkUnique, columnValues, createRow, hookContext } from '../service.server';
import type { ParsedRow } from './convert.server';
import type { ImportRun } from './run.server';
import type { SheetRow } from './types';

export const CHUNK = 500;
/** Placeholders per statement: MySQL allows 65,535, SQLite 32,766. */
const MAX_PLACEHOLDERS = 30_000;

export interface ChunkWriter {
  sr: ServerResource;
  user: SessionUser;
  actor: Actor;
  t: TFunction;
  run: ImportRun;
  parse: (r: SheetRow) => ParsedRow;
}

/** Database errors that belong to one row (duplicate key, too long, bad reference), not the run. */
function rowDbError(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT') return null;
  if (code.startsWith('ER_') || code.startsWith('SQLITE_CONSTRAINT') || code === 'WARN_DATA_TRUNCATED') return code;
  return null;
}

function dbMessage(t: TFunction, code: string): string {
  if (code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return t('core:import.duplicate');
  if (code === 'ER_DATA_TOO_LONG') return t('core:import.tooLong');
  return t('core:import.rowRejected', { code });
}

/** The errors a row's failure stands for; null for failures of the run itself. */
function rowErrors(t: TFunction, e: unknown): Record<string, string> | null {
  if (e instanceof FieldError) return e.fieldErrors;
  if (e instanceof ApiError) return { '': e.message };
  const code = rowDbError(e);
  return code ? { '': dbMessage(t, code) } : null;
}

/** Records a row's failure, or throws when it is a failure of the run. */
function rowFailedBy(w: ChunkWriter, num: number, e: unknown): void {
  const errs = rowErrors(w.t, e);
  if (!errs) throw e;
  w.run.rowFailed(num, errs);
}

export async function writeChunk(w: ChunkWriter, trx: Knex.Transaction, chunk: SheetRow[]): Promise<void> {
  // Without afterWrite, rows skip createRow's per-row savepoint, re-read and audit entry.
  if (!w.sr.hooks.afterWrite) return bulkChunk(w, trx, chunk);
  for (const r of chunk) {
    await createOne(w, trx, r);
    await w.run.rowDone();
  }
}

/** One row through the full create path (hooks, audit), in its own savepoint. */
async function createOne(w: ChunkWriter, trx: Knex.Transaction, r: SheetRow): Promise<void> {
  const { input, problems } = w.parse(r);
  if (problems) return w.run.rowFailed(r.num, problems);
  try {
    await createRow(w.sr, w.actor, input, w.t, { knex: trx, trusted: true });
    w.run.inserted++;
  } catch (e) {
    rowFailedBy(w, r.num, e);
  }
}

function audit(w: ChunkWriter, trx: Knex.Transaction, firstId: number | null, n: number) {
  const importId = w.run.importId;
  return writeAudit(trx, {
    resource: resourceKey(w.sr.def),
    recordId: firstId,
    action: 'import',
    actor: w.actor,
    before: null,
    after: { importId, rows: n, firstId },
    summary: w.t('core:import.auditSummary', { id: importId, count: n }),
  });
}

/**
 * Rows validated with the schema (and the validate hook), then inserted without createRow's
 * per-row savepoint, re-read and audit entry: one audit entry per chunk. Without a validate
 * hook many rows go in one statement; with one, each row goes in as soon as it passed, so
 * the next row's checks see it (a code twice in the file is caught). A failed single-row
 * INSERT undoes only itself on MySQL and SQLite, so it needs no savepoint.
 */
async function bulkChunk(w: ChunkWriter, trx: Knex.Transaction, chunk: SheetRow[]): Promise<void> {
  const { sr, run } = w;
  const ready: { num: number; values: Row }[] = [];
  const ctx: WriteContext = { ...hookContext(trx, w.actor, w.t), op: 'create', before: null };
  // The resource's unique rules count as a validate hook: each row must see the rows before it.
  const hook = sr.hooks.validate;
  const validate =
    hook || uniqueRules(sr.def).length
      ? async (data: Row, c: WriteContext) => {
          await checkUnique(sr, data, c);
          if (hook) await hook(data, c);
        }
      : undefined;
  let firstId: number | null = null;
  let n = 0;
  for (const r of chunk) {
    const { data, problems } = w.parse(r);
    if (problems || !data) {
      run.rowFailed(r.num, problems ?? {});
    } else {
      try {
        if (validate) await validate(data, ctx);
        const values = await dbValues(w, data, ctx);
        if (validate) {
          const [id] = await trx(sr.def.table).insert(values);
          firstId ??= Number(id);
          n++;
        } else {
          ready.push({ num: r.num, values });
        }
      } catch (e) {
        rowFailedBy(w, r.num, e);
      }
    }
    await run.rowDone();
  }
  if (n) {
    run.inserted += n;
    await audit(w, trx, firstId, n);
  }
  if (ready.length) await insertReady(w, trx, ready);
}

/** A valid row's columns, stamped and versioned as createRow would. */
async function dbValues(w: ChunkWriter, data: Row, ctx: WriteContext): Promise<Row> {
  const { sr, user } = w;
  const values = await columnValues(sr, data, ctx);
  const now = new Date();
  if (sr.def.stamped !== false) Object.assign(values, { created_at: now, created_by: user.id, updated_at: now, updated_by: user.id });
  if (sr.def.versioned !== false) values.version = 1;
  return values;
}

/** Many rows per INSERT; a statement some row breaks is done again one row at a time. */
async function insertReady(w: ChunkWriter, trx: Knex.Transaction, ready: { num: number; values: Row }[]): Promise<void> {
  const table = w.sr.def.table;
  const width = Math.max(1, ...ready.map((x) => Object.keys(x.values).length));
  const per = Math.max(1, Math.min(CHUNK, Math.floor(MAX_PLACEHOLDERS / width)));
  for (let i = 0; i < ready.length; i += per) {
    const part = ready.slice(i, i + per);
    let partFirst: number | null = null;
    let partCount = 0;
    try {
      partFirst = await trx.transaction(async (sp) => {
        const [id] = await sp(table).insert(part.map((x) => x.values));
        return Number(id);
      });
      partCount = part.length;
    } catch (e) {
      if (!rowDbError(e)) throw e;
      // Some row broke a constraint: find which, one statement each.
      for (const x of part) {
        try {
          const [id] = await trx(table).insert(x.values);
          partFirst ??= Number(id);
          partCount++;
        } catch (e2) {
          const code = rowDbError(e2);
          if (!code) throw e2;
          w.run.rowFailed(x.num, { '': dbMessage(w.t, code) });
        }
      }
    }
    if (!partCount) continue;
    w.run.inserted += partCount;
    await audit(w, trx, partFirst, partCount);
  }
}
