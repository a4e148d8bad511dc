// Resource import, continued: status and error report, the template, 20,000-row files and the
// scheduler's two modes (in-process, BullMQ).

import { describe, expect, it } from 'vitest';
import { respond } from '../../../tests/support/http';
import { createScheduler, getScheduler, setScheduler } from '../../jobs/scheduler.server';
import { cleanPrefix, TEST_REDIS_URL, testPrefix } from '../../jobs/test-db';
import { loader as templateLoader } from '../../../app/routes/api.$plugin.$resource.import-template';
import { loader as errorsLoader } from '../../../app/routes/api.core.imports.$id.errors';
import { TABLE, csv, db, errorsOf, get, importFile, readXlsx, state, upload, waitDone, scheduler, setUpImportSuite } from './suite.fixture';

setUpImportSuite();

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

    const other = await state(s.id, db.cookies.trader);
    expect(other.res.status).toBe(404);
    const otherErrors = await respond(errorsLoader, get(`/api/core/imports/${s.id}/errors`, db.cookies.trader), { id: String(s.id) });
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
    const s = await waitDone(id, 90_000, (x) => x.status === 'running' && seen.add(x.processed));
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
    const s = await waitDone(id, 150_000, (x) => {
      // Running with total 0: still reading the file.
      if (x.status === 'running' && x.total > 0) {
        seen.add(x.processed);
        expect(x.total).toBe(20_001);
      }
    });
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
