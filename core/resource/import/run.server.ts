// The state of one import run: its counts, cursor and errors so far, the heartbeat that tells
// other runners it is being worked on, progress writes, and the final write of the outcome.
import fs from 'node:fs';
import type { Knex } from 'knex';
import { isMysql } from '../../db/knex.server';
import { heartbeatMs, LostClaim } from './claim.server';
import { errorsFile, errorsForColumn } from './record.server';
import { ERROR_CAP, PROGRESS_EVERY, type ImportMode, type ImportRowError, type ImportSummary } from './types';

export class ImportRun {
  total = 0;
  processed = 0;
  inserted = 0;
  /** Rows in committed transactions (valid-rows-only commits chunk by chunk). */
  committed = 0;
  failed = 0;
  errors: ImportRowError[] = [];
  /** Field name → label, for the error report. */
  labelOf: (name: string) => string = (name) => name;
  inTransaction = false;
  /** Another runner took the import over (this one's heartbeat found the claim gone). */
  lost = false;
  readonly mysql: boolean;
  private reported = 0;
  private beat: ReturnType<typeof setInterval> | undefined;

  constructor(readonly knex: Knex, readonly importId: number, readonly token: string, readonly mode: ImportMode, readonly filePath: string) {
    this.mysql = isMysql(knex);
  }

  /** The sys_import row, as long as this runner holds it. */
  private mine() {
    return this.knex('sys_import').where({ id: this.importId, claimed_by: this.token });
  }

  startHeartbeat(): void {
    // SQLite has one connection: during a transaction nobody else can read the row either.
    this.beat = setInterval(() => {
      if (this.inTransaction && !this.mysql) return;
      this.mine()
        .update({ heartbeat_at: new Date() })
        .then((n) => {
          if (!n) this.lost = true;
        })
        .catch(() => undefined);
    }, heartbeatMs());
    this.beat.unref?.();
  }

  stopHeartbeat(): void {
    clearInterval(this.beat);
  }

  rowFailed(num: number, errs: Record<string, string>): void {
    this.failed++;
    if (this.errors.length < ERROR_CAP) {
      const byLabel: Record<string, string> = {};
      for (const [k, v] of Object.entries(errs)) byLabel[this.labelOf(k)] = v;
      this.errors.push({ row: num, errors: byLabel });
    }
  }

  /** One more row done; all-or-nothing's progress is written outside its transaction (not a cursor). */
  async rowDone(): Promise<void> {
    this.processed++;
    if (this.mode !== 'all') return;
    if (this.processed - this.reported < PROGRESS_EVERY) return;
    // SQLite has one connection: while a transaction holds it, progress waits for the end.
    if (this.inTransaction && !this.mysql) return;
    this.reported = this.processed;
    await this.mine().update({ processed: this.processed });
  }

  /** The counts and cursor, as of now (for the start of a run or the end of a chunk). */
  async saveCounts(trx: Knex = this.knex, withErrors = false): Promise<number> {
    const { processed, inserted, failed } = this;
    const errors = withErrors ? { errors: await this.keepErrors() } : {};
    return trx('sys_import')
      .where({ id: this.importId, claimed_by: this.token, status: 'running' })
      .update({ processed, inserted, failed, ...errors, heartbeat_at: new Date() });
  }

  /** The error list: the whole of it to a file next to the upload when the column cannot hold it. */
  private async keepErrors(): Promise<string | null> {
    const { json, whole } = errorsForColumn(this.errors);
    if (!whole) await fs.promises.writeFile(errorsFile(this.filePath), JSON.stringify(this.errors));
    return json;
  }

  /** Writes the outcome; throws LostClaim when the import is no longer this runner's. */
  async finish(status: 'done' | 'failed', message: string): Promise<ImportSummary> {
    this.stopHeartbeat();
    // Rows refused by the database are found after the rest of their chunk.
    this.errors.sort((a, b) => a.row - b.row);
    const errors = await this.keepErrors();
    const owner = await this.knex('sys_import').where({ id: this.importId }).first('claimed_by', 'status');
    if (owner?.claimed_by !== this.token || owner?.status !== 'running') throw new LostClaim();
    // The upload goes first: once the row says done, nothing of it is left.
    await fs.promises.rm(this.filePath, { force: true }).catch(() => undefined);
    const { total, processed, inserted, failed, importId: id } = this;
    await this.mine().update({ status, total, processed, inserted, failed, errors, message: message.slice(0, 500), finished_at: new Date() });
    return { id, status, total, inserted, failed, message } satisfies ImportSummary;
  }
}
