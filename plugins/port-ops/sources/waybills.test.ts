// What the distribution reads of the dispatch area's waybills (built alongside, so on a table of
// that shape here): the vehicles a live waybill books in a loading window, and a fleet's on-time
// and loss rates; and the defaults while there is no waybill table.
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@core/shared';
import { bookedVehicleIds, fleetHistory } from './distribution.server';

let knex: Knex;
const text = (d: Date) => formatDateTime(d).slice(0, 16);
const hours = (h: number) => new Date(Date.UTC(2026, 11, 1, h));

beforeAll(() => {
  knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
});
afterAll(() => knex.destroy());

describe('without the waybill table', () => {
  it('books no vehicle and gives every fleet 100% on time and no loss', async () => {
    expect(await bookedVehicleIds(knex, hours(8), hours(18))).toEqual([]);
    expect([...(await fleetHistory(knex, [1, 2])).values()]).toEqual([
      { onTimeRate: 100, lossRate: 0 },
      { onTimeRate: 100, lossRate: 0 },
    ]);
  });
});

describe('with waybills', () => {
  beforeAll(async () => {
    await knex.schema.createTable('ops_source', (t) => {
      t.increments('id');
      t.datetime('unload_by');
    });
    await knex.schema.createTable('ops_waybill', (t) => {
      t.increments('id');
      t.string('status', 16);
      t.integer('fleet_id');
      t.integer('vehicle_id');
      t.integer('source_id');
      t.string('loading_from', 16);
      t.string('loading_to', 16);
      t.datetime('unloaded_at');
      t.decimal('loaded_net', 10, 3);
      t.decimal('loss_tonnes', 10, 3);
    });
    // Unloaded yesterday: one an hour before its deadline, one an hour after.
    const deadline = new Date(Date.now() - 86400_000);
    const [source] = await knex('ops_source').insert({ unload_by: deadline });
    const w = (o: Record<string, unknown>) => ({ fleet_id: 1, source_id: source, loading_from: text(hours(6)), loading_to: text(hours(9)), ...o });
    await knex('ops_waybill').insert([
      // Overlapping the window: books vehicle 11; one loaded earlier and under way: 12.
      w({ status: 'dispatched', vehicle_id: 11 }),
      w({ status: 'inTransit', vehicle_id: 12, loading_from: text(hours(0)), loading_to: text(hours(2)) }),
      // Cancelled, unloaded, or loading after the window: none.
      w({ status: 'cancelled', vehicle_id: 13 }),
      w({ status: 'unloaded', vehicle_id: 14, unloaded_at: new Date(deadline.getTime() - 3600_000), loaded_net: '30', loss_tonnes: '0.3' }),
      w({ status: 'completed', vehicle_id: 15, unloaded_at: new Date(deadline.getTime() + 3600_000), loaded_net: '20', loss_tonnes: '0.2' }),
      w({ status: 'dispatched', vehicle_id: 16, loading_from: text(hours(19)), loading_to: text(hours(21)) }),
    ]);
  });

  it('books the vehicles of live waybills loading in the window or under way', async () => {
    expect((await bookedVehicleIds(knex, hours(8), hours(18))).sort()).toEqual([11, 12]);
  });

  it('rates a fleet by its unloaded waybills: on time by the source’s deadline, loss of what was loaded', async () => {
    const h = await fleetHistory(knex, [1, 2]);
    expect(h.get(1)).toEqual({ onTimeRate: 50, lossRate: 1 });
    expect(h.get(2)).toEqual({ onTimeRate: 100, lossRate: 0 });
  });
});
