// Customs plugin tables (prefix cus_): the declaration platform's basic-information code lists.
// Codes are stored as text (leading zeros matter); uniqueness is also checked by the server
// hooks so users get a field message rather than a database error.
import type { Migration } from '@core/shared';
import { auditColumns } from '@core/server';

const TABLES = ['cus_hs_element', 'cus_hs_code', 'cus_ciq_code', 'cus_eciq_data', 'cus_eciq_type', 'cus_origin_area', 'cus_customs_port', 'cus_customs_qp', 'cus_port_code'];

export const customsMigrations: Migration[] = [
  {
    name: '001_basic_information',
    async up(knex) {
      await knex.schema.createTable('cus_hs_code', (t) => {
        t.increments('id');
        t.string('hs_code', 10).notNullable().unique();
        t.string('name', 255).notNullable();
        t.string('name_en', 255).nullable();
        t.date('start_date').notNullable();
        t.date('end_date').notNullable();
        t.string('flag', 8).notNullable().defaultTo('valid');
        t.decimal('tax_rate', 5, 2).nullable();
        t.string('first_unit', 20).nullable();
        t.string('second_unit', 20).nullable();
        t.string('supervision', 20).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('cus_hs_element', (t) => {
        t.increments('id');
        t.string('hs_code', 10).notNullable();
        t.integer('seq').notNullable();
        t.string('name', 100).notNullable();
        t.string('name_en', 200).nullable();
        t.boolean('is_required').notNullable().defaultTo(false);
        auditColumns(t);
        t.unique(['hs_code', 'seq']);
      });
      await knex.schema.createTable('cus_ciq_code', (t) => {
        t.increments('id');
        t.string('ciq_code', 20).notNullable().unique();
        t.string('hs_code', 10).nullable().index();
        t.string('name', 255).notNullable();
        t.string('name_en', 255).notNullable();
        t.string('extension', 10).nullable();
        t.string('classification', 50).notNullable();
        t.string('code_version', 20).nullable();
        t.string('parent_code', 20).nullable().index();
        t.boolean('valid').notNullable().defaultTo(true);
        auditColumns(t);
      });
      await knex.schema.createTable('cus_eciq_type', (t) => {
        t.increments('id');
        t.string('type_code', 50).notNullable().unique();
        t.string('name', 100).notNullable();
        t.string('name_en', 200).notNullable();
        t.string('remarks', 500).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('cus_eciq_data', (t) => {
        t.increments('id');
        t.string('type_code', 50).notNullable();
        t.string('code', 50).notNullable();
        t.string('name', 200).notNullable();
        t.string('name_en', 200).notNullable();
        t.boolean('valid').notNullable().defaultTo(true);
        auditColumns(t);
        t.unique(['type_code', 'code']);
      });
      await knex.schema.createTable('cus_origin_area', (t) => {
        t.increments('id');
        t.string('code', 20).notNullable().unique();
        t.string('name', 100).notNullable();
        t.string('name_en', 200).nullable();
        t.string('country_code', 2).notNullable().index();
        auditColumns(t);
      });
      await knex.schema.createTable('cus_customs_port', (t) => {
        t.increments('id');
        t.string('customs_code', 4).notNullable().unique();
        t.string('name', 100).notNullable();
        t.string('name_en', 200).nullable();
        t.string('parent_code', 4).nullable().index();
        auditColumns(t);
      });
      await knex.schema.createTable('cus_customs_qp', (t) => {
        t.increments('id');
        t.string('qp_type', 32).notNullable();
        t.string('qp_code', 20).notNullable();
        t.string('name', 200).notNullable();
        t.string('name_en', 200).nullable();
        t.string('remarks', 500).nullable();
        auditColumns(t);
        t.unique(['qp_type', 'qp_code']);
      });
      await knex.schema.createTable('cus_port_code', (t) => {
        t.increments('id');
        t.string('port_code', 5).notNullable().unique();
        t.string('name', 100).notNullable();
        t.string('name_en', 200).nullable();
        t.string('country_code', 2).notNullable().index();
        t.string('transport_mode', 2).notNullable();
        auditColumns(t);
      });
    },
    async down(knex) {
      for (const table of TABLES) await knex.schema.dropTableIfExists(table);
    },
  },
];
