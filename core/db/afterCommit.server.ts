// Work that must wait for a write to be committed (telling other processes that their caches
// are stale): at once outside a transaction, after the commit inside one, never after a rollback.
import type { Knex } from 'knex';

export async function afterCommit(knex: Knex, fn: () => Promise<void>): Promise<void> {
  if (knex.isTransaction) {
    (knex as Knex.Transaction).executionPromise.then(fn, () => undefined);
    return;
  }
  await fn();
}
