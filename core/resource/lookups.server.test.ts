// tableLookup(): a picker's options read from one table (MariaDB, or SQLite with TEST_DB=sqlite):
// label templates and fallbacks, labels in other languages only when filled, parents, filters
// (also by user), order and limit.
import { beforeAll, describe, expect, it } from 'vitest';
import system from '../../plugins/system/index';
import { setUpTestDb } from '../../tests/support/suite';
import type { SessionUserLike } from '../plugin';
import { narrowOptions, type LookupSearch } from './lookupLabels';
import { tableLookup } from './lookups.server';

const db = setUpTestDb({ plugins: [system], seed: false });
const TABLE = 'tst_lookup_place';
const user = { id: 7 } as SessionUserLike;
const run = (spec: Parameters<typeof tableLookup>[0], u: SessionUserLike = user, search?: LookupSearch) => tableLookup(spec).load({ knex: db.knex } as never, u, search);

beforeAll(async () => {
  await db.knex.schema.createTable(TABLE, (tb) => {
    tb.increments('id');
    tb.string('code', 10).notNullable();
    tb.string('name', 50).notNullable();
    tb.string('name_en', 50).nullable();
    tb.string('short_name', 50).nullable();
    tb.string('parent_code', 10).nullable();
    tb.string('kind', 10).notNullable();
    tb.integer('owner_id').nullable();
    tb.integer('order_num').notNullable();
  });
  await db.knex(TABLE).insert([
    { code: 'CN', name: '中国', name_en: 'China', short_name: null, parent_code: null, kind: 'country', owner_id: 7, order_num: 3 },
    { code: 'CNSHA', name: '上海', name_en: null, short_name: '沪', parent_code: 'CN', kind: 'port', owner_id: 8, order_num: 1 },
    { code: 'MM', name: '缅甸', name_en: 'Myanmar', short_name: '', parent_code: null, kind: 'country', owner_id: 7, order_num: 2 },
  ]);
});

describe('tableLookup', () => {
  it('answers value and label from a template, ordered by the value by default', async () => {
    expect(await run({ table: TABLE, value: 'code', label: '{code} {name}' })).toEqual([
      { value: 'CN', label: 'CN 中国' },
      { value: 'CNSHA', label: 'CNSHA 上海' },
      { value: 'MM', label: 'MM 缅甸' },
    ]);
  });

  it('takes a bare column as the label, and the value as text', async () => {
    const options = await run({ table: TABLE, value: 'id', label: 'name', orderBy: 'id' });
    expect(options.map((o) => o.label)).toEqual(['中国', '上海', '缅甸']);
    expect(options.every((o) => typeof o.value === 'string')).toBe(true);
  });

  it('falls back to the next column when one is empty', async () => {
    const options = await run({ table: TABLE, value: 'code', label: '{short_name|name} ({code})' });
    expect(options.map((o) => o.label)).toEqual(['中国 (CN)', '沪 (CNSHA)', '缅甸 (MM)']);
  });

  it('gives labels in another language only for rows that have them', async () => {
    const options = await run({ table: TABLE, value: 'code', label: '{code} {name}', labels: { en: '{code} {name_en}' } });
    expect(options).toEqual([
      { value: 'CN', label: 'CN 中国', labels: { en: 'CN China' } },
      { value: 'CNSHA', label: 'CNSHA 上海' },
      { value: 'MM', label: 'MM 缅甸', labels: { en: 'MM Myanmar' } },
    ]);
  });

  it('carries the parent value, null at the top', async () => {
    const options = await run({ table: TABLE, value: 'code', label: 'name', parent: 'parent_code' });
    expect(options.map((o) => [o.value, o.parent])).toEqual([
      ['CN', null],
      ['CNSHA', 'CN'],
      ['MM', null],
    ]);
  });

  it('filters by equalities or by a function of the user, in the order and number asked', async () => {
    const countries = await run({ table: TABLE, value: 'code', label: 'name', where: { kind: 'country' }, orderBy: [{ column: 'order_num', order: 'asc' }] });
    expect(countries.map((o) => o.value)).toEqual(['MM', 'CN']);
    const mine = await run({ table: TABLE, value: 'code', label: 'name', where: (q, u) => q.where({ owner_id: u.id }), orderBy: [{ column: 'code', order: 'desc' }], limit: 1 });
    expect(mine.map((o) => o.value)).toEqual(['MM']);
  });

  it('searches on the server: a code starting with the text or a label column containing it, capped', async () => {
    const spec = { table: TABLE, value: 'code', label: '{code} {name}', labels: { en: '{code} {name_en}' } };
    expect((await run(spec, user, { q: 'cn' })).map((o) => o.value)).toEqual(['CN', 'CNSHA']);
    expect((await run(spec, user, { q: 'Myan' })).map((o) => o.value)).toEqual(['MM']);
    expect((await run(spec, user, { q: '海' })).map((o) => o.value)).toEqual(['CNSHA']);
    expect((await run(spec, user, { q: '%' })).map((o) => o.value)).toEqual([]);
    expect((await run(spec, user, { q: 'C', limit: 1 })).map((o) => o.value)).toEqual(['CN']);
    expect((await run(spec, user, { values: ['MM', 'CN'] })).map((o) => o.value)).toEqual(['CN', 'MM']);
  });

  it('narrows the options of a lookup that does not search itself the same way', () => {
    const options = [
      { value: 'CN', label: 'CN 中国' },
      { value: 'MM', label: 'MM 缅甸', labels: { en: 'MM Myanmar' } },
    ];
    expect(narrowOptions(options, { q: 'myan' }).map((o) => o.value)).toEqual(['MM']);
    expect(narrowOptions(options, { q: '中' }).map((o) => o.value)).toEqual(['CN']);
    expect(narrowOptions(options, { values: ['MM'] }).map((o) => o.value)).toEqual(['MM']);
    expect(narrowOptions(options, { limit: 1 })).toHaveLength(1);
  });
});
