// The operation log: one entry per write, with the fields that changed (before → after).
import type { Knex } from 'knex';
import type { Actor, Row } from './define.server';

const IGNORED = new Set(['updatedAt', 'createdAt', 'version']);

/** Field-by-field differences; for a create or delete, every field of the one side. */
export function diffRows(before: Row | null, after: Row | null): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (IGNORED.has(k)) continue;
    // Blank and missing are the same value to a user: '' → null is not a change.
    const norm = (v: unknown) => (v === undefined || v === '' ? null : v);
    const a = before ? norm(before[k]) : null;
    const b = after ? norm(after[k]) : null;
    if (JSON.stringify(a) !== JSON.stringify(b)) out[k] = [a, b];
  }
  return out;
}

export interface AuditEntry {
  resource: string;
  recordId: number | string | null;
  action: string;
  actor: Actor | null;
  before: Row | null;
  after: Row | null;
  summary?: string | null;
  /** A transition's note (review opinion, reason): kept with the changes under NOTE_KEY even when no field shows it. */
  note?: string | null;
}

/** Where a transition's note goes among an entry's changes (as [null, note]). */
export const NOTE_KEY = '@note';

export async function writeAudit(knex: Knex, e: AuditEntry): Promise<void> {
  const changes = diffRows(e.before, e.after);
  if (e.note) changes[NOTE_KEY] = [null, e.note];
  await knex('sys_audit_log').insert({
    resource: e.resource,
    record_id: e.recordId === null ? null : String(e.recordId),
    action: e.action.slice(0, 32),
    user_id: e.actor?.user.id ?? null,
    username: e.actor?.user.username ?? null,
    ip: e.actor?.ip ?? null,
    summary: e.summary ?? null,
    changes: JSON.stringify(changes).slice(0, 60000),
    created_at: new Date(),
  });
}
