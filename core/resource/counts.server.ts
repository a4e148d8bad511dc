// Tabs by state: how many rows of each state the user may see under the list's filters (the
// state tab itself aside), and the tab's own filter on a list query.
import type { Knex } from 'knex';
import { getKnex } from '../db/knex.server';
import type { SessionUser } from '../rbac/menu';
import { STATE_PARAM } from './define';
import type { ServerResource } from './define.server';
import { listQueryBuilder, type ListQuery } from './service.server';
import { qualifiedColumn } from './variant.server';

export interface StateCounts {
  /** Every row under the filters (the 全部 tab). */
  total: number;
  /** Rows per state value; a state without rows counts 0. */
  states: Record<string, number>;
}

/** The list query narrowed to the state tab in the URL (`inState=<state>`), if it names a state. */
export function withStateTab(sr: ServerResource, params: URLSearchParams, q: ListQuery): ListQuery {
  const sm = sr.def.stateMachine;
  const state = params.get(STATE_PARAM);
  if (!sm || !state || !sm.states.some((s) => s.value === state)) return q;
  return { ...q, filters: { ...q.filters, [sm.field]: { kind: 'eq', value: state } } };
}

export async function stateCounts(sr: ServerResource, user: SessionUser, q: ListQuery, knex: Knex = getKnex()): Promise<StateCounts | null> {
  const sm = sr.def.stateMachine;
  const field = sm && sr.def.fields.find((f) => f.name === sm.field);
  if (!sm || !field) return null;
  const filters = { ...q.filters };
  delete filters[sm.field];
  const { qb } = await listQueryBuilder(sr, user, { ...q, filters }, knex);
  const col = qualifiedColumn(sr.def, field);
  const rows: { state: unknown; n: unknown }[] = await qb.clearSelect().clearOrder().select({ state: col }).count({ n: '*' }).groupBy(col);
  const states: Record<string, number> = Object.fromEntries(sm.states.map((s) => [s.value, 0]));
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    total += n;
    const key = String(r.state);
    if (key in states) states[key] += n;
  }
  return { total, states };
}
