// Tables of the bills area: bills with fee lines, bad-debt write-offs and verification forms.
import type { Migration } from '@core/shared';
import { auditColumns } from '@core/server';

export const billsMigration: Migration = {
  name: 'bills_001',
  async up(knex) {
    await knex.schema.createTable('fin_bill', (t) => {
      t.increments('id');
      t.string('serial_no', 32).notNullable().unique();
      t.string('order_no', 64).notNullable();
      t.string('bill_type', 10).notNullable();
      t.integer('payer_user_id').nullable();
      t.string('payer_name', 100).nullable();
      t.integer('payee_user_id').nullable();
      t.string('payee_name', 100).nullable();
      t.decimal('amount', 18, 2).notNullable();
      t.string('currency', 3).notNullable();
      t.date('bill_date').notNullable();
      t.string('status', 20).notNullable();
      t.string('pay_flag', 12).notNullable().defaultTo('unpaid');
      t.string('receipt_flag', 12).notNullable().defaultTo('uncollected');
      t.string('push_flag', 12).notNullable().defaultTo('notPushed');
      t.string('verify_flag', 12).notNullable().defaultTo('unverified');
      t.string('bad_debt', 12).notNullable().defaultTo('none');
      t.string('return_reason', 500).nullable();
      t.decimal('refund_amount', 18, 2).nullable();
      t.string('refund_reason', 500).nullable();
      t.string('refund_status', 12).nullable();
      t.string('refund_opinion', 500).nullable();
      t.integer('refund_ledger_id').nullable();
      t.datetime('refunded_at', { precision: 3 }).nullable();
      t.string('paid_via', 10).nullable();
      t.integer('pay_ledger_id').nullable();
      t.datetime('paid_at', { precision: 3 }).nullable();
      t.datetime('received_at', { precision: 3 }).nullable();
      // Hand-off key (handoff:<id>) or billing-period key: one bill per source.
      t.string('source', 128).nullable().unique();
      t.string('remark', 500).nullable();
      auditColumns(t);
      t.index(['payer_user_id', 'status']);
      t.index(['payee_user_id', 'status']);
      t.index(['order_no']);
    });
    await knex.schema.createTable('fin_bill_line', (t) => {
      t.increments('id');
      t.integer('bill_id').notNullable().index();
      t.integer('line_no').notNullable();
      t.string('fee_item_name', 50).notNullable();
      t.decimal('rate', 18, 6).nullable();
      t.string('charging_method', 20).nullable();
      t.string('standard', 100).nullable();
      t.string('currency', 3).notNullable();
      t.string('unit', 20).nullable();
      t.decimal('quantity', 18, 4).notNullable();
      t.decimal('amount', 18, 2).notNullable();
      t.string('source', 10).notNullable();
      t.string('explanation', 500).nullable();
    });
    await knex.schema.createTable('fin_bad_debt', (t) => {
      t.increments('id');
      t.integer('bill_id').notNullable().index();
      t.string('bill_serial_no', 32).notNullable();
      t.integer('payer_user_id').nullable().index();
      t.string('payer_name', 100).nullable();
      t.decimal('amount', 18, 2).notNullable();
      t.string('currency', 3).notNullable();
      t.string('reason', 500).notNullable();
      t.string('status', 12).notNullable();
      t.string('review_opinion', 500).nullable();
      t.integer('reviewed_by').nullable();
      t.datetime('reviewed_at', { precision: 3 }).nullable();
      auditColumns(t);
    });
    await knex.schema.createTable('fin_writeoff', (t) => {
      t.increments('id');
      t.string('writeoff_no', 32).notNullable().unique();
      t.integer('bill_id').notNullable().index();
      t.string('bill_serial_no', 32).notNullable();
      t.string('payer_name', 100).nullable();
      t.string('receiver_name', 100).nullable();
      t.decimal('amount', 18, 2).notNullable();
      t.string('currency', 3).notNullable();
      t.date('writeoff_date').notNullable();
      t.string('flag', 12).notNullable();
      t.string('paying_bank', 100).nullable();
      t.string('receiving_bank', 100).nullable();
      t.string('account_no', 64).nullable();
      t.string('bank_serial_no', 64).nullable();
      t.string('remark', 500).nullable();
      auditColumns(t);
    });
  },
  async down(knex) {
    for (const name of ['fin_writeoff', 'fin_bad_debt', 'fin_bill_line', 'fin_bill']) await knex.schema.dropTableIfExists(name);
  },
};
