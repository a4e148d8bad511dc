// The customs EDI exchange folder: receipt files (*.xml) dropped into the inbox are applied
// and moved to processed/ (or failed/ with the reason beside them). Applying is idempotent
// per message number, so a file dropped twice, or a run interrupted half-way, is harmless.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { dataDir } from '../../../core/db/knex.server';
import { applyReceipts, parseReceiptXml, type ReceiptOutcome, type ReceiptTarget } from './receipts.server';

export function ediDirs() {
  const root = process.env.CUSTOMS_EDI_DIR || path.join(dataDir(), 'edi');
  return { inbox: path.join(root, 'inbox'), processed: path.join(root, 'processed'), failed: path.join(root, 'failed') };
}

export interface InboxRun {
  files: number;
  failedFiles: number;
  outcomes: ReceiptOutcome[];
}

let running: Promise<InboxRun> | null = null;

/** Processes the inbox once; concurrent calls share one run. */
export function processInbox(knex: Knex, targets: ReceiptTarget[]): Promise<InboxRun> {
  running ??= runInbox(knex, targets).finally(() => {
    running = null;
  });
  return running;
}

async function runInbox(knex: Knex, targets: ReceiptTarget[]): Promise<InboxRun> {
  const dirs = ediDirs();
  await Promise.all(Object.values(dirs).map((d) => fs.mkdir(d, { recursive: true })));
  const names = (await fs.readdir(dirs.inbox)).filter((n) => n.toLowerCase().endsWith('.xml')).sort();
  const run: InboxRun = { files: 0, failedFiles: 0, outcomes: [] };
  for (const name of names) {
    const file = path.join(dirs.inbox, name);
    const stamp = `${Date.now()}-${name}`;
    try {
      const receipts = parseReceiptXml(await fs.readFile(file, 'utf8'));
      run.outcomes.push(...(await applyReceipts(knex, targets, receipts, `edi:${name}`.slice(0, 64))));
      await fs.rename(file, path.join(dirs.processed, stamp));
      run.files += 1;
    } catch (e) {
      run.failedFiles += 1;
      await fs.rename(file, path.join(dirs.failed, stamp)).catch(() => {});
      await fs.writeFile(path.join(dirs.failed, `${stamp}.error.txt`), String((e as Error).message ?? e)).catch(() => {});
    }
  }
  return run;
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
