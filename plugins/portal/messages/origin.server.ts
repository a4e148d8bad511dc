// Portal origins on the server: every write tells all processes (after it commits) that the
// CORS allow-list changed; the portal's public paths read the enabled ones through core.
import type { Knex } from 'knex';
import { crossOriginChanged, serverResource } from '@core/server';
import { originDef } from './origin';

export const ORIGIN_TABLE = 'ptl_origin';

export const originResource = serverResource(originDef, {
  async afterWrite(_id, _input, { trx }) {
    await crossOriginChanged(trx);
  },
  afterWriteLeavesRow: true,
  async beforeDelete(_rows, { trx }) {
    await crossOriginChanged(trx);
  },
});

/** The enabled origins (core's CORS layer caches them per process). */
export async function enabledOrigins(knex: Knex): Promise<string[]> {
  const rows: { origin: string }[] = await knex(ORIGIN_TABLE).where({ enabled: true }).select('origin');
  return rows.map((r) => r.origin);
}
