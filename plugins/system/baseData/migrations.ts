// Base-data tables of /dataBase/systemData. Rows point at each other by business code
// (country code, UN/LOCODE, GB/T 2260 code), not by id: codes survive export and import, and
// the services refuse to change a code while something still refers to it.
import type { Migration } from '@core/shared';
import { auditColumns } from '@core/server';

export const baseDataMigrations: Migration[] = [
  {
    name: '100_base_data',
    async up(knex) {
      await knex.schema.createTable('sys_country', (t) => {
        t.increments('id');
        t.string('code', 2).notNullable().unique();
        t.string('alpha3', 3).notNullable().unique();
        t.string('numeric_code', 3).notNullable().unique();
        t.string('name_zh', 100).notNullable();
        t.string('name_en', 100).notNullable();
        t.string('name_my', 100).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('sys_port', (t) => {
        t.increments('id');
        t.string('code', 5).notNullable().unique();
        t.string('name_zh', 100).notNullable();
        t.string('name_en', 100).notNullable();
        t.string('name_my', 100).nullable();
        t.string('country_code', 2).notNullable().index();
        t.string('port_type', 16).notNullable();
        t.string('remarks', 500).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('sys_yard', (t) => {
        t.increments('id');
        t.string('code', 30).notNullable().unique();
        t.string('name', 100).notNullable();
        t.string('port_code', 5).notNullable().index();
        t.string('yard_type', 16).nullable();
        t.decimal('area', 12, 2).nullable();
        t.integer('capacity').nullable();
        t.string('remarks', 500).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('sys_berth', (t) => {
        t.increments('id');
        t.string('code', 30).notNullable().unique();
        t.string('name', 100).notNullable();
        t.string('port_code', 5).notNullable().index();
        t.decimal('length', 8, 2).notNullable();
        t.decimal('depth', 6, 2).notNullable();
        t.integer('max_tonnage').notNullable();
        t.string('remarks', 500).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('sys_route', (t) => {
        t.increments('id');
        t.string('code', 30).notNullable().unique();
        t.string('name', 100).notNullable();
        t.string('origin_port', 5).notNullable().index();
        t.string('destination_port', 5).notNullable().index();
        t.decimal('distance_km', 10, 1).notNullable();
        t.string('transport_mode', 16).notNullable();
        t.integer('transit_days').nullable();
        t.string('remarks', 500).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('sys_goods', (t) => {
        t.increments('id');
        t.string('code', 30).notNullable().unique();
        t.string('name', 100).notNullable();
        t.string('name_en', 100).nullable();
        t.string('name_my', 100).nullable();
        t.string('category', 16).notNullable();
        t.string('unit', 8).notNullable();
        t.string('hs_code', 10).nullable().index();
        t.boolean('dangerous').notNullable().defaultTo(false);
        t.string('remarks', 500).nullable();
        auditColumns(t);
      });
      // Provinces, cities and counties in one tree (GB/T 2260 codes).
      await knex.schema.createTable('sys_region', (t) => {
        t.increments('id');
        t.string('code', 6).notNullable().unique();
        t.string('name', 50).notNullable();
        t.string('level', 10).notNullable();
        t.string('parent_code', 6).nullable().index();
        auditColumns(t);
        t.index(['level', 'code']);
      });
      await knex.schema.createTable('sys_shipping_address', (t) => {
        t.increments('id');
        t.string('name', 100).notNullable();
        t.string('province_code', 6).notNullable().index();
        t.string('city_code', 6).notNullable().index();
        t.string('county_code', 6).nullable().index();
        t.string('detail_address', 200).notNullable();
        t.string('contact_name', 30).notNullable();
        t.string('phone', 20).notNullable();
        t.boolean('is_default').notNullable().defaultTo(false);
        t.string('remarks', 500).nullable();
        auditColumns(t);
      });
    },
    async down(knex) {
      for (const table of ['sys_shipping_address', 'sys_region', 'sys_goods', 'sys_route', 'sys_berth', 'sys_yard', 'sys_port', 'sys_country']) {
        await knex.schema.dropTableIfExists(table);
      }
    },
  },
];
