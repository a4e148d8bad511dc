// Tables of the manifests and reports area (prefix cus_): manifests (kind pre | original) with
// bills, contacts and goods; reports (kind arrival | tally | vehicle) with bill lines. Every
// document carries the number customs knows it by (doc_no, unique), its status and the reason
// of a rejection. Numbers are DECIMAL columns: weights and values never pass through floats.
import type { Knex } from 'knex';
import type { Migration } from '@core/shared';
import { auditColumns } from '@core/server';

function documentColumns(t: Knex.CreateTableBuilder): void {
  t.increments('id');
  t.string('kind', 16).notNullable();
  t.string('doc_no', 32).notNullable().unique();
  t.string('status', 16).notNullable().defaultTo('draft');
  t.string('reject_reason', 1000).nullable();
  t.datetime('submitted_at', { precision: 3 }).nullable();
}

export const manifestMigrations: Migration[] = [
  {
    name: 'manifests_001_documents',
    async up(knex) {
      await knex.schema.createTable('cus_manifest', (t) => {
        documentColumns(t);
        t.string('order_no', 64).notNullable();
        t.string('batch_no', 64).notNullable();
        t.string('carrier_code', 32).nullable();
        t.string('customs_code', 4).notNullable();
        t.string('transport_mode', 1).notNullable();
        t.string('place_code', 16).notNullable();
        t.datetime('loading_time', { precision: 3 }).notNullable();
        t.string('filing_customs', 4).notNullable();
        t.string('enterprise_code', 32).notNullable();
        t.string('transferor_name', 100).notNullable();
        t.string('remarks', 500).nullable();
        auditColumns(t);
        t.index(['kind', 'status']);
      });
      await knex.schema.createTable('cus_manifest_bill', (t) => {
        t.increments('id');
        t.integer('manifest_id').notNullable().index();
        t.integer('seq').notNullable();
        t.string('bill_no', 50).notNullable();
        t.string('clearance_code', 16).notNullable();
        t.integer('total_pieces').notNullable();
        t.decimal('gross_weight', 15, 3).notNullable();
        t.decimal('cargo_value', 16, 2).notNullable();
        t.string('currency', 3).notNullable();
        t.string('consignee_name', 100).nullable();
        t.string('carriage_terms', 20).nullable();
        t.string('freight_payment', 2).notNullable();
        t.string('package_type', 2).notNullable();
        t.decimal('volume', 15, 3).nullable();
        t.string('lcl_code', 35).nullable();
      });
      await knex.schema.createTable('cus_manifest_contact', (t) => {
        t.increments('id');
        t.integer('manifest_id').notNullable().index();
        t.integer('bill_id').notNullable().index();
        t.string('role', 16).notNullable();
        t.string('code', 35).nullable();
        t.string('name', 100).notNullable();
        t.string('phone', 50).nullable();
        t.string('comm_type', 2).nullable();
      });
      await knex.schema.createTable('cus_manifest_goods', (t) => {
        t.increments('id');
        t.integer('manifest_id').notNullable().index();
        t.integer('bill_id').notNullable().index();
        t.integer('seq').notNullable();
        t.decimal('quantity', 15, 3).notNullable();
        t.string('description', 200).nullable();
        t.decimal('gross_weight', 15, 3).notNullable();
        t.string('package_type', 2).nullable();
        t.string('dangerous_no', 4).nullable();
        t.string('hs_code', 10).nullable();
        t.string('supplement', 500).nullable();
      });
      await knex.schema.createTable('cus_report', (t) => {
        documentColumns(t);
        t.string('customs_code', 4).notNullable();
        t.string('transport_mode', 1).nullable();
        t.string('batch_no', 64).nullable();
        t.string('manifest_no', 64).nullable();
        t.string('site_code', 16).nullable();
        t.string('conveyance_name', 100).nullable();
        t.datetime('event_time', { precision: 3 }).nullable();
        t.string('enterprise_code', 32).notNullable();
        t.string('declarant_name', 100).notNullable();
        // Tally reports.
        t.datetime('tally_start', { precision: 3 }).nullable();
        t.datetime('tally_end', { precision: 3 }).nullable();
        t.string('tally_company_code', 32).nullable();
        t.string('responsible_person', 50).nullable();
        // Vehicle entry and departure confirmations.
        t.string('plate_no', 20).nullable();
        t.string('driver_name', 50).nullable();
        t.string('driver_id_no', 32).nullable();
        t.string('direction', 8).nullable();
        t.string('remarks', 500).nullable();
        auditColumns(t);
        t.index(['kind', 'status']);
      });
      await knex.schema.createTable('cus_report_line', (t) => {
        t.increments('id');
        t.integer('report_id').notNullable().index();
        t.integer('seq').notNullable();
        t.string('bill_no', 50).notNullable();
        t.string('container_no', 20).nullable();
        t.integer('pieces').notNullable();
        t.decimal('gross_weight', 15, 3).notNullable();
        t.string('package_type', 2).nullable();
        t.string('goods_desc', 200).nullable();
      });
    },
    async down(knex) {
      for (const table of ['cus_report_line', 'cus_report', 'cus_manifest_goods', 'cus_manifest_contact', 'cus_manifest_bill', 'cus_manifest']) await knex.schema.dropTableIfExists(table);
    },
  },
];
