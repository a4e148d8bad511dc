// For the kill tests (import.kill.test.ts, core/jobs/kill.test.ts): a resource whose rows take a
// moment each (IMPORT_TEST_ROW_MS in a validate hook), so a worker can be killed part-way
// through, and an exclusive job that takes IMPORT_TEST_JOB_MS and leaves a row `start-<pid>` for
// each run that started and `job-<log id>` for each that got to its end. Also the shape of every import test plugin (suite.fixture.ts too): one table
// and its resources.
// No vitest here: kill-worker.fixture.ts loads this file outside the test runner.
import type { Knex } from 'knex';
import { z } from 'zod';
import { auditColumns } from '../../db/core-migrations';
import { defineJob, definePlugin, type JobDef, type PortPlugin } from '../../plugin';
import { defineResource } from '../define';
import { serverResource, type ServerResource } from '../define.server';

/** A plugin of one table: permissions <id>:item:list/create/import, a migration making the table with the engine's version and stamp columns, its resources and texts. */
export function importTestPlugin(p: {
  id: string;
  root: string;
  table: string;
  columns: (t: Knex.CreateTableBuilder) => void;
  resources: ServerResource[];
  locales: PortPlugin['locales'];
  jobs?: JobDef[];
}): PortPlugin {
  return definePlugin({
    id: p.id,
    root: p.root,
    permissions: ['list', 'create', 'import'].map((action) => ({ code: `${p.id}:item:${action}`, titleKey: `${p.id}:perm` })),
    migrations: [
      {
        name: `001_${p.table}`,
        async up(knex) {
          await knex.schema.createTable(p.table, (t) => {
            t.increments('id');
            p.columns(t);
            auditColumns(t);
          });
        },
      },
    ],
    resources: p.resources,
    locales: p.locales,
    jobs: p.jobs,
  });
}

export const SLOW_TABLE = 'imp_slow';

const items = defineResource({
  plugin: 'impslow',
  name: 'items',
  table: SLOW_TABLE,
  unique: [['code']],
  titleKey: 'impslow:title',
  menu: 'impslow',
  labelField: 'code',
  fields: [
    { name: 'code', labelKey: 'impslow:code', type: 'string', maxLength: 20 },
    { name: 'name', labelKey: 'impslow:name', type: 'string', maxLength: 100 },
  ],
  schema: (t) =>
    z.object({
      code: z.string().trim().min(1).max(20),
      name: z.string({ error: t('core:resource.required', { field: t('impslow:name') }) }).trim().min(1, t('core:resource.required', { field: t('impslow:name') })),
    }),
  permissions: { list: 'impslow:item:list', create: 'impslow:item:create', import: 'impslow:item:import' },
});

/** A row takes IMPORT_TEST_ROW_MS (after the unique check), so a worker can be killed part-way through. */
async function slowRow() {
  const ms = Number(process.env.IMPORT_TEST_ROW_MS || 0);
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}

/** The slow job's work done: a row `job-<log id>` once its wait is over (`start-<pid>` as it starts). */
export const SLOW_JOB = 'impslow.slowJob';
export const SLOW_JOB_DONE = 'job-%';

const slowJob = defineJob({
  name: SLOW_JOB,
  titleKey: 'impslow:job',
  exclusive: true,
  catchUp: false,
  async process({ knex, logId }) {
    const now = new Date();
    // Which process runs it, for the test to kill.
    await knex(SLOW_TABLE).insert({ code: `start-${process.pid}`, name: 'slow job', created_at: now, updated_at: now, version: 1 });
    const ms = Number(process.env.IMPORT_TEST_JOB_MS || 0);
    if (ms > 0) await new Promise((r) => setTimeout(r, ms));
    await knex(SLOW_TABLE).insert({ code: `job-${logId}`, name: 'slow job', created_at: now, updated_at: now, version: 1 });
    return 'slow job done';
  },
});

const bundle = (title: string, code: string, name: string, perm: string, job: string) => ({ title, code, name, perm, job });

export const slowPlugin = importTestPlugin({
  id: 'impslow',
  root: 'core/resource/import',
  table: SLOW_TABLE,
  columns: (t) => {
    // Not unique on purpose: a row imported twice would show up as two rows.
    t.string('code', 20).notNullable();
    t.string('name', 100).notNullable();
  },
  resources: [serverResource(items, { validate: slowRow })],
  jobs: [slowJob],
  locales: {
    zh: bundle('慢速导入', '编码', '名称', '导入', '慢速任务'),
    en: bundle('Slow import', 'Code', 'Name', 'Import', 'Slow job'),
    my: bundle('နှေးသော တင်သွင်းမှု', 'ကုဒ်', 'အမည်', 'တင်သွင်းရန်', 'နှေးသော လုပ်ငန်း'),
  },
});
