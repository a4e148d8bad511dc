// The editor's values of a document: a row's lines (and lines of lines) as inputs hold them,
// new lines, what is sent (hidden line values kept, blanks as null, hidden parts left out),
// nested updates, and the browser's schema check keying line errors by path.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineResource } from '../../resource/define';
import { defineDocument, decimalSum, lineList } from '../../document/define';
import { validateRow } from '../resource/save';
import { blankLine, documentPayload, initialDocument, updateLines } from './values';

const def = defineResource({
  plugin: 'system',
  name: 'doc',
  table: 'tst_doc',
  titleKey: 'x',
  menu: 'm',
  permissions: { list: 'x' },
  fields: [
    { name: 'title', labelKey: 'x', type: 'string' },
    { name: 'kind', labelKey: 'x', type: 'string' },
    { name: 'fileId', labelKey: 'x', type: 'integer', form: false },
    { name: 'goods', column: null, records: true, labelKey: 'x', type: 'string', form: false },
    { name: 'tiers', labelKey: 'x', type: 'text', form: false },
  ],
  schema: () =>
    z.object({
      title: z.string().min(1, 'title!'),
      goods: lineList(z.object({ qty: z.string().regex(/^\d+$/, 'qty!'), licences: lineList(z.object({ no: z.string().min(2, 'no!') })) }), { min: 1, message: 'one!' }),
    }),
});

const doc = defineDocument({
  resource: def,
  extra: ['fileId'],
  defaults: () => ({ kind: 'A' }),
  when: { tiers: (v) => v.kind === 'T' },
  lines: [
    {
      name: 'goods',
      labelKey: 'x',
      table: 'tst_goods',
      foreignKey: 'doc_id',
      initial: 1,
      fields: [
        { name: 'qty', labelKey: 'x', type: 'money' },
        { name: 'note', labelKey: 'x', type: 'string' },
        { name: 'source', labelKey: 'x', type: 'string', form: false },
      ],
      blank: () => ({ qty: '1', source: 'manual' }),
      lines: [{ name: 'licences', labelKey: 'x', table: 'tst_licence', foreignKey: 'goods_id', fields: [{ name: 'no', labelKey: 'x', type: 'string' }], blank: (_l, _v, goods) => (goods ? { no: `L-${String(goods.qty)}` } : {}) }],
    },
    { name: 'tiers', labelKey: 'x', fields: [{ name: 'to', labelKey: 'x', type: 'string' }] },
  ],
});

describe('document values', () => {
  it('starts a new document with its defaults and initial blank lines', () => {
    const v = initialDocument(doc, null, 'create');
    expect(v).toEqual({ title: '', kind: 'A', fileId: null, goods: [{ qty: '1', note: '', source: 'manual', licences: [] }], tiers: [] });
  });

  it('reads a row: lines of lines, values the editor hides, lines kept as JSON text', () => {
    const v = initialDocument(doc, { title: 'T', kind: 'T', fileId: 9, goods: [{ qty: '2', note: null, source: 'rule', licences: [{ no: 'L1' }] }], tiers: '[{"to":null}]' }, 'update');
    expect(v.goods).toEqual([{ qty: '2', note: '', source: 'rule', licences: [{ no: 'L1' }] }]);
    expect(v.tiers).toEqual([{ to: '' }]);
    expect(v.fileId).toBe(9);
  });

  it('sends trimmed lines with blanks as null and the hidden values as read; a hidden collection is not sent', () => {
    const v = initialDocument(doc, { title: ' T ', kind: 'A', fileId: 3, goods: [{ qty: ' 2 ', note: ' ', source: 'rule', licences: [{ no: 'L1' }] }], tiers: '[{"to":"5"}]' }, 'update');
    expect(documentPayload(doc, v, 'update')).toEqual({ title: 'T', kind: 'A', fileId: 3, goods: [{ qty: '2', note: null, source: 'rule', licences: [{ no: 'L1' }] }] });
    expect(documentPayload(doc, { ...v, kind: 'T' }, 'update').tiers).toEqual([{ to: '5' }]);
  });

  it('replaces the lines at a nested path and leaves the rest alone', () => {
    const v = initialDocument(doc, { title: 'T', goods: [{ qty: '1', licences: [] }, { qty: '2', licences: [{ no: 'A' }] }] }, 'update');
    const next = updateLines(v, ['goods', 1, 'licences'], (l) => [...l, blankLine(doc.lines[0].lines![0], l, v)]);
    expect((next.goods as { licences: unknown[] }[])[1].licences).toEqual([{ no: 'A' }, { no: '' }]);
    // A line of lines may start from its parent line (a goods line taking its bill's package type).
    const goods = (v.goods as Record<string, unknown>[])[1];
    expect(blankLine(doc.lines[0].lines![0], [], v, goods)).toEqual({ no: 'L-2' });
    expect(next.goods).not.toBe(v.goods);
    expect((next.goods as unknown[])[0]).toBe((v.goods as unknown[])[0]);
  });

  it('keys the browser check of a line by its path, as the server does', () => {
    const t = ((k: string) => k) as never;
    expect(validateRow(def, t, 'create', { title: '', goods: [{ qty: '1', licences: [] }, { qty: 'x', licences: [{ no: 'A' }] }] })).toEqual({
      title: 'title!',
      'goods.1.qty': 'qty!',
      'goods.1.licences.0.no': 'no!',
    });
    expect(validateRow(def, t, 'create', { title: 'T', goods: [] })).toEqual({ goods: 'one!' });
  });

  it('takes wide lines edited one at a time (detail) and lines of lines the resource stores itself; refuses what it cannot show or save', () => {
    const wide = { name: 'tiers', labelKey: 'x', fields: [{ name: 'to', labelKey: 'x', type: 'string' as const }], detail: { columns: ['to'], sections: [{ fields: ['to'] }] } };
    expect(defineDocument({ resource: def, lines: [{ ...wide, lines: [{ name: 'subs', labelKey: 'x', fields: [] }] }] }).lines[0].detail?.columns).toEqual(['to']);
    expect(() => defineDocument({ resource: def, lines: [{ ...wide, detail: { columns: ['from'], sections: [] } }] })).toThrow(/detail names from/);
    expect(() => defineDocument({ resource: def, lines: [{ ...wide, lines: [{ name: 'subs', labelKey: 'x', table: 'tst_sub', foreignKey: 'tier_id', fields: [] }] }] })).toThrow(/stored like their parent/);
  });

  it('sums decimals exactly and ignores what is not a number yet', () => {
    expect(decimalSum([{ a: '0.1' }, { a: '0.2' }, { a: '' }, { a: '1.' }, { a: 'x' }, { a: '0.005' }], 'a')).toBe('1.31');
  });
});
