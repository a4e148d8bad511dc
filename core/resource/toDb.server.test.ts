// A resource's toDb hook builds on the engine's default mapping (MariaDB, or SQLite with
// TEST_DB=sqlite): it is handed each declared field's column value (blank as null; no
// password, no field without a column) and stores what it returns.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { scratchResource, setUpScratchTable } from '../../tests/support/resource';
import { tFor } from '../i18n/i18n.server';
import { serverResource, type Row } from './define.server';
import { createRow, updateRow } from './service.server';

const TABLE = 'tst_todb_item';
const t = tFor('zh');
const seen: Row[] = [];

const def = scratchResource({
  name: 'toDbItem',
  table: TABLE,
  versioned: false,
  stamped: false,
  fields: [
    { name: 'code', labelKey: 'system:refCode.code', type: 'string' },
    { name: 'displayName', column: 'name', labelKey: 'system:refCode.name', type: 'string' },
    { name: 'remark', labelKey: 'system:refCode.name', type: 'string' },
    { name: 'secret', labelKey: 'system:user.password', type: 'password' },
    { name: 'shown', column: null, labelKey: 'system:refCode.name', type: 'string' },
  ],
  schema: () => z.object({ code: z.string(), displayName: z.string(), remark: z.string().optional(), secret: z.string().optional(), shown: z.string().optional() }),
});
const items = serverResource(def, {
  toDb(input, { op }, defaults) {
    seen.push(defaults);
    return { ...defaults, code: String(input.code).toUpperCase(), ...(op === 'create' ? { origin: 'form' } : {}) };
  },
});

const { db, actor } = setUpScratchTable(TABLE, (tb) => {
  tb.string('code', 20).notNullable();
  tb.string('name', 50).notNullable();
  tb.string('remark', 50).nullable();
  tb.string('origin', 10).nullable();
});

describe('toDb on the default mapping', () => {
  it('receives the declared columns and stores them with what it adds or overrides', async () => {
    const row = await createRow(items, actor, { code: 'usd', displayName: '美元', remark: '', secret: 'x', shown: 'y' }, t, { trusted: true });
    expect(seen.at(-1)).toEqual({ code: 'usd', name: '美元', remark: null });
    expect(await db.knex(TABLE).where({ id: row.id }).first()).toMatchObject({ code: 'USD', name: '美元', remark: null, origin: 'form' });
  });

  it('on update, leaves a field the input does not carry as stored', async () => {
    const row = await createRow(items, actor, { code: 'eur', displayName: '欧元', remark: '备注' }, t, { trusted: true });
    await updateRow(items, actor, Number(row.id), { code: 'eur', displayName: '欧元区' }, t, { trusted: true });
    expect(seen.at(-1)).toEqual({ code: 'eur', name: '欧元区' });
    expect(await db.knex(TABLE).where({ id: row.id }).first()).toMatchObject({ code: 'EUR', name: '欧元区', remark: '备注', origin: 'form' });
  });
});
