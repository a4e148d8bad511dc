// Resource import end to end on MariaDB: upload through the route, the core.resourceImport job
// run by the in-process scheduler, progress and outcome through /api/core/imports/<id>.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import type { Knex } from 'knex';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, envelope, respond } from '../../tests/support/http';
import { loginAs } from '../../tests/support/session';
import { createTestDb, type TestDb } from '../../tests/support/db';
import system from '../../plugins/system';
import { definePlugin } from '../plugin';
import { FieldError } from '../http/envelope.server';
import { createScheduler, getScheduler, setScheduler, type JobScheduler } from '../jobs/scheduler.server';
import { cleanPrefix, TEST_REDIS_URL, testPrefix } from '../jobs/test-db';
import { setRegistry, type Registry } from '../registry.server';
import { defineResource, type ResourceDef } from './define';
import { serverResource } from './define.server';
import { mapHeader, normalizeLabel, parseCsv, sniffFormat, toIsoDate, type ImportRowError } from './import.server';
import { action as importAction, loader as importGet } from '../../app/routes/api.$plugin.$resource.import';
import { loader as templateLoader } from '../../app/routes/api.$plugin.$resource.import-template';
import { loader as stateLoader } from '../../app/routes/api.core.imports.$id';
import { loader as errorsLoader } from '../../app/routes/api.core.imports.$id.errors';

const TABLE = 'imp_item';

const labels = {
  zh: { code: '编码', name: '名称', qty: '数量', kind: '类别', active: '启用', validFrom: '生效日期', goods: '货物', service: '服务' },
  en: { code: 'Code', name: 'Name', qty: 'Quantity', kind: 'Kind', active: 'Active', validFrom: 'Valid from', goods: 'Goods', service: 'Service' },
  my: { code: 'ကုဒ်', name: 'အမည်', qty: 'အရေအတွက်', kind: 'အမျိုးအစား', active: 'အသုံးပြုနေ', validFrom: 'စတင်သည့်ရက်', goods: 'ကုန်ပစ္စည်း', service: 'ဝန်ဆောင်မှု' },
};
const bundle = (l: keyof typeof labels) => {
  const x = labels[l];
  return {
    title: l === 'zh' ? '测试物品' : l === 'en' ? 'Test items' : 'စမ်းသပ် ပစ္စည်း',
    perm: l === 'zh' ? '导入' : l === 'en' ? 'Import' : 'တင်သွင်းရန်',
    f: { code: x.code, name: x.name, qty: x.qty, kind: x.kind, active: x.active, validFrom: x.validFrom },
    kind: { goods: x.goods, service: x.service },
  };
};

function itemDef(name: string): ResourceDef {
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

const items = itemDef('items');
// The same table behind a resource with a validate hook (rows checked and inserted one by one)
// and one with afterWrite too (rows go through createRow).
const checked = itemDef('checked');
const hooked = itemDef('hooked');
const afterWrites: number[] = [];
// Codes of 8 digits: a number (an Excel cell that lost its leading zero) is padded back.
const padded = (() => {
  const base = itemDef('padded');
  return defineResource({
    ...base,
    schema: (t, mode) =>
      base.schema(t, mode).extend({
        code: z.preprocess((v) => (typeof v === 'number' ? String(v).padStart(8, '0') : v), z.string().regex(/^\d{8}$/, t('core:resource.invalid', { field: t('imptest:f.code') }))),
      }),
  });
})();

async function noDuplicate(input: Record<string, unknown>, { trx, t }: { trx: Knex.Transaction; t: TFunction }) {
  const dup = await trx(TABLE).where({ code: input.code }).first();
  if (dup) throw new FieldError({ code: t('core:resource.exists', { field: t('imptest:f.code') }) });
}

const testPlugin = definePlugin({
  id: 'imptest',
  root: 'core/resource',
  permissions: [
    { code: 'imptest:item:list', titleKey: 'imptest:perm' },
    { code: 'imptest:item:create', titleKey: 'imptest:perm' },
    { code: 'imptest:item:import', titleKey: 'imptest:perm' },
  ],
  migrations: [
    {
      name: '001_items',
      async up(knex) {
        await knex.schema.createTable(TABLE, (t) => {
          t.increments('id');
          t.string('code', 20).notNullable().unique();
          t.string('name', 100).notNullable();
          t.integer('qty').nullable();
          t.string('kind', 16).notNullable();
          t.boolean('active').nullable();
          t.date('valid_from').nullable();
          t.integer('version').notNullable().defaultTo(1);
          t.datetime('created_at', { precision: 3 }).nullable();
          t.integer('created_by').nullable();
          t.datetime('updated_at', { precision: 3 }).nullable();
          t.integer('updated_by').nullable();
        });
      },
    },
  ],
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

let previousRegistry: Registry | undefined;
let previousDataDir: string | undefined;
let db: TestDb;
let scheduler: JobScheduler;
let adminCookie: string;
let traderCookie: string;
let dir: string;

beforeAll(async () => {
  previousDataDir = process.env.DATA_DIR;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'port-import-'));
  process.env.DATA_DIR = dir;
  db = await createTestDb({ plugins: [system, testPlugin] });
  previousRegistry = setRegistry(db.registry);
  scheduler = createScheduler(db.registry, { knex: db.knex });
  setScheduler(scheduler);
  adminCookie = await loginAs('admin');
  traderCookie = await loginAs('trader');
});

afterAll(async () => {
  await scheduler?.close();
  setScheduler(undefined);
  setRegistry(previousRegistry);
  await db?.destroy();
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------

interface State {
  id: number;
  mode: string;
  status: string;
  total: number;
  processed: number;
  inserted: number;
  failed: number;
  message: string | null;
  errorCount: number;
}

function uploadRequest(resource: string, file: { name: string; data: Uint8Array | string }, opts: { mode?: string; cookie?: string; lng?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)]), file.name);
  if (opts.mode) form.append('mode', opts.mode);
  const headers = new Headers({ 'x-port-client-ip': '10.0.0.7', 'user-agent': 'vitest' });
  headers.set('Cookie', opts.cookie ?? adminCookie);
  return new Request(`${BASE}/api/imptest/${resource}/import${opts.lng ? `?lng=${opts.lng}` : ''}`, { method: 'POST', body: form, headers });
}

async function upload(resource: string, file: { name: string; data: Uint8Array | string }, opts: { mode?: string; cookie?: string; lng?: string } = {}) {
  const res = await respond(importAction, uploadRequest(resource, file, opts), { plugin: 'imptest', resource });
  return { res, body: await envelope(res) };
}

function get(pathname: string, cookie = adminCookie): Request {
  return new Request(`${BASE}${pathname}`, { headers: { Cookie: cookie, 'x-port-client-ip': '10.0.0.7' } });
}

async function state(id: number, cookie = adminCookie) {
  const res = await respond(stateLoader, get(`/api/core/imports/${id}`, cookie), { id: String(id) });
  return { res, body: await envelope(res) };
}

async function waitDone(id: number, timeoutMs = 60_000): Promise<State> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await state(id);
    const s = body.data as State;
    if (s.status === 'done' || s.status === 'failed') return s;
    if (Date.now() > end) throw new Error(`import ${id} still ${s.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads and waits for the job; returns the final state. */
async function importFile(resource: string, file: { name: string; data: Uint8Array | string }, opts: { mode?: string; lng?: string } = {}) {
  const { body } = await upload(resource, file, opts);
  expect(body.code, body.msg).toBe(200);
  const id = (body.data as { importId: number }).importId;
  return waitDone(id);
}

async function errorsOf(id: number): Promise<ImportRowError[]> {
  const row = await db.knex('sys_import').where({ id }).first();
  return JSON.parse(row.errors ?? '[]') as ImportRowError[];
}

const csv = (rows: (string | number)[][]) => '\uFEFF' + rows.map((r) => r.join(',')).join('\r\n') + '\r\n';

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

async function readXlsx(res: Response): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb;
}

const codes = async (prefix: string) =>
  (await db.knex(TABLE).where('code', 'like', `${prefix}%`).orderBy('code').select('code')).map((r: { code: string }) => r.code);

// ---------------------------------------------------------------------------------------------

describe('file helpers', () => {
  it('parses RFC 4180 CSV: quotes, "" escapes, commas and line breaks in quotes, CRLF/LF, BOM', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","line1\nline2"\nlast,,\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'line1\nline2'],
      ['last', '', ''],
    ]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
    expect(parseCsv('"a""",b\r\n"",c')).toEqual([
      ['a"', 'b'],
      ['', 'c'],
    ]);
  });

  it('tells xlsx from UTF-8 text from anything else by content', () => {
    expect(sniffFormat(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBe('xlsx');
    expect(sniffFormat(new TextEncoder().encode('\uFEFF编码,名称\n'))).toBe('csv');
    expect(sniffFormat(new Uint8Array([0xd6, 0xd0, 0xce, 0xc4]))).toBeNull(); // GBK 中文
    expect(sniffFormat(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).toBeNull();
  });

  it('reads dates as YYYY-MM-DD', () => {
    expect(toIsoDate(new Date(Date.UTC(2024, 0, 15)))).toBe('2024-01-15');
    expect(toIsoDate(45306)).toBe('2024-01-15');
    expect(toIsoDate('2024/1/5')).toBe('2024-01-05');
    expect(toIsoDate('2024-02-30')).toBeNull();
    expect(toIsoDate('soon')).toBeNull();
  });

  it('maps headers by label in any language or by name, ignoring case, spaces and unknown columns', () => {
    const cols = (h: string[]) => mapHeader(items, h).map((c) => `${c.index}:${c.field.name}`);
    expect(cols(['编码', '名称', '备注', '数量'])).toEqual(['0:code', '1:name', '3:qty']);
    expect(cols(['  CODE ', 'name', 'Valid From', 'kind'])).toEqual(['0:code', '1:name', '2:validFrom', '3:kind']);
    expect(cols(['ကုဒ်', 'အမည်'])).toEqual(['0:code', '1:name']);
    expect(cols(['a', 'b'])).toEqual([]);
    expect(normalizeLabel(' Valid  From* ')).toBe('validfrom');
  });
});

describe('POST /api/<plugin>/<resource>/import', () => {
  it('all-or-nothing: one bad row inserts nothing and reports that row and field', async () => {
    const s = await importFile('items', {
      name: 'items.csv',
      data: csv([
        ['Code', 'Name', 'Quantity', 'Kind'],
        ['AON-1', 'First', 1, 'Goods'],
        ['AON-2', 'Second', 'abc', 'Goods'],
        ['AON-3', 'Third', 3, 'service'],
      ]),
    });
    expect(s).toMatchObject({ status: 'done', mode: 'all', total: 3, processed: 3, inserted: 0, failed: 1, errorCount: 1 });
    // How many rows were valid and still not imported, not only how many failed.
    expect(s.message).toBe('3 行中 1 行有错误，全部未导入（2 行有效，未导入）');
    expect(await codes('AON-')).toEqual([]);
    expect(await errorsOf(s.id)).toEqual([{ row: 3, errors: { 数量: '数量必须是数字' } }]);
    const two = csv([
      ['Code', 'Name', 'Kind'],
      ['AON-6', 'Fine', 'goods'],
      ['AON-7', '', 'goods'],
    ]);
    const en = await importFile('items', { name: 'two.csv', data: two }, { lng: 'en' });
    expect(en).toMatchObject({ status: 'done', total: 2, inserted: 0, failed: 1 });
    expect(en.message).toBe('1 of 2 rows have errors, so nothing was imported (valid rows not imported: 1)');
    const my = await importFile('items', { name: 'two.csv', data: two }, { lng: 'my' });
    expect(my.message).toBe('2 တန်းအနက် 1 တန်းတွင် အမှား ရှိသဖြင့် ဘာမှ မတင်သွင်းခဲ့ပါ（မှန်ကန်သော 1 တန်းကိုလည်း မတင်သွင်းခဲ့ပါ）');
    expect(await codes('AON-')).toEqual([]);
  });

  it('valid rows only: inserts the good rows and reports the bad ones (in the user’s language)', async () => {
    const s = await importFile(
      'items',
      {
        name: 'items.csv',
        data: csv([
          ['编码', '名称', '数量', '类别', '启用'],
          ['VAL-1', '一', 1, '货物', '是'],
          ['VAL-2', '', 2, '货物', '否'],
          ['VAL-3', '三', 3, '旅游', 'yes'],
          ['VAL-4', '四', 4, 'service', 'no'],
        ]),
      },
      { mode: 'valid', lng: 'en' },
    );
    expect(s).toMatchObject({ status: 'done', total: 4, inserted: 2, failed: 2 });
    expect(s.message).toBe('2 rows imported; 2 rows with errors were skipped');
    expect(await codes('VAL-')).toEqual(['VAL-1', 'VAL-4']);
    expect(await errorsOf(s.id)).toEqual([
      { row: 3, errors: { Name: 'Name is required' } },
      { row: 4, errors: { Kind: 'Kind: "旅游" is not one of the allowed values' } },
    ]);
    const rows = await db.knex(TABLE).whereIn('code', ['VAL-1', 'VAL-4']).orderBy('code');
    expect(rows.map((r) => [r.kind, Boolean(r.active), r.version, r.created_by])).toEqual([
      ['goods', true, 1, expect.any(Number)],
      ['service', false, 1, expect.any(Number)],
    ]);
    // One audit entry for the chunk that went in.
    const audit = await db.knex('sys_audit_log').where({ resource: 'imptest.items', action: 'import' });
    expect(audit.some((a) => a.summary === `导入 #${s.id}：2 行` || a.summary === `Import #${s.id}: 2 rows`)).toBe(true);
  });

  it('maps English and Chinese headers of an xlsx, with Excel dates, booleans and enum labels', async () => {
    const en = await importFile('items', {
      name: 'en.xlsx',
      data: await xlsx([
        ['Code', 'Name', 'Quantity', 'Kind', 'Active', 'Valid from', 'Ignored column'],
        ['XEN-1', 'Alpha', 7, 'Service', 'Yes', new Date(Date.UTC(2024, 4, 20)), 'x'],
        [],
        ['XEN-2', 'Beta', '8', 'goods', false, '2024/6/1', null],
      ]),
    });
    expect(en).toMatchObject({ status: 'done', total: 2, inserted: 2, failed: 0 });
    const zh = await importFile('items', {
      name: 'zh.xlsx',
      data: await xlsx([
        ['编码', '名称', '数量', '类别', '启用', '生效日期'],
        ['XZH-1', '甲', 1, '货物', '是', new Date(Date.UTC(2023, 11, 31))],
      ]),
    });
    expect(zh).toMatchObject({ status: 'done', inserted: 1, failed: 0, message: '成功导入 1 行' });
    const rows = await db.knex(TABLE).whereIn('code', ['XEN-1', 'XEN-2', 'XZH-1']).orderBy('code');
    const day = (d: unknown) => (d instanceof Date ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : String(d).slice(0, 10));
    expect(rows.map((r) => [r.code, r.name, r.qty, r.kind, Boolean(r.active), day(r.valid_from)])).toEqual([
      ['XEN-1', 'Alpha', 7, 'service', true, '2024-05-20'],
      ['XEN-2', 'Beta', 8, 'goods', false, '2024-06-01'],
      ['XZH-1', '甲', 1, 'goods', true, '2023-12-31'],
    ]);
  });

  it('gives a code schema the Excel number when the text of it does not pass (lost leading zeros)', async () => {
    const s = await importFile(
      'padded',
      {
        name: 'codes.xlsx',
        data: await xlsx([
          ['Code', 'Name', 'Kind'],
          [1012100, 'number cell', 'goods'],
          ['02012100', 'text cell', 'goods'],
          ['3012100', 'text that lost its zero', 'goods'],
        ]),
      },
      { mode: 'valid' },
    );
    expect(s).toMatchObject({ inserted: 2, failed: 1 });
    expect(await errorsOf(s.id)).toEqual([{ row: 4, errors: { 编码: '编码格式不正确' } }]);
    expect(await codes('0')).toEqual(['01012100', '02012100']);
  });

  it('reads CSV with a BOM, quoted commas, "" escapes and line breaks', async () => {
    const data = '\uFEFF"Code","Name",Quantity,Kind\r\nCSV-1,"Smith, John",1,Goods\r\nCSV-2,"say ""hi""",2,Service\nCSV-3,"two\nlines",,goods\r\n';
    const s = await importFile('items', { name: 'quoted.csv', data });
    expect(s).toMatchObject({ status: 'done', total: 3, inserted: 3, failed: 0 });
    const rows = await db.knex(TABLE).where('code', 'like', 'CSV-%').orderBy('code');
    expect(rows.map((r) => [r.name, r.qty])).toEqual([
      ['Smith, John', 1],
      ['say "hi"', 2],
      ['two\nlines', null],
    ]);
  });

  it('reports duplicates: against the database (bulk insert) and through the validate hook', async () => {
    await importFile('items', { name: 'a.csv', data: csv([['code', 'name', 'kind'], ['DUP-1', 'x', 'goods']]) });
    const bulk = await importFile(
      'items',
      { name: 'b.csv', data: csv([['code', 'name', 'kind'], ['DUP-2', 'y', 'goods'], ['DUP-1', 'again', 'goods'], ['DUP-3', 'z', 'goods']]) },
      { mode: 'valid' },
    );
    expect(bulk).toMatchObject({ inserted: 2, failed: 1 });
    expect(await errorsOf(bulk.id)).toEqual([{ row: 3, errors: { '': '数据重复：已存在相同的记录' } }]);

    const dupData = csv([['code', 'name', 'kind'], ['DUP-4', 'y', 'goods'], ['DUP-4', 'twice in the file', 'goods'], ['DUP-1', 'old', 'goods']]);
    for (const resource of ['checked', 'hooked']) {
      const s = await importFile(resource, { name: 'c.csv', data: dupData });
      expect(s).toMatchObject({ status: 'done', inserted: 0, failed: 2 });
      expect(await errorsOf(s.id)).toEqual([
        { row: 3, errors: { 编码: '编码已存在' } },
        { row: 4, errors: { 编码: '编码已存在' } },
      ]);
    }
    expect(await codes('DUP-')).toEqual(['DUP-1', 'DUP-2', 'DUP-3']);

    const checkedValid = await importFile('checked', { name: 'd.csv', data: dupData }, { mode: 'valid' });
    expect(checkedValid).toMatchObject({ inserted: 1, failed: 2 });
    expect(await db.knex('sys_audit_log').where({ resource: 'imptest.checked', action: 'import' }).first()).toBeTruthy();
    // With afterWrite, rows go through createRow: its hooks run and it audits each row.
    afterWrites.length = 0;
    const hookedValid = await importFile('hooked', { name: 'e.csv', data: csv([['code', 'name', 'kind'], ['DUP-5', 'v', 'goods'], ['DUP-6', 'w', 'goods']]) }, { mode: 'valid' });
    expect(hookedValid).toMatchObject({ inserted: 2, failed: 0 });
    expect(afterWrites).toHaveLength(2);
    expect(await db.knex('sys_audit_log').where({ resource: 'imptest.hooked', action: 'create', summary: 'DUP-5' }).first()).toBeTruthy();
    expect(await codes('DUP-')).toEqual(['DUP-1', 'DUP-2', 'DUP-3', 'DUP-4', 'DUP-5', 'DUP-6']);
  });

  it('fails an import whose first row has no known header, and deletes uploaded files', async () => {
    const s = await importFile('items', { name: 'x.csv', data: csv([['foo', 'bar'], ['1', '2']]) }, { lng: 'en' });
    expect(s).toMatchObject({ status: 'failed', inserted: 0 });
    expect(s.message).toBe('The first row has no recognisable column headers; please use the import template');
    const left = fs.readdirSync(path.join(dir, 'imports')).filter((f) => !f.endsWith('.errors.json'));
    expect(left).toEqual([]);
  });

  it('fails a damaged .xlsx as unreadable', async () => {
    const broken = new Uint8Array(2048);
    broken.set([0x50, 0x4b, 0x03, 0x04]);
    for (let i = 4; i < broken.length; i++) broken[i] = (i * 7919) % 251;
    const s = await importFile('items', { name: 'broken.xlsx', data: broken }, { lng: 'en' });
    expect(s).toMatchObject({ status: 'failed', inserted: 0 });
    expect(s.message).toMatch(/could not be read|no recognisable column headers/);
  });

  it('refuses files that are not what they claim, too large, or of another type', async () => {
    const notXlsx = await upload('items', { name: 'fake.xlsx', data: 'code,name\nA,B\n' }, { lng: 'en' });
    expect(notXlsx.res.status).toBe(400);
    expect(notXlsx.body.msg).toBe('The file is not a valid Excel (.xlsx) file');
    const gbk = await upload('items', { name: 'gbk.csv', data: new Uint8Array([0xb1, 0xe0, 0xc2, 0xeb, 0x2c, 0x41]) });
    expect(gbk.body.msg).toMatch(/UTF-8/);
    const pdf = await upload('items', { name: 'a.pdf', data: '%PDF-1.4' });
    expect(pdf.body.msg).toBe('只能导入 .xlsx 或 .csv 文件');
    const big = await upload('items', { name: 'big.csv', data: new Uint8Array(10 * 1024 * 1024 + 1).fill(0x41) });
    expect(big.body.msg).toBe('文件不能超过 10 MB');
    const none = await respond(importAction, new Request(`${BASE}/api/imptest/items/import`, { method: 'POST', body: new FormData(), headers: { Cookie: adminCookie } }), {
      plugin: 'imptest',
      resource: 'items',
    });
    expect((await envelope(none)).msg).toBe('请选择要导入的文件');
    expect(await db.knex('sys_import').where({ file_name: 'fake.xlsx' }).first()).toBeUndefined();
  });

  it('answers 403 without the import permission, 404 for an unknown resource, 405 for GET', async () => {
    const denied = await upload('items', { name: 'a.csv', data: csv([['code'], ['X']]) }, { cookie: traderCookie });
    expect(denied.res.status).toBe(403);
    expect(denied.body.code).toBe(403);
    const unknown = await respond(importAction, uploadRequest('nope', { name: 'a.csv', data: 'a' }), { plugin: 'imptest', resource: 'nope' });
    expect(unknown.status).toBe(404);
    expect((await envelope(unknown)).code).toBe(404);
    const viaGet = await respond(importGet, get('/api/imptest/items/import'), { plugin: 'imptest', resource: 'items' });
    expect(viaGet.status).toBe(405);
    const template = await respond(templateLoader, get('/api/imptest/items/import-template', traderCookie), { plugin: 'imptest', resource: 'items' });
    expect(template.status).toBe(403);
  });
});

describe('import status and error report', () => {
  it('shows progress to its creator and administrators only, and the errors as XLSX', async () => {
    const s = await importFile(
      'items',
      { name: 'e.csv', data: csv([['Code', 'Name', 'Quantity', 'Kind'], ['ERR-1', '', 'x', 'goods'], ['ERR-2', 'ok', 1, 'goods']]) },
      { mode: 'valid' },
    );
    expect(s).toMatchObject({ inserted: 1, failed: 1, errorCount: 1 });
    const { body } = await state(s.id);
    expect(body.data).toMatchObject({ id: s.id, resource: 'imptest.items', status: 'done', total: 2, processed: 2 });

    const other = await state(s.id, traderCookie);
    expect(other.res.status).toBe(404);
    const otherErrors = await respond(errorsLoader, get(`/api/core/imports/${s.id}/errors`, traderCookie), { id: String(s.id) });
    expect(otherErrors.status).toBe(404);

    const res = await respond(errorsLoader, get(`/api/core/imports/${s.id}/errors?lng=en`), { id: String(s.id) });
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    const ws = (await readXlsx(res)).worksheets[0];
    const values = ws.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([
      ['Row', 'Field', 'Error'],
      [2, '名称', '名称不能为空'],
      [2, '数量', '数量必须是数字'],
    ]);
  });

  it('keeps a long error list whole (beyond what the TEXT column holds)', async () => {
    const rows: (string | number)[][] = [['code', 'name', 'qty', 'kind']];
    for (let i = 0; i < 1500; i++) rows.push([`MANY-${i}`, `n${i}`, 'not a number', 'goods']);
    const s = await importFile('items', { name: 'many.csv', data: csv(rows) });
    expect(s).toMatchObject({ status: 'done', inserted: 0, failed: 1500, errorCount: 1500 });
    const res = await respond(errorsLoader, get(`/api/core/imports/${s.id}/errors`), { id: String(s.id) });
    expect((await readXlsx(res)).worksheets[0].rowCount).toBe(1501);
  });
});

describe('GET /api/<plugin>/<resource>/import-template', () => {
  it('lists the importable labels in the user’s language and describes each field', async () => {
    const res = await respond(templateLoader, get('/api/imptest/items/import-template?lng=en'), { plugin: 'imptest', resource: 'items' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    const wb = await readXlsx(res);
    const [data, info] = wb.worksheets;
    expect((data.getRow(1).values as unknown[]).slice(1)).toEqual(['Code', 'Name', 'Quantity', 'Kind', 'Active', 'Valid from']);
    expect(data.rowCount).toBe(1);
    const desc = info.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(desc[0]).toEqual(['Field', 'Type', 'Required', 'Max length', 'Allowed values / format']);
    expect(desc[1]).toEqual(['Code', 'Text', 'Yes', 20]);
    expect(desc[3]).toEqual(['Quantity', 'Whole number', 'No']);
    expect(desc[4]).toEqual(['Kind', 'Choice', 'Yes', undefined, 'Goods / Service']);

    const zh = await respond(templateLoader, get('/api/imptest/items/import-template'), { plugin: 'imptest', resource: 'items' });
    expect(((await readXlsx(zh)).worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['编码', '名称', '数量', '类别', '启用', '生效日期']);
  });
});

describe('a 20,000-row import', () => {
  it('imports every row through the job, reporting progress on the way', async () => {
    const lines = ['编码,名称,数量,类别,启用,生效日期'];
    for (let i = 0; i < 20_000; i++) lines.push(`HS${String(i).padStart(6, '0')},"商品 ${i}, 规格",${i % 1000},${i % 2 ? '服务' : '货物'},${i % 3 ? '是' : '否'},2024-01-${String((i % 28) + 1).padStart(2, '0')}`);
    const data = '\uFEFF' + lines.join('\r\n');
    const started = Date.now();
    const { body } = await upload('items', { name: 'hs.csv', data });
    const id = (body.data as { importId: number }).importId;
    const seen = new Set<number>();
    let s: State;
    for (;;) {
      s = (await state(id)).body.data as State;
      if (s.status === 'running') seen.add(s.processed);
      if (s.status === 'done' || s.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const ms = Date.now() - started;
    console.log(`[import] 20,000 rows (${(data.length / 1024 / 1024).toFixed(2)} MB CSV) imported in ${ms} ms`);
    expect(s).toMatchObject({ status: 'done', total: 20_000, processed: 20_000, inserted: 20_000, failed: 0 });
    const [{ n }] = await db.knex(TABLE).where('code', 'like', 'HS%').count({ n: '*' });
    expect(Number(n)).toBe(20_000);
    expect([...seen].some((p) => p > 0 && p < 20_000)).toBe(true);
    expect(ms).toBeLessThan(60_000);
  }, 90_000);
});

describe('a 20,000-row import of a resource with a validate hook', () => {
  it('checks and inserts row by row within the time limit, its progress moving chunk by chunk', async () => {
    const lines = ['Code,Name,Kind'];
    for (let i = 0; i < 20_000; i++) lines.push(`VH${String(i).padStart(6, '0')},item ${i},goods`);
    lines.push('VH000001,duplicate of row 3,goods');
    const started = Date.now();
    const { body } = await upload('checked', { name: 'hs-checked.csv', data: lines.join('\n') }, { mode: 'valid', lng: 'en' });
    const id = (body.data as { importId: number }).importId;
    const seen = new Set<number>();
    let s: State;
    for (;;) {
      s = (await state(id)).body.data as State;
      // Running with total 0: still reading the file.
      if (s.status === 'running' && s.total > 0) {
        seen.add(s.processed);
        expect(s.total).toBe(20_001);
      }
      if (s.status === 'done' || s.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const ms = Date.now() - started;
    // The committed cursor: whole chunks of 500 rows, and the dialog shows processed / total.
    const partWay = [...seen].filter((p) => p > 0 && p < 20_001);
    expect(partWay.length).toBeGreaterThan(0);
    expect(partWay.every((p) => p % 500 === 0)).toBe(true);
    console.log(`[import] 20,001 rows with a validate hook (one query per row) imported in ${ms} ms`);
    expect(s).toMatchObject({ status: 'done', total: 20_001, inserted: 20_000, failed: 1 });
    expect(await errorsOf(s.id)).toEqual([{ row: 20_002, errors: { Code: 'Code already exists' } }]);
  }, 150_000);
});

describe('scheduler.enqueue', () => {
  it('runs the import in the web process when there is no Redis', async () => {
    expect(getScheduler().mode).toBe('inprocess');
    const s = await importFile('items', { name: 'p.csv', data: csv([['code', 'name', 'kind'], ['INP-1', 'a', 'goods']]) });
    expect(s).toMatchObject({ status: 'done', inserted: 1 });
    const log = await db.knex('sys_job_log').where({ job_name: 'core.resourceImport', runner: 'inprocess' }).orderBy('id', 'desc').first();
    expect(log).toMatchObject({ trigger: 'manual', status: 'success' });
    expect(log.message).toBe(`import ${s.id}: done, 1 inserted, 0 failed of 1`);
  });

  it('queues the import for a worker process in BullMQ mode', async () => {
    const prefix = testPrefix('import');
    const web = createScheduler(db.registry, { redisUrl: TEST_REDIS_URL, knex: db.knex, prefix });
    const worker = createScheduler(db.registry, { redisUrl: TEST_REDIS_URL, knex: db.knex, prefix, worker: true });
    try {
      await worker.start();
      setScheduler(web);
      const s = await importFile('items', { name: 'q.csv', data: csv([['code', 'name', 'kind'], ['BMQ-1', 'a', 'goods'], ['BMQ-2', 'b', 'service']]) });
      expect(s).toMatchObject({ status: 'done', inserted: 2, failed: 0 });
      const log = await db.knex('sys_job_log').where({ job_name: 'core.resourceImport', runner: 'bullmq' }).first();
      expect(log).toMatchObject({ trigger: 'manual', status: 'success' });
    } finally {
      setScheduler(scheduler);
      await web.close();
      await worker.close();
      await cleanPrefix(prefix);
    }
  });
});
