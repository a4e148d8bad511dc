// A record's audit trail for the detail drawer: who created, changed or moved it, when, with
// what opinion, read from the operation log. Seeing the trail takes seeing the row: the same
// list permission, scope, restrict hook and variant as a GET of the row (else 404).
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { getKnex, toDate } from '../db/knex.server';
import type { SessionUser } from '../rbac/menu';
import { NOTE_KEY } from './audit.server';
import { resourceKey, type TrailEntry } from './define';
import type { Row, ServerResource } from './define.server';
import { getRow } from './service.server';


/** At most this many entries, the newest (a record moved thousands of times is not read whole). */
const LIMIT = 200;

function parseChanges(text: unknown): Record<string, [unknown, unknown]> {
  try {
    const v = JSON.parse(String(text ?? '{}')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, [unknown, unknown]>) : {};
  } catch {
    return {};
  }
}

export async function recordTrail(sr: ServerResource, user: SessionUser, id: number, t: TFunction, knex: Knex = getKnex()): Promise<{ row: Row; entries: TrailEntry[] }> {
  const row = await getRow(sr, user, id, t, knex);
  const logged: Row[] = await knex('sys_audit_log')
    .where({ resource: resourceKey(sr.def), record_id: String(id) })
    .orderBy('id', 'desc')
    .limit(LIMIT)
    .select('id', 'action', 'username', 'changes', 'created_at');
  const stateField = sr.def.stateMachine?.field;
  const names = new Set(sr.def.fields.filter((f) => f.type !== 'password').map((f) => f.name));
  const entries = logged.reverse().map((r): TrailEntry => {
    const all = parseChanges(r.changes);
    const action = String(r.action);
    const state = stateField ? all[stateField] : undefined;
    const note = all[NOTE_KEY]?.[1];
    return {
      id: Number(r.id),
      at: toDate(r.created_at)?.toISOString() ?? null,
      action,
      transition: action.startsWith('transition:') ? action.slice('transition:'.length) : null,
      from: state && state[0] !== null ? String(state[0]) : null,
      to: state && state[1] !== null ? String(state[1]) : null,
      username: r.username === null || r.username === undefined ? null : String(r.username),
      note: typeof note === 'string' ? note : null,
      changes: Object.fromEntries(Object.entries(all).filter(([k]) => names.has(k))),
    };
  });
  return { row, entries };
}
