// The declarative `unique` rule of a resource, on a table of its own (MariaDB, or SQLite with
// TEST_DB=sqlite): one field and several fields together, the row itself excluded on update,
// blank optional values left alone, a rule's own message, and each clash named on its field.
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchResource, setUpScratchTable } from '../../tests/support/resource';
import { FieldError } from '../http/envelope.server';
import { tFor } from '../i18n/i18n.server';
import { defineResource } from './define';
import { serverResource } from './define.server';
import { createRow, updateRow } from './service.server';
import { refusalOf } from '../../tests/support/http';

const TABLE = 'tst_unique_item';
const t = tFor('zh');

const def = scratchResource({
  name: 'uniqueItem',
  table: TABLE,
  versioned: false,
  stamped: false,
  fields: [
    { name: 'domain', labelKey: 'system:refCode.rvDomain', type: 'string' },
    { name: 'code', labelKey: 'system:refCode.code', type: 'string' },
    { name: 'name', labelKey: 'system:refCode.name', type: 'string' },
    { name: 'creditCode', labelKey: 'system:user.creditCode', type: 'string' },
  ],
  unique: [['domain', 'code'], { fields: ['name'], messageKey: 'system:role.nameExists' }, ['creditCode']],
  schema: () =>
    z.object({
      domain: z.string().optional(),
      code: z.string().optional(),
      name: z.string().optional(),
      creditCode: z.string().nullable().optional(),
    }),
});
const items = serverResource(def);

const { db, actor } = setUpScratchTable(TABLE, (tb) => {
  tb.string('domain', 20).notNullable();
  tb.string('code', 20).notNullable();
  tb.string('name', 50).notNullable();
  tb.string('credit_code', 18).nullable();
});
const create = (input: Record<string, unknown>) => createRow(items, actor, input, t, { trusted: true });
const errorsOf = async (p: Promise<unknown>) => (await refusalOf(p, FieldError)).fieldErrors;

beforeAll(async () => {
  await create({ domain: 'CURRENCY', code: 'USD', name: '美元', creditCode: '91310000MA1FL0001' });
});

describe('unique rule', () => {
  it('refuses a second row with the same values together, on the last field, with the generic message', async () => {
    expect(await errorsOf(create({ domain: 'CURRENCY', code: 'USD', name: '另一个' }))).toEqual({ code: '代码已存在' });
  });

  it('allows the same code in another domain', async () => {
    const row = await create({ domain: 'COUNTRY', code: 'USD', name: '美国' });
    expect(row.code).toBe('USD');
  });

  it("answers a rule's own message when it names one, and every clash at once", async () => {
    const errors = await errorsOf(create({ domain: 'CURRENCY', code: 'USD', name: '美元', creditCode: '91310000MA1FL0001' }));
    expect(errors).toEqual({ code: '代码已存在', name: '角色名称已存在', creditCode: '统一社会信用代码已存在' });
  });

  it('leaves blank optional values alone: many rows may have none', async () => {
    await create({ domain: 'A', code: '1', name: '甲', creditCode: null });
    await create({ domain: 'A', code: '2', name: '乙', creditCode: '' });
    expect(Number((await db.knex(TABLE).where({ domain: 'A' }).count({ n: '*' }).first())?.n)).toBe(2);
  });

  it('lets a row keep its own values on update, but not take another row\'s', async () => {
    const row = await create({ domain: 'B', code: 'X', name: '丙' });
    const kept = await updateRow(items, actor, Number(row.id), { domain: 'B', code: 'X', name: '丙改' }, t, { trusted: true });
    expect(kept.name).toBe('丙改');
    expect(await errorsOf(updateRow(items, actor, Number(row.id), { domain: 'CURRENCY', code: 'USD', name: '丙改' }, t, { trusted: true }))).toEqual({ code: '代码已存在' });
  });

  it('checks a field the update leaves out with its stored value', async () => {
    const row = await create({ domain: 'CURRENCY', code: 'EUR', name: '欧元' });
    // Only the code is sent: the domain stays CURRENCY, where USD is taken.
    expect(await errorsOf(updateRow(items, actor, Number(row.id), { code: 'USD' }, t, { trusted: true }))).toEqual({ code: '代码已存在' });
  });

  it('refuses at definition a rule naming a field that is not a column of the table', () => {
    expect(() => defineResource({ ...def, unique: [['nope']] })).toThrow(/unique names nope/);
  });
});
