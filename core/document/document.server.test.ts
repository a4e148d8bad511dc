// The document kit on the engine's write path (MariaDB, or SQLite with TEST_DB=sqlite): a
// header with lines and lines of lines is read as one graph, saved in one transaction, and a
// stale version or a bad line anywhere writes nothing, with errors keyed by the line's path.
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../../tests/support/http';
import { scratchResource, setUpScratchTable } from '../../tests/support/resource';
import { FieldError, ApiError } from '../http/envelope.server';
import { tFor } from '../i18n/i18n.server';
import { rules } from '../resource/rules';
import type { Row } from '../resource/define.server';
import { createRow, deleteRows, getRow, listRows, parseListQuery, updateRow } from '../resource/service.server';
import { decimalSum, defineDocument, lineList } from './define';
import { documentResource } from './document.server';

const HEAD = 'tst_doc';
const LINE = 'tst_doc_line';
const SUB = 'tst_doc_sub';
const t = tFor('zh');
const L = 'system:refCode.name';

const def = scratchResource({
  name: 'testDoc',
  table: HEAD,
  fields: [
    { name: 'title', labelKey: L, type: 'string' },
    { name: 'total', labelKey: L, type: 'money', form: false },
    { name: 'lines', column: null, records: true, labelKey: L, type: 'string', form: false, list: false },
  ],
  schema: (tt) => {
    const r = rules(tt);
    const sub = z.object({ code: r.pattern(L, /^[A-Z]{2}$/) });
    const line = z.object({ name: r.text(L, 20), amount: r.decimal(L, { positive: true }), subs: lineList(sub) });
    return z.object({ title: r.text(L, 50), lines: lineList(line, { min: 1, message: 'at least one line' }) });
  },
  permissions: { list: 'x', create: 'x', update: 'x', delete: 'x' },
});

const doc = defineDocument({
  resource: def,
  lines: [
    {
      name: 'lines',
      labelKey: L,
      table: LINE,
      foreignKey: 'doc_id',
      position: 'line_no',
      fields: [
        { name: 'name', labelKey: L, type: 'string' },
        { name: 'amount', labelKey: L, type: 'money' },
      ],
      values: (_line, header) => ({ title_copy: header.title }),
      lines: [{ name: 'subs', labelKey: L, table: SUB, foreignKey: 'line_id', key: ['code'], fields: [{ name: 'code', labelKey: L, type: 'string' }] }],
    },
  ],
});

const docs = documentResource(doc, { toDb: (input, _ctx, defaults) => ({ ...defaults, total: decimalSum(input.lines, 'amount') }) });

const { db, actor } = setUpScratchTable(HEAD, (tb) => {
  tb.string('title', 50).notNullable();
  tb.decimal('total', 18, 2).notNullable();
  tb.integer('version').notNullable();
  tb.timestamps();
  tb.integer('created_by').nullable();
  tb.integer('updated_by').nullable();
});
beforeAll(async () => {
  await db.knex.schema.createTable(LINE, (tb) => {
    tb.increments('id');
    tb.integer('doc_id').notNullable();
    tb.integer('line_no').notNullable();
    tb.string('name', 20).notNullable();
    tb.decimal('amount', 18, 2).notNullable();
    tb.string('title_copy', 50).nullable();
  });
  await db.knex.schema.createTable(SUB, (tb) => {
    tb.increments('id');
    tb.integer('line_id').notNullable();
    tb.string('code', 2).notNullable();
    tb.unique(['line_id', 'code']);
  });
});

const input = (extra: Row = {}) => ({
  title: '单据',
  lines: [
    { name: 'a', amount: '1.50', subs: [{ code: 'AA' }, { code: 'BB' }] },
    { name: 'b', amount: '2.25', subs: [] },
  ],
  ...extra,
});

const snapshot = async () => ({ head: await db.knex(HEAD).orderBy('id'), lines: await db.knex(LINE).orderBy('id'), subs: await db.knex(SUB).orderBy('id') });

describe('a document on the engine', () => {
  it('creates the header and its lines of lines in one go and reads them back as one graph', async () => {
    const row = await createRow(docs, actor, input(), t, { trusted: true });
    expect(row.total).toBe('3.75');
    expect(row.lines).toEqual([
      { name: 'a', amount: '1.50', subs: [{ code: 'AA' }, { code: 'BB' }] },
      { name: 'b', amount: '2.25', subs: [] },
    ]);
    const stored = await db.knex(LINE).where({ doc_id: row.id }).orderBy('line_no');
    expect(stored.map((l) => [l.line_no, l.name, l.title_copy])).toEqual([
      [1, 'a', '单据'],
      [2, 'b', '单据'],
    ]);
    const page = await listRows(docs, actor.user, parseListQuery(def, new URLSearchParams()));
    expect(page.rows.find((r) => r.id === row.id)?.lines).toEqual(row.lines);
  });

  it('updates lines in place by position and nested ones by key, inserting and deleting the rest', async () => {
    const row = await createRow(docs, actor, input(), t, { trusted: true });
    const [first] = await db.knex(LINE).where({ doc_id: row.id }).orderBy('line_no');
    const [bb] = await db.knex(SUB).where({ line_id: first.id, code: 'BB' });
    const next = await updateRow(docs, actor, Number(row.id), { title: '改', version: row.version, lines: [{ name: 'a2', amount: '5', subs: [{ code: 'CC' }, { code: 'BB' }] }] }, t, { trusted: true });
    expect(next.lines).toEqual([{ name: 'a2', amount: '5.00', subs: [{ code: 'BB' }, { code: 'CC' }].sort((x, y) => (x.code === 'BB' ? -1 : y.code === 'BB' ? 1 : 0)) }]);
    const lines = await db.knex(LINE).where({ doc_id: row.id });
    expect(lines.map((l) => [Number(l.id), l.name, l.title_copy])).toEqual([[Number(first.id), 'a2', '改']]);
    const subs = await db.knex(SUB).where({ line_id: first.id }).orderBy('id');
    expect(subs.map((s) => s.code)).toEqual(['BB', 'CC']);
    expect(Number(subs[0].id)).toBe(Number(bb.id));
    expect(next.total).toBe('5.00');
  });

  it('refuses a stale version with 409 and writes neither header nor lines', async () => {
    const row = await createRow(docs, actor, input(), t, { trusted: true });
    await updateRow(docs, actor, Number(row.id), { ...input({ title: '新' }), version: row.version }, t, { trusted: true });
    const before = await snapshot();
    const e = await refusalOf(updateRow(docs, actor, Number(row.id), { ...input({ title: '旧', lines: [{ name: 'z', amount: '9', subs: [] }] }), version: row.version }, t, { trusted: true }), ApiError);
    expect(e.status).toBe(409);
    expect(e.message).toBe('数据已被他人修改，请刷新后重试');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a bad line with its path as the key and writes nothing', async () => {
    const before = await snapshot();
    const lines = [{ name: 'a', amount: '1', subs: [] }, { name: 'b', amount: '0', subs: [{ code: 'AA' }, { code: 'x' }] }];
    const errors = (await refusalOf(createRow(docs, actor, input({ lines }), t, { trusted: true }), FieldError)).fieldErrors;
    expect(Object.keys(errors).sort()).toEqual(['lines.1.amount', 'lines.1.subs.1.code']);
    expect(errors['lines.1.amount']).toContain('大于0');
    const none = await refusalOf(createRow(docs, actor, input({ lines: [] }), t, { trusted: true }), FieldError);
    expect(none.fieldErrors).toEqual({ lines: 'at least one line' });
    expect(await snapshot()).toEqual(before);
  });

  it('rolls the header back when the lines cannot be stored', async () => {
    const before = await snapshot();
    // Two nested lines with the same key clash on the table's unique index inside the save.
    await expect(createRow(docs, actor, input({ lines: [{ name: 'a', amount: '1', subs: [{ code: 'AA' }, { code: 'AA' }] }] }), t, { trusted: true })).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });

  it('deletes the lines with their header', async () => {
    const row = await createRow(docs, actor, input(), t, { trusted: true });
    const lineIds = (await db.knex(LINE).where({ doc_id: row.id }).pluck('id')).map(Number);
    await deleteRows(docs, actor, [Number(row.id)], t, { trusted: true });
    expect(await db.knex(LINE).where({ doc_id: row.id }).first()).toBeUndefined();
    expect(await db.knex(SUB).whereIn('line_id', lineIds).first()).toBeUndefined();
    await expect(getRow(docs, actor.user, Number(row.id), t)).rejects.toThrow();
  });
});
