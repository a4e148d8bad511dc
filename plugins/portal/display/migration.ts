// The display series' tables (ptl_*): one row per day (or month) and series key, the key unique
// so that an import refuses a row already kept; values are DECIMAL, never floats.
import type { Knex } from 'knex';
import type { Migration } from '@core/shared';
import { auditColumns } from '@core/server';

const TABLES = ['ptl_weather', 'ptl_bdi_bdu', 'ptl_throughput', 'ptl_goods_inventory', 'ptl_steel', 'ptl_ore', 'ptl_rate', 'ptl_class'];

export const displayMigrations: Migration[] = [
  {
    name: 'display_001',
    async up(knex: Knex) {
      await knex.schema.createTable('ptl_weather', (t) => {
        t.increments('id');
        t.date('date').notNullable();
        t.string('port', 20).notNullable();
        t.string('condition', 10).notNullable();
        t.decimal('min_temp', 4, 1).notNullable();
        t.decimal('max_temp', 4, 1).notNullable();
        t.string('wind', 30).nullable();
        t.decimal('visibility', 4, 1).nullable();
        auditColumns(t);
        t.unique(['date', 'port']);
      });
      await knex.schema.createTable('ptl_bdi_bdu', (t) => {
        t.increments('id');
        t.date('date').notNullable();
        t.string('index_kind', 3).notNullable();
        t.decimal('value', 8, 2).notNullable();
        auditColumns(t);
        t.unique(['date', 'index_kind']);
      });
      await knex.schema.createTable('ptl_throughput', (t) => {
        t.increments('id');
        t.string('month', 7).notNullable();
        t.string('cargo_type', 16).notNullable();
        t.decimal('tonnes', 14, 2).notNullable();
        t.integer('teu').nullable();
        auditColumns(t);
        t.unique(['month', 'cargo_type']);
      });
      await knex.schema.createTable('ptl_goods_inventory', (t) => {
        t.increments('id');
        t.date('date').notNullable();
        t.string('goods', 50).notNullable();
        t.string('warehouse', 50).notNullable();
        t.decimal('quantity', 15, 3).notNullable();
        auditColumns(t);
        t.unique(['date', 'goods', 'warehouse']);
      });
      await knex.schema.createTable('ptl_steel', (t) => {
        t.increments('id');
        t.date('date').notNullable();
        t.string('product', 20).notNullable();
        t.string('market', 50).notNullable();
        t.decimal('price', 12, 2).notNullable();
        auditColumns(t);
        t.unique(['date', 'product', 'market']);
      });
      await knex.schema.createTable('ptl_ore', (t) => {
        t.increments('id');
        t.date('date').notNullable();
        t.string('ore_type', 20).notNullable();
        t.decimal('price', 12, 2).notNullable();
        auditColumns(t);
        t.unique(['date', 'ore_type']);
      });
      await knex.schema.createTable('ptl_rate', (t) => {
        t.increments('id');
        t.date('date').notNullable();
        t.string('pair', 7).notNullable();
        t.decimal('rate', 16, 6).notNullable();
        auditColumns(t);
        t.unique(['date', 'pair']);
      });
      await knex.schema.createTable('ptl_class', (t) => {
        t.increments('id');
        t.string('mode', 8).notNullable();
        t.string('line_name', 100).notNullable();
        t.string('origin', 50).notNullable();
        t.string('destination', 50).notNullable();
        t.string('departure_time', 5).notNullable();
        t.string('arrival_time', 5).notNullable();
        t.string('days', 20).notNullable();
        t.string('operator', 100).notNullable();
        t.string('status', 12).notNullable().defaultTo('active');
        auditColumns(t);
        t.unique(['mode', 'line_name', 'departure_time']);
      });
    },
    async down(knex: Knex) {
      for (const table of [...TABLES].reverse()) await knex.schema.dropTableIfExists(table);
    },
  },
];
