// Who runs an import: a runner claims the sys_import row and keeps its heartbeat fresh; an
// import whose runner stopped beating (killed worker or web process), or whose job was lost
// while queued, is handed to core.resourceImport again by recoverImports.
import type { Knex } from 'knex';
import { getKnex, isMysql } from '../../db/knex.server';
import { enqueueJob, getScheduler } from '../../jobs/scheduler.server';
import type { Row } from '../define.server';
import { IMPORT_JOB } from './types';

/**
 * A running import whose heartbeat is older than this belongs to a runner that is gone (a
 * killed worker or web process): another runner may take it over. IMPORT_STALE_MS, default 60 s.
 */
export function importStaleMs(): number {
  return Number(process.env.IMPORT_STALE_MS) || 60_000;
}

export function heartbeatMs(): number {
  return Math.max(100, Math.floor(importStaleMs() / 4));
}

/** The claim of another runner was taken over (its heartbeat went stale): stop, write nothing. */
export class LostClaim extends Error {}

/**
 * Marks the import as this runner's: a queued one, or a running one whose runner stopped
 * beating. One UPDATE, so of two runners at most one gets it.
 */
async function claimImport(knex: Knex, importId: number, token: string): Promise<boolean> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - importStaleMs());
  const n = await knex('sys_import')
    .where({ id: importId })
    .andWhere((q) => q.where('status', 'queued').orWhere((r) => r.where('status', 'running').andWhere((h) => h.whereNull('heartbeat_at').orWhere('heartbeat_at', '<', cutoff))))
    .update({ status: 'running', claimed_by: token, heartbeat_at: now });
  return n > 0;
}

/**
 * Claims the import, waiting up to waitMs for one another runner is still working on (its
 * heartbeat is fresh). Returns the row and whether this runner got it: done, failed, or still
 * beating after the wait is not this runner's.
 */
export async function claimOrWait(knex: Knex, importId: number, token: string, waitMs: number): Promise<{ row: Row; claimed: boolean }> {
  const waitUntil = Date.now() + waitMs;
  for (;;) {
    const claimed = await claimImport(knex, importId, token);
    const row: Row | undefined = await knex('sys_import').where({ id: importId }).first();
    if (!row) throw new Error(`import ${importId} not found`);
    if (claimed) return { row, claimed };
    if (row.status !== 'running' || Date.now() >= waitUntil) return { row, claimed };
    await new Promise((r) => setTimeout(r, Math.min(1000, heartbeatMs())));
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
