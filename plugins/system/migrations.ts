// System plugin tables: code types and codes (the platform's reference lists).
import type { Migration } from '@core/shared';
import { auditColumns } from '@core/server';

export const systemMigrations: Migration[] = [
  {
    name: '001_ref_codes',
    async up(knex) {
      await knex.schema.createTable('sys_ref_code_type', (t) => {
        t.increments('id');
        t.string('type_code', 50).notNullable().unique();
        t.string('name', 100).notNullable();
        t.string('scope', 16).notNullable();
        t.integer('code_length').nullable();
        t.string('remarks', 500).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('sys_ref_code', (t) => {
        t.increments('id');
        t.string('rv_domain', 50).notNullable();
        t.string('code', 50).notNullable();
        t.string('name', 200).notNullable();
        t.string('name_en', 200).notNullable();
        t.boolean('is_default').notNullable().defaultTo(false);
        t.string('high_value', 100).nullable();
        t.string('edi_code', 50).nullable();
        t.integer('order_num').nullable();
        auditColumns(t);
        t.unique(['rv_domain', 'code']);
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('sys_ref_code');
      await knex.schema.dropTableIfExists('sys_ref_code_type');
    },
  },
];
