// The customs EDI exchange folder: receipt files (*.xml) dropped into the inbox are applied
// and moved to processed/ (or failed/ with the reason beside them). Applying is idempotent
// per message number, so a file dropped twice, or a run interrupted half-way, is harmless.
// A run claims each file before reading it by renaming it into processing/ under a name of
// its own (rename is atomic: of two runs, one gets the file and the other ENOENT), so runs on
// several processes at once never read or move the same file.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { dataDir } from '@core/server';
import { applyReceipts, parseReceiptXml, type ReceiptOutcome, type ReceiptTarget } from './receipts.server';

export function ediDirs() {
  const root = process.env.CUSTOMS_EDI_DIR || path.join(dataDir(), 'edi');
  return {
    inbox: path.join(root, 'inbox'),
    processing: path.join(root, 'processing'),
    processed: path.join(root, 'processed'),
    failed: path.join(root, 'failed'),
  };
}

export interface InboxRun {
  files: number;
  failedFiles: number;
  outcomes: ReceiptOutcome[];
}

/** A claimed file whose run has not finished it in this long was left by a killed process. */
export const STALE_CLAIM_MS = 15 * 60_000;

// processing/<claimed at ms>~<run id>~<inbox name>
const CLAIM = /^(\d+)~[0-9a-f]+~(.+)$/;

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/** Processes the inbox once; concurrent runs (here or on other processes) share the files out. */
export async function processInbox(knex: Knex, targets: ReceiptTarget[]): Promise<InboxRun> {
  const dirs = ediDirs();
  await Promise.all(Object.values(dirs).map((d) => fs.mkdir(d, { recursive: true })));
  await returnStaleClaims(dirs);
  const names = (await fs.readdir(dirs.inbox)).filter((n) => n.toLowerCase().endsWith('.xml')).sort();
  const runId = crypto.randomBytes(6).toString('hex');
  const run: InboxRun = { files: 0, failedFiles: 0, outcomes: [] };
  for (const name of names) {
    const claimed = path.join(dirs.processing, `${Date.now()}~${runId}~${name}`);
    try {
      await fs.rename(path.join(dirs.inbox, name), claimed);
    } catch (e) {
      if (isMissing(e)) continue; // another run has it
      throw e;
    }
    const stamp = `${Date.now()}-${name}`;
    try {
      const receipts = parseReceiptXml(await fs.readFile(claimed, 'utf8'));
      run.outcomes.push(...(await applyReceipts(knex, targets, receipts, `edi:${name}`.slice(0, 64))));
      await fs.rename(claimed, path.join(dirs.processed, stamp));
      run.files += 1;
    } catch (e) {
      run.failedFiles += 1;
      await fs.rename(claimed, path.join(dirs.failed, stamp)).catch(() => {});
      await fs.writeFile(path.join(dirs.failed, `${stamp}.error.txt`), String((e as Error).message ?? e)).catch(() => {});
    }
  }
  return run;
}

/** Files claimed by a run that died (older than STALE_CLAIM_MS) go back to the inbox. */
async function returnStaleClaims(dirs: ReturnType<typeof ediDirs>): Promise<void> {
  const cutoff = Date.now() - STALE_CLAIM_MS;
  for (const entry of await fs.readdir(dirs.processing)) {
    const m = CLAIM.exec(entry);
    if (!m || Number(m[1]) >= cutoff) continue;
    // Atomic too: of two runs returning it, one does.
    await fs.rename(path.join(dirs.processing, entry), path.join(dirs.inbox, m[2])).catch((e) => {
      if (!isMissing(e)) throw e;
    });
  }
}

/** Drops a receipt file into the inbox (the customs simulator and tests use this). */
export async function dropReceiptFile(name: string, xml: string): Promise<string> {
  const { inbox } = ediDirs();
  await fs.mkdir(inbox, { recursive: true });
  const tmp = path.join(inbox, `.${name}.tmp`);
  await fs.writeFile(tmp, xml, 'utf8');
  const final = path.join(inbox, name.endsWith('.xml') ? name : `${name}.xml`);
  await fs.rename(tmp, final);
  return final;
}
