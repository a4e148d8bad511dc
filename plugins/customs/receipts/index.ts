// Customs receipts for every document area that declares receipt targets (declarations,
// manifests, reports): the cus_receipt table, the EDI inbox job, and the receipts API.
import type { CustomsArea } from '../area';
import { errors, json, okResponse } from '@core/server';
import type { ReceiptTarget } from './receipts.server';
import { processInbox } from './inbox.server';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export function receiptsArea(targets: ReceiptTarget[]): CustomsArea {
  return {
    key: 'receipts',
    migrations: [
      {
        name: 'receipts_001',
        async up(knex) {
          await knex.schema.createTable('cus_receipt', (t) => {
            t.increments('id');
            t.string('doc_type', 32).notNullable();
            t.integer('doc_id').notNullable();
            t.string('doc_no', 64).notNullable();
            t.string('message_no', 64).notNullable().unique();
            t.string('function_code', 16).notNullable();
            t.string('code', 16).notNullable();
            t.string('message', 1000).nullable();
            t.datetime('receipt_time', { precision: 3 }).notNullable();
            t.string('status_after', 32).nullable();
            t.string('source', 64).notNullable();
            t.datetime('created_at', { precision: 3 }).notNullable();
            t.index(['doc_type', 'doc_id']);
          });
        },
        async down(knex) {
          await knex.schema.dropTableIfExists('cus_receipt');
        },
      },
    ],
    jobs: [
      {
        name: 'customs.receiptImport',
        titleKey: 'customs:receipts.job',
        cron: '*/30 * * * * *',
        // Two runs would race for the same files; the next tick reads whatever was missed.
        exclusive: true,
        catchUp: false,
        async process(ctx) {
          const run = await processInbox(ctx.knex, targets);
          const applied = run.outcomes.filter((o) => o.result === 'applied').length;
          return `files ${run.files}, failed files ${run.failedFiles}, receipts ${run.outcomes.length}, applied ${applied}`;
        },
      },
    ],
    routes: [{ path: 'api/customs/receipts', file: 'receipts/api.receipts.ts', layout: 'none' }],
    openapi: (doc) => {
      const docType = { type: 'string', enum: targets.map((x) => x.docType), description: 'the document kind; the caller needs its list permission' };
      const tags = ['customs: receipts'];
      doc.paths['/api/customs/receipts'] = {
        get: {
          tags,
          summary: "A document's customs receipts (to whoever may read the document)",
          operationId: 'customs_receipts_list',
          'x-access': 'signed-in',
          parameters: [
            { name: 'docType', in: 'query', required: true, schema: docType },
            { name: 'docId', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } },
          ],
          responses: { 200: okResponse('receipts, newest first', { type: 'array', items: { type: 'object' } }), ...errors('Forbidden', 'NotFound') },
        },
        post: {
          tags,
          summary: '回执刷新: reads the EDI receipt inbox now',
          operationId: 'customs_receipts_refresh',
          'x-access': 'signed-in',
          requestBody: { required: true, content: json({ type: 'object', properties: { docType }, required: ['docType'] }) },
          responses: {
            200: okResponse('what the run did', { type: 'object', properties: { files: { type: 'integer' }, failedFiles: { type: 'integer' }, applied: { type: 'integer' } }, required: ['files', 'failedFiles', 'applied'] }),
            ...errors('Forbidden', 'NotFound'),
          },
        },
      };
    },
    services: { receiptTargets: targets },
    locales: { zh, en, my },
  };
}
