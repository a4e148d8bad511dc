// Resource import end to end on MariaDB: upload through the route, the core.resourceImport job
// run by the in-process scheduler, progress and outcome through /api/core/imports/<id>.
// (Status, error report, template, large files and the scheduler's modes: ./import/status.test.ts.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE, envelope, respond } from '../../tests/support/http';
import { mapHeader, normalizeLabel, toIsoDate } from './import/convert.server';
import { parseCsv, sniffFormat } from './import/read.server';
import { action as importAction, loader as importGet } from '../../app/routes/api.$plugin.$resource.import';
import { loader as templateLoader } from '../../app/routes/api.$plugin.$resource.import-template';
import { TABLE, afterWrites, codes, csv, db, errorsOf, get, importFile, items, upload, uploadRequest, xlsx, setUpImportSuite } from './import/suite.fixture';

setUpImportSuite();


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
    const left = fs.readdirSync(path.join(db.dataDir, 'imports')).filter((f) => !f.endsWith('.errors.json'));
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
    const none = await respond(importAction, new Request(`${BASE}/api/imptest/items/import`, { method: 'POST', body: new FormData(), headers: { Cookie: db.cookies.admin } }), {
      plugin: 'imptest',
      resource: 'items',
    });
    expect((await envelope(none)).msg).toBe('请选择要导入的文件');
    expect(await db.knex('sys_import').where({ file_name: 'fake.xlsx' }).first()).toBeUndefined();
  });

  it('answers 403 without the import permission, 404 for an unknown resource, 405 for GET', async () => {
    const denied = await upload('items', { name: 'a.csv', data: csv([['code'], ['X']]) }, { cookie: db.cookies.trader });
    expect(denied.res.status).toBe(403);
    expect(denied.body.code).toBe(403);
    const unknown = await respond(importAction, uploadRequest('nope', { name: 'a.csv', data: 'a' }), { plugin: 'imptest', resource: 'nope' });
    expect(unknown.status).toBe(404);
    expect((await envelope(unknown)).code).toBe(404);
    const viaGet = await respond(importGet, get('/api/imptest/items/import'), { plugin: 'imptest', resource: 'items' });
    expect(viaGet.status).toBe(405);
    const template = await respond(templateLoader, get('/api/imptest/items/import-template', db.cookies.trader), { plugin: 'imptest', resource: 'items' });
    expect(template.status).toBe(403);
  });
});
