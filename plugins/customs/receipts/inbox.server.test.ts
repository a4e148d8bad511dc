// The EDI inbox read by two processes at once (two knex pools on one MariaDB; two BullMQ
// workers on one Redis): every receipt file is processed exactly once, nothing lands in
// failed/ and every receipt is applied once.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '../../../core/db/knex.server';
import { definePlugin } from '../../../core/plugin';
import { createScheduler, type JobScheduler } from '../../../core/jobs/scheduler.server';
import { cleanPrefix, TEST_REDIS_URL, testPrefix, waitFor } from '../../../core/jobs/test-db';
import { TEST_ON_SQLITE } from '../../../tests/support/db';
import { setUpTempDir, setUpTestDb } from '../../../tests/support/suite';
import { receiptsArea } from './index';
import { dropReceiptFile, ediDirs, processInbox } from './inbox.server';
import { receiptXml, type ReceiptTarget } from './receipts.server';
import { setPlugins } from '../../../core/registry.server';

// A registry of core alone unless a test installs its own (its plugins are handed over below).
setPlugins([]);

const FILES = 400;
const targets: ReceiptTarget[] = [
  {
    docType: 'ibxDoc',
    table: 'ibx_doc',
    noColumn: 'doc_no',
    statusColumn: 'status',
    resource: 'inboxtest.doc',
    statusFor: (code, current) => (code === '1' && current === 'sent' ? 'accepted' : null),
  },
];
const area = receiptsArea(targets);
const testPlugin = definePlugin({
  id: 'inboxtest',
  root: 'plugins/customs/receipts',
  migrations: [
    ...area.migrations!,
    {
      name: 'ibx_001',
      async up(knex) {
        await knex.schema.createTable('ibx_doc', (t) => {
          t.increments('id');
          t.string('doc_no', 64).notNullable().unique();
          t.string('status', 32).notNullable();
          t.datetime('updated_at', { precision: 3 }).nullable();
        });
      },
    },
  ],
  jobs: area.jobs,
});

const prefix = testPrefix('inbox');
const db = setUpTestDb({ plugins: [testPlugin], seed: false });
let other: Knex;
setUpTempDir('edi-', 'CUSTOMS_EDI_DIR');

beforeAll(async () => {
  other = knexFactory(knexConfig(db.url));
});

afterAll(async () => {
  await other?.destroy();
  await cleanPrefix(prefix);
});

/** FILES documents in state 'sent', and one accepting receipt file for each in the inbox. */
async function dropBatch(batch: string) {
  const docs = Array.from({ length: FILES }, (_, i) => ({ doc_no: `${batch}-${String(i).padStart(4, '0')}`, status: 'sent' }));
  for (let i = 0; i < docs.length; i += 100) await db.knex('ibx_doc').insert(docs.slice(i, i + 100));
  for (const d of docs) {
    const xml = receiptXml([{ messageNo: `M-${d.doc_no}`, docType: 'ibxDoc', docNo: d.doc_no, functionCode: '0', code: '1', message: 'accepted', receiptTime: new Date() }]);
    await dropReceiptFile(`${d.doc_no}.xml`, xml);
  }
}

const list = (dir: string) => fs.readdirSync(dir);

async function expectBatchDoneOnce(batch: string) {
  const dirs = ediDirs();
  expect(list(dirs.inbox)).toEqual([]);
  expect(list(dirs.processing)).toEqual([]);
  expect(list(dirs.failed)).toEqual([]);
  expect(list(dirs.processed).filter((n) => n.includes(`-${batch}-`))).toHaveLength(FILES);
  const [{ n: receipts }] = await db.knex('cus_receipt').where('doc_no', 'like', `${batch}-%`).count({ n: '*' });
  expect(Number(receipts)).toBe(FILES);
  const [{ n: accepted }] = await db.knex('ibx_doc').where('doc_no', 'like', `${batch}-%`).andWhere({ status: 'accepted' }).count({ n: '*' });
  expect(Number(accepted)).toBe(FILES);
  // Applied once: one audit entry per document.
  const [{ n: audits }] = await db.knex('sys_audit_log').where({ resource: 'inboxtest.doc', action: 'receipt' }).andWhere('summary', 'like', `${batch}-%`).count({ n: '*' });
  expect(Number(audits)).toBe(FILES);
}

describe.skipIf(TEST_ON_SQLITE)('EDI inbox read by two processes at once', () => {
  it('two runs at once, without any job lock, share the files out: each processed once, none failed', async () => {
    await dropBatch('a');
    const [r1, r2] = await Promise.all([processInbox(db.knex, targets), processInbox(other, targets)]);
    expect(r1.files + r2.files).toBe(FILES);
    expect(r1.failedFiles + r2.failedFiles).toBe(0);
    const outcomes = [...r1.outcomes, ...r2.outcomes];
    expect(outcomes.filter((o) => o.result === 'applied')).toHaveLength(FILES);
    expect(outcomes.filter((o) => o.result !== 'applied')).toEqual([]);
    await expectBatchDoneOnce('a');
  });

  it('"run once" on two BullMQ workers at once: one run reads the inbox, the other is skipped', async () => {
    await dropBatch('b');
    const opts = { redisUrl: TEST_REDIS_URL, prefix, worker: true, concurrency: 1, catchUp: false };
    const workers: JobScheduler[] = [createScheduler(db.registry, { ...opts, knex: db.knex }), createScheduler(db.registry, { ...opts, knex: other })];
    const web = createScheduler(db.registry, { ...opts, knex: db.knex, worker: false });
    onTestFinished(async () => {
      await web.close();
      await Promise.all(workers.map((w) => w.close()));
    });
    await Promise.all(workers.map((w) => w.start()));
    // The every-30-s schedule would read the inbox as well; this case is about the two "run once".
    await db.knex('sys_job').where({ name: 'customs.receiptImport' }).update({ status: 'paused' });
    await web.reschedule('customs.receiptImport');
    await Promise.all([web.runOnce('customs.receiptImport'), web.runOnce('customs.receiptImport')]);
    const rows = await waitFor(async () => {
      const r = await db.knex('sys_job_log').where({ job_name: 'customs.receiptImport', trigger: 'manual' }).whereNot({ status: 'running' });
      return r.length === 2 ? r : null;
    }, 40_000);
    expect(rows.map((r) => r.status).sort()).toEqual(['skipped', 'success']);
    expect(rows.find((r) => r.status === 'success').message).toBe(`files ${FILES}, failed files 0, receipts ${FILES}, applied ${FILES}`);
    await expectBatchDoneOnce('b');
  });
});
