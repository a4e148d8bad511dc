// The import tests' fixture: the `imptest` plugin (items with a code, a name, a quantity, a kind,
// a flag and a date, with variants that check, pad or hook), its database and sessions, and
// helpers that upload a file and wait for its job.
import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import type { Knex } from 'knex';
import { z } from 'zod';
import { afterAll, beforeAll, expect } from 'vitest';
import { BASE, envelope, respond } from '../../../tests/support/http';
import { setUpTestDb, type Suite } from '../../../tests/support/suite';
import system from '../../../plugins/system';
import { FieldError } from '../../http/envelope.server';
import { createScheduler, setScheduler, type JobScheduler } from '../../jobs/scheduler.server';
import { defineResource, type ResourceDef } from '../define';
import { serverResource } from '../define.server';
import { importTestPlugin } from './kill.fixture';
import type { ImportRowError, ImportState } from './types';
import { action as importAction } from '../../../app/routes/api.$plugin.$resource.import';
import { loader as stateLoader } from '../../../app/routes/api.core.imports.$id';

export const TABLE = 'imp_item';

export const labels = {
  zh: { code: '编码', name: '名称', qty: '数量', kind: '类别', active: '启用', validFrom: '生效日期', goods: '货物', service: '服务' },
  en: { code: 'Code', name: 'Name', qty: 'Quantity', kind: 'Kind', active: 'Active', validFrom: 'Valid from', goods: 'Goods', service: 'Service' },
  my: { code: 'ကုဒ်', name: 'အမည်', qty: 'အရေအတွက်', kind: 'အမျိုးအစား', active: 'အသုံးပြုနေ', validFrom: 'စတင်သည့်ရက်', goods: 'ကုန်ပစ္စည်း', service: 'ဝန်ဆောင်မှု' },
};
export const bundle = (l: keyof typeof labels) => {
  const x = labels[l];
  return {
    title: l === 'zh' ? '测试物品' : l === 'en' ? 'Test items' : 'စမ်းသပ် ပစ္စည်း',
    perm: l === 'zh' ? '导入' : l === 'en' ? 'Import' : 'တင်သွင်းရန်',
    f: { code: x.code, name: x.name, qty: x.qty, kind: x.kind, active: x.active, validFrom: x.validFrom },
    kind: { goods: x.goods, service: x.service },
  };
};

export function itemDef(name: string): ResourceDef {
  return defineResource({
    plugin: 'imptest',
    name,
    table: TABLE,
    titleKey: 'imptest:title',
    menu: 'imptest',
    labelField: 'code',
    fields: [
      { name: 'code', labelKey: 'imptest:f.code', type: 'string', maxLength: 20, sortable: true },
      { name: 'name', labelKey: 'imptest:f.name', type: 'string', maxLength: 100 },
      { name: 'qty', labelKey: 'imptest:f.qty', type: 'integer' },
      {
        name: 'kind',
        labelKey: 'imptest:f.kind',
        type: 'enum',
        options: [
          { value: 'goods', labelKey: 'imptest:kind.goods' },
          { value: 'service', labelKey: 'imptest:kind.service' },
        ],
      },
      { name: 'active', labelKey: 'imptest:f.active', type: 'boolean' },
      { name: 'validFrom', labelKey: 'imptest:f.validFrom', type: 'date' },
    ],
    schema: (t) => {
      const req = (k: string) => t('core:resource.required', { field: t(k) });
      return z.object({
        code: z
          .string({ error: req('imptest:f.code') })
          .trim()
          .min(1, req('imptest:f.code'))
          .max(20, t('core:resource.tooLong', { field: t('imptest:f.code'), max: 20 })),
        name: z.string({ error: req('imptest:f.name') }).trim().min(1, req('imptest:f.name')).max(100),
        qty: z.number({ error: t('core:resource.mustBeNumber', { field: t('imptest:f.qty') }) }).int().min(0).optional(),
        kind: z.enum(['goods', 'service'], { error: req('imptest:f.kind') }),
        active: z.boolean().optional(),
        validFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
      });
    },
    permissions: { list: 'imptest:item:list', create: 'imptest:item:create', import: 'imptest:item:import' },
  });
}

export const items = itemDef('items');
// The same table behind a resource with a validate hook (rows checked and inserted one by one)
// and one with afterWrite too (rows go through createRow).
export const checked = itemDef('checked');
export const hooked = itemDef('hooked');
export const afterWrites: number[] = [];
// Codes of 8 digits: a number (an Excel cell that lost its leading zero) is padded back.
export const padded = (() => {
  const base = itemDef('padded');
  return defineResource({
    ...base,
    schema: (t, mode) =>
      base.schema(t, mode).extend({
        code: z.preprocess((v) => (typeof v === 'number' ? String(v).padStart(8, '0') : v), z.string().regex(/^\d{8}$/, t('core:resource.invalid', { field: t('imptest:f.code') }))),
      }),
  });
})();

export async function noDuplicate(input: Record<string, unknown>, { trx, t }: { trx: Knex.Transaction; t: TFunction }) {
  const dup = await trx(TABLE).where({ code: input.code }).first();
  if (dup) throw new FieldError({ code: t('core:resource.exists', { field: t('imptest:f.code') }) });
}

export const testPlugin = importTestPlugin({
  id: 'imptest',
  root: 'core/resource',
  table: TABLE,
  columns: (t) => {
    t.string('code', 20).notNullable().unique();
    t.string('name', 100).notNullable();
    t.integer('qty').nullable();
    t.string('kind', 16).notNullable();
    t.boolean('active').nullable();
    t.date('valid_from').nullable();
  },
  resources: [
    serverResource(items),
    serverResource(checked, { validate: noDuplicate }),
    serverResource(padded),
    serverResource(hooked, {
      validate: noDuplicate,
      async afterWrite(id) {
        afterWrites.push(id);
      },
    }),
  ],
  locales: { zh: bundle('zh'), en: bundle('en'), my: bundle('my') },
});

export let db: Suite;
export let scheduler: JobScheduler;

/** Registers the suite's set-up: a test database with the system plugin and imptest, its own DATA_DIR, a scheduler, two sessions. */
export function setUpImportSuite(): void {
  db = setUpTestDb({ plugins: [system, testPlugin], registry: true, dataDir: true, logins: ['admin', 'trader'] });
  beforeAll(() => {
    scheduler = createScheduler(db.registry, { knex: db.knex });
    setScheduler(scheduler);
  });
  afterAll(async () => {
    await scheduler?.close();
    setScheduler(undefined);
  });
}

// ---------------------------------------------------------------------------------------------

export function uploadRequest(resource: string, file: { name: string; data: Uint8Array | string }, opts: { mode?: string; cookie?: string; lng?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)]), file.name);
  if (opts.mode) form.append('mode', opts.mode);
  const headers = new Headers({ 'x-port-client-ip': '10.0.0.7', 'user-agent': 'vitest' });
  headers.set('Cookie', opts.cookie ?? db.cookies.admin);
  return new Request(`${BASE}/api/imptest/${resource}/import${opts.lng ? `?lng=${opts.lng}` : ''}`, { method: 'POST', body: form, headers });
}

export async function upload(resource: string, file: { name: string; data: Uint8Array | string }, opts: { mode?: string; cookie?: string; lng?: string } = {}) {
  const res = await respond(importAction, uploadRequest(resource, file, opts), { plugin: 'imptest', resource });
  return { res, body: await envelope(res) };
}

export function get(pathname: string, cookie = db.cookies.admin): Request {
  return new Request(`${BASE}${pathname}`, { headers: { Cookie: cookie, 'x-port-client-ip': '10.0.0.7' } });
}

export async function state(id: number, cookie = db.cookies.admin) {
  const res = await respond(stateLoader, get(`/api/core/imports/${id}`, cookie), { id: String(id) });
  return { res, body: await envelope(res) };
}

/** Polls an import until it is done or failed; `watch` sees every state on the way. */
export async function waitDone(id: number, timeoutMs = 60_000, watch?: (s: ImportState) => void): Promise<ImportState> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await state(id);
    const s = body.data as ImportState;
    watch?.(s);
    if (s.status === 'done' || s.status === 'failed') return s;
    if (Date.now() > end) throw new Error(`import ${id} still ${s.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads and waits for the job; returns the final state. */
export async function importFile(resource: string, file: { name: string; data: Uint8Array | string }, opts: { mode?: string; lng?: string } = {}) {
  const { body } = await upload(resource, file, opts);
  expect(body.code, body.msg).toBe(200);
  const id = (body.data as { importId: number }).importId;
  return waitDone(id);
}

export async function errorsOf(id: number): Promise<ImportRowError[]> {
  const row = await db.knex('sys_import').where({ id }).first();
  return JSON.parse(row.errors ?? '[]') as ImportRowError[];
}

export const csv = (rows: (string | number)[][]) => '\uFEFF' + rows.map((r) => r.join(',')).join('\r\n') + '\r\n';

export async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

export async function readXlsx(res: Response): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb;
}

export const codes = async (prefix: string) =>
  (await db.knex(TABLE).where('code', 'like', `${prefix}%`).orderBy('code').select('code')).map((r: { code: string }) => r.code);

// ---------------------------------------------------------------------------------------------
