// The contracts plugin's tables: the platform CA, signing enterprises with their certificates and
// seals, templates with their versions, contracts with their parties (in signing order), the
// PDF of each stage (found again by its hash) and the events of the certificate page.
import type { Knex } from 'knex';
import { auditColumns } from '@core/server';
import type { Migration } from '@core/shared';

export const migrations: Migration[] = [
  {
    name: '001_contracts',
    async up(knex: Knex) {
      await knex.schema.createTable('ctr_ca', (t) => {
        t.increments('id');
        // One root per platform: `root`, unique, so that two processes starting together make one.
        t.string('code', 20).notNullable().unique();
        t.string('subject', 200).notNullable();
        t.string('serial', 64).notNullable();
        t.text('cert_pem').notNullable();
        t.text('key_enc').notNullable();
        t.datetime('not_before', { precision: 3 }).notNullable();
        t.datetime('not_after', { precision: 3 }).notNullable();
        t.datetime('created_at', { precision: 3 }).notNullable();
      });
      await knex.schema.createTable('ctr_enterprise', (t) => {
        t.increments('id');
        t.string('name', 100).notNullable().unique();
        t.string('kind', 20).notNullable();
        t.string('credit_code', 30).nullable();
        t.string('legal_person', 50).nullable();
        t.string('status', 10).notNullable().defaultTo('enabled');
        t.string('cert_serial', 64).nullable();
        t.text('cert_pem').nullable();
        t.text('key_enc').nullable();
        t.datetime('cert_not_before', { precision: 3 }).nullable();
        t.datetime('cert_not_after', { precision: 3 }).nullable();
        t.string('remark', 500).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('ctr_seal', (t) => {
        t.increments('id');
        t.integer('enterprise_id').notNullable().index();
        t.string('name', 60).notNullable();
        t.string('kind', 30).notNullable();
        t.integer('image_file_id').nullable();
        t.string('status', 10).notNullable().defaultTo('enabled');
        auditColumns(t);
      });
      await knex.schema.createTable('ctr_template', (t) => {
        t.increments('id');
        t.string('code', 40).nullable().unique();
        t.string('name', 120).notNullable();
        t.string('description', 500).nullable();
        t.string('type', 20).notNullable();
        t.string('lang', 5).notNullable().defaultTo('zh');
        t.string('status', 10).notNullable().defaultTo('enabled');
        t.integer('current_version').notNullable().defaultTo(1);
        t.integer('file_id').nullable();
        t.integer('party_count').notNullable().defaultTo(2);
        t.text('fields').nullable();
        t.date('upload_date').notNullable();
        auditColumns(t);
      });
      await knex.schema.createTable('ctr_template_version', (t) => {
        t.increments('id');
        t.integer('template_id').notNullable().index();
        t.integer('version').notNullable();
        t.integer('file_id').notNullable();
        t.text('fields').nullable();
        t.integer('party_count').notNullable().defaultTo(2);
        t.string('note', 200).nullable();
        t.datetime('created_at', { precision: 3 }).notNullable();
        t.string('created_by_name', 50).nullable();
        t.unique(['template_id', 'version']);
      });
      await knex.schema.createTable('ctr_contract', (t) => {
        t.increments('id');
        t.string('contract_no', 40).notNullable().unique();
        t.string('title', 120).notNullable();
        t.string('type', 10).notNullable();
        t.integer('template_id').nullable().index();
        t.integer('template_version').nullable();
        t.integer('initiator_user_id').nullable();
        t.string('initiator_name', 100).nullable();
        t.date('signed_date').nullable();
        t.date('effective_date').nullable();
        t.date('expiry_date').nullable().index();
        t.decimal('amount', 18, 2).nullable();
        t.string('currency', 3).notNullable();
        t.string('goods', 200).nullable();
        t.string('route', 200).nullable();
        t.string('remark', 500).nullable();
        t.string('status', 12).notNullable().index();
        t.string('abnormal_reason', 500).nullable();
        t.integer('attachment_file_id').nullable();
        t.integer('file_id').nullable();
        t.string('file_hash', 64).nullable();
        t.integer('next_seq').nullable();
        t.datetime('sent_at', { precision: 3 }).nullable();
        t.datetime('completed_at', { precision: 3 }).nullable();
        t.date('warned_on').nullable();
        t.string('source', 60).nullable();
        auditColumns(t);
      });
      await knex.schema.createTable('ctr_party', (t) => {
        t.increments('id');
        t.integer('contract_id').notNullable().index();
        t.integer('seq').notNullable();
        t.integer('enterprise_id').notNullable().index();
        t.string('enterprise_name', 100).nullable();
        t.string('status', 10).notNullable().defaultTo('pending');
        t.integer('signer_user_id').nullable();
        t.string('signer_name', 50).nullable();
        t.integer('seal_id').nullable();
        t.datetime('signed_at', { precision: 3 }).nullable();
        t.string('ip', 64).nullable();
        t.string('reject_reason', 500).nullable();
        t.unique(['contract_id', 'seq']);
      });
      await knex.schema.createTable('ctr_document', (t) => {
        t.increments('id');
        t.integer('contract_id').notNullable().index();
        t.integer('file_id').notNullable();
        t.string('sha256', 64).notNullable().index();
        t.string('stage', 20).notNullable();
        t.datetime('created_at', { precision: 3 }).notNullable();
      });
      await knex.schema.createTable('ctr_event', (t) => {
        t.increments('id');
        t.integer('contract_id').notNullable().index();
        t.string('kind', 20).notNullable();
        t.integer('user_id').nullable();
        t.string('username', 50).nullable();
        t.string('enterprise_name', 100).nullable();
        t.string('ip', 64).nullable();
        t.string('note', 500).nullable();
        t.datetime('at', { precision: 3 }).notNullable();
      });
    },
    async down(knex: Knex) {
      for (const t of ['ctr_event', 'ctr_document', 'ctr_party', 'ctr_contract', 'ctr_template_version', 'ctr_template', 'ctr_seal', 'ctr_enterprise', 'ctr_ca']) await knex.schema.dropTableIfExists(t);
    },
  },
];
