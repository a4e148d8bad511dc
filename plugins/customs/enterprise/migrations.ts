// Tables of the enterprise center: the enterprise of each login account with its bank
// accounts and qualification files, collection (receipt) information, and entrustments
// (which customs broker acts for which trader).
import type { Migration } from '@core/shared';
import { auditColumns } from '@core/server';

export const enterpriseMigrations: Migration[] = [
  {
    name: 'enterprise_001',
    async up(knex) {
      await knex.schema.createTable('cus_enterprise', (t) => {
        t.increments('id');
        t.integer('user_id').notNullable().unique();
        t.integer('account_type').notNullable();
        t.string('name', 100).notNullable();
        t.string('industry', 2).notNullable();
        t.string('nature', 20).notNullable();
        t.decimal('registered_capital', 16, 4).notNullable();
        t.string('employee_count', 10).notNullable();
        t.string('business_scope', 1000).nullable();
        t.string('phone', 30).nullable();
        t.string('fax', 30).nullable();
        t.string('website', 200).nullable();
        t.string('country_code', 2).notNullable();
        t.string('province_code', 6).nullable();
        t.string('city_code', 6).nullable();
        t.string('district_code', 6).nullable();
        t.string('address_detail', 200).notNullable();
        t.string('credit_code', 18).notNullable().unique();
        t.string('org_code', 10).nullable();
        t.string('customs_code', 10).nullable();
        t.string('customs_area', 4).nullable();
        t.string('inspection_code', 10).nullable();
        t.string('legal_name', 10).notNullable();
        t.string('legal_phone', 20).notNullable();
        t.string('legal_id_type', 10).notNullable();
        t.string('legal_id_no', 30).notNullable();
        t.string('handler_name', 20).notNullable();
        t.string('handler_phone', 20).notNullable();
        t.string('handler_email', 100).notNullable();
        t.string('handler_id_type', 10).notNullable();
        t.string('handler_id_no', 30).notNullable();
        t.string('audit_status', 1).notNullable().defaultTo('0').index();
        t.string('audit_opinion', 500).nullable();
        t.datetime('audit_time', { precision: 3 }).nullable();
        t.string('audit_by', 64).nullable();
        auditColumns(t);
        t.index(['account_type', 'audit_status']);
      });
      await knex.schema.createTable('cus_enterprise_bank', (t) => {
        t.increments('id');
        t.integer('enterprise_id').notNullable().index();
        t.string('bank_country', 2).notNullable();
        t.string('bank_name', 100).notNullable();
        t.string('account_name', 100).notNullable();
        t.string('account_no', 40).notNullable();
        t.string('swift', 11).nullable();
      });
      await knex.schema.createTable('cus_enterprise_file', (t) => {
        t.increments('id');
        t.integer('enterprise_id').notNullable().index();
        t.integer('seq').notNullable();
        t.string('name', 100).notNullable();
        t.string('file_type', 20).notNullable();
        t.integer('file_id').notNullable();
      });
      await knex.schema.createTable('cus_collection_info', (t) => {
        t.increments('id');
        t.integer('enterprise_id').notNullable().index();
        t.string('status', 1).notNullable().defaultTo('0');
        t.string('settlement_account', 40).notNullable();
        t.string('settlement_account_name', 100).notNullable();
        t.string('account_status', 10).notNullable();
        t.string('contact_name', 10).notNullable();
        t.string('contact_phone', 30).notNullable();
        t.string('mobile', 20).notNullable();
        t.string('address', 200).nullable();
        t.boolean('sms_notify').notNullable().defaultTo(false);
        t.string('sms_phone', 20).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('cus_entrustment', (t) => {
        t.increments('id');
        t.integer('trader_enterprise_id').notNullable().index();
        t.integer('broker_enterprise_id').notNullable().index();
        t.date('valid_from').notNullable();
        t.date('valid_to').notNullable();
        t.string('status', 10).notNullable().defaultTo('active');
        t.string('remark', 500).nullable();
        auditColumns(t);
      });
    },
    async down(knex) {
      for (const table of ['cus_entrustment', 'cus_collection_info', 'cus_enterprise_file', 'cus_enterprise_bank', 'cus_enterprise']) await knex.schema.dropTableIfExists(table);
    },
  },
];
