// Hand-offs between plugins that must not know each other: the sender records a document
// for a kind of receiver ("serviceBill": an approved service order asks for a bill); the
// plugin registered as service `handoff.<kind>` accepts it in the same transaction, or it
// waits as pending until such a plugin is installed (drainHandoffs runs at start-up).
import type { Knex } from 'knex';
import { getRegistry, type Registry, type Services } from './registry.server';

export interface Handoff<P = Record<string, unknown>> {
  id: number;
  kind: string;
  source: string;
  sourceId: string;
  payload: P;
}

/** The services of the registry delivering the hand-off (the receiver's reads of other plugins). */
export type HandoffServices = Services;

export interface HandoffReceiver {
  /** Creates the receiver's document; returns its reference (e.g. the bill number). */
  accept(trx: Knex.Transaction, handoff: Handoff, services: HandoffServices): Promise<string | void>;
}

const receiverName = (kind: string) => `handoff.${kind}`;

function receiverFor(kind: string, registry: Registry = getRegistry()): HandoffReceiver | null {
  return registry.hasService(receiverName(kind)) ? registry.service<HandoffReceiver>(receiverName(kind)) : null;
}

async function deliver(trx: Knex.Transaction, row: { id: number; kind: string; source: string; source_id: string; payload: string }, registry: Registry = getRegistry()): Promise<string | null> {
  const receiver = receiverFor(row.kind, registry);
  if (!receiver) return null;
  const result = await receiver.accept(trx, { id: Number(row.id), kind: row.kind, source: row.source, sourceId: row.source_id, payload: JSON.parse(row.payload) }, registry);
  await trx('sys_handoff')
    .where({ id: row.id })
    .update({ status: 'accepted', result: result ? String(result).slice(0, 255) : null, accepted_at: new Date() });
  return result ? String(result) : '';
}

/**
 * Records a hand-off (once per kind/source/sourceId) and delivers it if a receiver exists in the
 * registry (the running app's; a seed passes the one it is seeding).
 */
export async function handOff(
  trx: Knex.Transaction,
  kind: string,
  source: string,
  sourceId: string | number,
  payload: Record<string, unknown>,
  registry?: Registry,
): Promise<{ id: number; status: 'pending' | 'accepted'; result: string | null }> {
  const key = { kind, source, source_id: String(sourceId) };
  let row = await trx('sys_handoff').where(key).first();
  if (!row) {
    const [id] = await trx('sys_handoff').insert({ ...key, payload: JSON.stringify(payload), status: 'pending', created_at: new Date() });
    row = await trx('sys_handoff')
      .where({ id: Number(id) })
      .first();
  }
  if (row.status === 'accepted') return { id: Number(row.id), status: 'accepted', result: row.result };
  const result = await deliver(trx, row, registry);
  return { id: Number(row.id), status: result === null ? 'pending' : 'accepted', result };
}

/** Delivers pending hand-offs whose receiver is now installed. */
export async function drainHandoffs(knex: Knex): Promise<number> {
  const pending = await knex('sys_handoff').where({ status: 'pending' }).orderBy('id');
  let n = 0;
  for (const row of pending) {
    if (!receiverFor(row.kind)) continue;
    await knex.transaction(async (trx) => {
      if ((await deliver(trx, row)) !== null) n += 1;
    });
  }
  return n;
}
