// Runs one import (the core.resourceImport job): claims it, reads the file, converts and
// validates every row, and writes them in chunks that can be resumed by another runner.
import crypto from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { getKnex } from '../../db/knex.server';
import { DEFAULT_LANG, isLang, type Lang } from '../../i18n/i18n';
import { tFor } from '../../i18n/i18n.server';
import { hasPermission, loadSessionUser } from '../../rbac/access.server';
import { getRegistry, type Registry } from '../../registry.server';
import type { Row, ServerResource } from '../define.server';
import { schemaOf } from '../service.server';
import { claimOrWait, importStaleMs, LostClaim } from './claim.server';
import { converters, mapHeader, rowParser } from './convert.server';
import { isEmpty, readUpload } from './read.server';
import { reportOf, summaryOf } from './record.server';
import { ImportRun } from './run.server';
import { ImportFileError, type ImportMode, type ImportSummary, type SheetRow } from './types';
import { CHUNK, writeChunk, type ChunkWriter } from './write.server';

/**
 * On SQLite (one connection) valid-rows-only commits smaller chunks and pauses between them,
 * long enough for a waiting request's few queries: the dialog's progress poll and other
 * users' requests are answered while a long import runs.
 */
const SQLITE_CHUNK = 100;
const SQLITE_YIELD_MS = 25;

class RollBackAll extends Error {}

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
  const { row, claimed } = await claimOrWait(knex, importId, token, opts.waitMs ?? 2 * importStaleMs());
  if (!claimed) return summaryOf(row);

  const lang: Lang = isLang(opts.lang) ? opts.lang : isLang(row.lang) ? row.lang : DEFAULT_LANG;
  const t = tFor(lang);
  const ip = opts.ip ?? (row.ip ? String(row.ip) : null);
  const mode: ImportMode = row.mode === 'valid' ? 'valid' : 'all';
  const run = new ImportRun(knex, importId, token, mode, String(row.file_path));
  run.startHeartbeat();
  try {
    return await runClaimed(run, row, { registry, t, ip });
  } catch (e) {
    if (e instanceof LostClaim) return lostClaim(knex, importId);
    if (!(e instanceof ImportFileError)) console.error(`[import] ${importId} failed`, e);
    const message = e instanceof ImportFileError ? e.message : t('core:import.failedUnexpected');
    // What a rolled-back transaction had counted was not kept.
    run.inserted = run.committed;
    try {
      return await run.finish('failed', message);
    } catch (e2) {
      if (e2 instanceof LostClaim) return lostClaim(knex, importId);
      throw e2;
    }
  } finally {
    run.stopHeartbeat();
  }
}

async function lostClaim(knex: Knex, importId: number): Promise<ImportSummary> {
  console.warn(`[import] ${importId}: taken over by another runner, this one stops`);
  const now = await knex('sys_import').where({ id: importId }).first();
  return summaryOf(now as Row);
}

interface RunEnv {
  registry: Registry;
  t: TFunction;
  ip: string | null;
}

/** The claimed import from its file to its outcome; throws for a failed run. */
async function runClaimed(run: ImportRun, row: Row, env: RunEnv): Promise<ImportSummary> {
  const { registry, t } = env;
  const { knex, mode } = run;
  /** Taken over from a runner that stopped part-way. */
  const resumed = Number(row.total) > 0 || Number(row.processed) > 0 || Number(row.inserted) > 0 || Number(row.failed) > 0;
  const { sr, user } = await importer(registry, knex, row, t);
  const { columns, data } = await readData(sr, run.filePath, t, resumed);
  run.total = data.length;

  const start = await resumeAt(run, row, data, resumed);
  if (start === null) return await run.finish('done', t('core:import.msgDone', { inserted: run.inserted }));
  await knex('sys_import')
    .where({ id: run.importId, claimed_by: run.token })
    .update({ total: run.total, processed: run.processed, inserted: run.inserted, failed: run.failed, heartbeat_at: new Date() });

  const labels = new Map(sr.def.fields.map((f) => [f.name, t(f.labelKey)]));
  run.labelOf = (name) => (name === '_' || name === '' ? '' : labels.get(name) ?? name);
  const cv = await converters(sr.def, t, registry, knex, user);
  const parse = rowParser(columns, labels, cv, schemaOf(sr, t, 'create'));
  const writer: ChunkWriter = { sr, user, actor: { user, ip: env.ip }, t, run, parse };
  if (mode === 'valid') await runValid(writer, data, start);
  else await runAll(writer, data);
  run.inserted = run.committed;

  const { inserted, failed, total } = run;
  const message = !failed
    ? t('core:import.msgDone', { inserted })
    : mode === 'valid'
    ? t('core:import.msgPartial', { inserted, failed })
    : t('core:import.msgRolledBack', { failed, total, valid: total - failed });
  return await run.finish('done', message);
}

/** The import's resource and its uploader, who must still be allowed to import into it. */
async function importer(registry: Registry, knex: Knex, row: Row, t: TFunction) {
  const sr = registry.resources.get(String(row.resource));
  if (!sr) throw new ImportFileError(t('core:import.noResource'));
  const code = sr.def.permissions.import;
  const user = await loadSessionUser(knex, Number(row.created_by));
  if (!user || user.userStatus !== '0' || !code || !hasPermission(user, code)) {
    throw new ImportFileError(t('core:http.forbidden'));
  }
  return { sr, user };
}

/** The file's columns (by its first non-empty row) and its non-empty data rows. */
async function readData(sr: ServerResource, filePath: string, t: TFunction, resumed: boolean) {
  const sheet = await readUpload(filePath, t, resumed);
  const headerAt = sheet.findIndex((r) => r.cells.some((c) => !isEmpty(c)));
  const columns = headerAt < 0 ? [] : mapHeader(sr.def, sheet[headerAt].cells);
  if (!columns.length) throw new ImportFileError(t('core:import.noHeader'));
  const data = sheet.slice(headerAt + 1).filter((r) => r.cells.some((c) => !isEmpty(c)));
  if (!data.length) throw new ImportFileError(t('core:import.noRows'));
  return { columns, data };
}

/**
 * Where this run starts: after the last committed chunk of an earlier runner, with its counts
 * and errors. Null when an earlier all-or-nothing run committed: every row is in.
 */
async function resumeAt(run: ImportRun, row: Row, data: SheetRow[], resumed: boolean): Promise<number | null> {
  if (!resumed) return 0;
  if (run.mode === 'valid') {
    const start = Math.min(run.total, Math.max(0, Number(row.processed)));
    run.processed = start;
    run.inserted = run.committed = Number(row.inserted);
    run.failed = Number(row.failed);
    const before = start < run.total ? data[start].num : Infinity;
    // The errors of the committed chunks (a file written for a chunk that never committed
    // may hold more: those rows are read again).
    run.errors = (await reportOf(row)).filter((e) => e.row < before);
    return start;
  }
  if (Number(row.inserted) > 0) {
    run.processed = run.total;
    run.inserted = run.committed = Number(row.inserted);
    return null;
  }
  return 0;
}

/** Valid-rows-only: each chunk commits with the cursor, so a runner taking over goes on after it. */
async function runValid(w: ChunkWriter, data: SheetRow[], start: number): Promise<void> {
  const { run } = w;
  const size = run.mysql ? CHUNK : SQLITE_CHUNK;
  for (let i = start; i < run.total; i += size) {
    if (run.lost) throw new LostClaim();
    const chunk = data.slice(i, i + size);
    const before = { processed: run.processed, inserted: run.inserted, failed: run.failed, errors: run.errors.length };
    run.inTransaction = true;
    try {
      await run.knex.transaction(async (trx) => {
        await writeChunk(w, trx, chunk);
        // The cursor moves with the chunk's rows, in its transaction: never applied twice.
        if (!(await run.saveCounts(trx, true))) throw new LostClaim();
      });
      run.committed = run.inserted;
    } catch (e) {
      // What the rolled-back chunk counted was not kept.
      run.processed = before.processed;
      run.inserted = before.inserted;
      run.failed = before.failed;
      run.errors.length = Math.min(run.errors.length, before.errors);
      throw e;
    } finally {
      run.inTransaction = false;
    }
    // SQLite's one connection would go straight to the next chunk's transaction: requests
    // waiting for it get it first.
    if (!run.mysql) await new Promise((r) => setTimeout(r, SQLITE_YIELD_MS));
  }
}

/** All-or-nothing: every row in one transaction, undone when any row failed. */
async function runAll(w: ChunkWriter, data: SheetRow[]): Promise<void> {
  const { run } = w;
  run.inTransaction = true;
  try {
    await run.knex.transaction(async (trx) => {
      for (let i = 0; i < run.total; i += CHUNK) await writeChunk(w, trx, data.slice(i, i + CHUNK));
      if (run.failed) throw new RollBackAll();
      // Marks the rows as in, with them: a runner taking over after this finishes only.
      if (!(await run.saveCounts(trx))) throw new LostClaim();
    });
    run.committed = run.inserted;
  } catch (e) {
    if (!(e instanceof RollBackAll)) throw e;
    run.inserted = 0;
  } finally {
    run.inTransaction = false;
  }
}
