// The yardstick for the import feature: 20,000 HS codes through the import job, with
// the HS resource's own checks (unique code, end not before start) applied to every row.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import system from '../../system/index';
import customs from '../index';
import { setUpTempDir, setUpTestDb } from '../../../tests/support/suite';
import { processImport } from '../../../core/resource/import/process.server';

const db = setUpTestDb({ plugins: [system, customs], registry: true });
const dir = setUpTempDir('hsimp-');

async function queue(file: string, mode: 'all' | 'valid') {
  const admin = await db.knex('sys_user').where({ username: 'admin' }).first();
  const [id] = await db.knex('sys_import').insert({
    resource: 'customs.hsCode',
    file_name: path.basename(file),
    file_path: file,
    mode,
    status: 'queued',
    created_by: admin.id,
    created_at: new Date(),
  });
  return Number(id);
}

describe('HS code import', () => {
  it('imports 20,000 HS codes, and refuses the rows that break the HS rules', async () => {
    const lines = ['hsCode,name,nameEn,startDate,endDate,flag,taxRate,firstUnit'];
    for (let i = 0; i < 20_000; i++) {
      const code = `99${String(i).padStart(8, '0')}`;
      lines.push(`${code},测试商品${i},Test goods ${i},2024-01-01,2099-12-31,有效,${i % 30},千克`);
    }
    // Two bad rows: an end date before the start, and a code already in the file.
    lines.push('9900000001,重复编码,Duplicate,2024-01-01,2099-12-31,有效,5,千克');
    lines.push('9999999999,日期颠倒,Dates reversed,2025-01-01,2024-01-01,有效,5,千克');
    const file = path.join(dir.path, 'hs.csv');
    fs.writeFileSync(file, '\uFEFF' + lines.join('\r\n'));
    const started = Date.now();
    const summary = await processImport(await queue(file, 'valid'), { knex: db.knex, registry: db.registry });
    const ms = Date.now() - started;
    console.log(`[hs import] 20,002 rows processed in ${ms} ms`);
    expect(summary).toMatchObject({ status: 'done', total: 20_002, inserted: 20_000, failed: 2 });
    const row = await db.knex('sys_import').orderBy('id', 'desc').first();
    const errors = JSON.parse(row.errors) as { row: number }[];
    expect(errors.map((e) => e.row).sort((a, b) => a - b)).toEqual([20_002, 20_003]);
    const [{ n }] = await db.knex('cus_hs_code').where('hs_code', 'like', '99%').count({ n: '*' });
    expect(Number(n)).toBe(20_000);
  }, 180_000);
});
