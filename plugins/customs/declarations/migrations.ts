// Declaration tables: header, goods lines, product licences per line, attached documents.
// Amounts, quantities and weights are DECIMAL (exact); codes are text.
import type { Migration } from '@core/shared';
import { auditColumns } from '@core/server';

export const declarationMigrations: Migration[] = [
  {
    name: 'declarations_001',
    async up(knex) {
      await knex.schema.createTable('cus_declaration', (t) => {
        t.increments('id');
        t.string('seq_no', 32).notNullable().unique();
        t.string('ie_flag', 1).notNullable();
        t.string('status', 16).notNullable();
        t.string('reject_reason', 1000).nullable();
        t.integer('service_order_id').nullable().index();
        t.string('order_no', 32).nullable();
        t.string('pre_entry_no', 18).nullable();
        t.string('entry_no', 18).nullable();
        t.string('ie_customs', 4).notNullable();
        t.string('decl_customs', 4).notNullable();
        t.string('record_no', 12).nullable();
        t.string('contract_no', 32).nullable();
        t.date('ie_date').notNullable();
        t.date('decl_date').nullable();
        t.string('consignor_credit_code', 18).notNullable();
        t.string('consignor_customs_code', 10).notNullable();
        t.string('consignor_ciq_code', 10).nullable();
        t.string('consignor_name', 100).notNullable();
        t.string('overseas_code', 50).nullable();
        t.string('overseas_name', 100).notNullable();
        t.string('owner_credit_code', 18).nullable();
        t.string('owner_name', 100).nullable();
        t.string('agent_credit_code', 18).nullable();
        t.string('agent_name', 100).nullable();
        t.string('transport_mode', 1).notNullable();
        t.string('transport_name', 50).nullable();
        t.string('voyage_no', 32).nullable();
        t.string('bill_no', 32).nullable();
        t.string('supervision_mode', 4).notNullable();
        t.string('levy_nature', 3).nullable();
        t.string('permit_no', 20).nullable();
        t.string('depart_country', 3).notNullable();
        t.string('port_of_call', 6).notNullable();
        t.string('transaction_mode', 1).notNullable();
        t.decimal('freight', 18, 2).nullable();
        t.decimal('insurance', 18, 2).nullable();
        t.decimal('other_charges', 18, 2).nullable();
        t.integer('pack_count').notNullable();
        t.string('package_type', 2).notNullable();
        t.decimal('gross_weight', 18, 5).notNullable();
        t.decimal('net_weight', 18, 5).notNullable();
        t.string('trade_country', 3).notNullable();
        t.string('entry_port', 6).notNullable();
        t.string('storage_place', 100).notNullable();
        t.string('qualification_category', 20).notNullable();
        t.string('decl_kind', 1).notNullable();
        t.string('marking_code', 400).notNullable();
        t.string('remark', 255).nullable();
        t.integer('broker_enterprise_id').nullable().index();
        auditColumns(t);
        t.index(['status']);
      });
      await knex.schema.createTable('cus_decl_goods', (t) => {
        t.increments('id');
        t.integer('declaration_id').notNullable().index();
        t.integer('item_no').notNullable();
        t.string('hs_code', 10).notNullable();
        t.string('goods_name', 100).notNullable();
        t.string('ciq_name', 100).nullable();
        t.string('spec_model', 500).notNullable();
        t.text('elements').notNullable();
        t.decimal('qty', 18, 5).notNullable();
        t.string('unit', 3).notNullable();
        t.decimal('unit_price', 18, 4).notNullable();
        t.decimal('total_price', 18, 2).notNullable();
        t.string('currency', 3).notNullable();
        t.string('origin_country', 3).nullable();
        t.string('dest_country', 3).nullable();
        t.string('duty_mode', 1).nullable();
        t.decimal('legal_qty1', 18, 5).nullable();
        t.string('legal_unit1', 3).nullable();
        t.decimal('legal_qty2', 18, 5).nullable();
        t.string('legal_unit2', 3).nullable();
        t.date('expiry_date').nullable();
        t.integer('shelf_life_days').nullable();
        t.string('overseas_maker', 100).nullable();
        t.string('brand', 100).nullable();
        t.string('model', 100).nullable();
        t.date('production_date').nullable();
        t.string('batch_no', 50).nullable();
        t.decimal('volume_cbm', 18, 3).nullable();
        t.boolean('dangerous').notNullable().defaultTo(false);
        t.string('un_code', 4).nullable();
        t.string('danger_name', 100).nullable();
        t.string('danger_pack_type', 20).nullable();
        t.string('danger_pack_spec', 50).nullable();
        t.unique(['declaration_id', 'item_no']);
      });
      await knex.schema.createTable('cus_decl_licence', (t) => {
        t.increments('id');
        t.integer('declaration_id').notNullable().index();
        t.integer('goods_id').notNullable().index();
        t.string('licence_type', 1).notNullable();
        t.string('licence_no', 40).notNullable();
        t.string('verified_serial', 20).nullable();
        t.decimal('qty', 18, 5).nullable();
        t.string('unit', 3).nullable();
      });
      await knex.schema.createTable('cus_decl_document', (t) => {
        t.increments('id');
        t.integer('declaration_id').notNullable().index();
        t.integer('file_id').notNullable();
        t.string('doc_type', 20).notNullable();
        t.string('doc_no', 64).nullable();
      });
    },
    async down(knex) {
      for (const t of ['cus_decl_document', 'cus_decl_licence', 'cus_decl_goods', 'cus_declaration']) await knex.schema.dropTableIfExists(t);
    },
  },
];
