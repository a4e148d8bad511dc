// Form values of declared fields: dependent pickers (lookupParent) narrowed to their parent's
// value and cleared with it, and the required marks read from the schema.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { defineResource, type FieldDef } from '../../resource/define';
import { rules } from '../../resource/rules';
import { formFields, initialValues, pickerLookups, pickerWaits, requiredFields, toPayload, withValue } from './values';

const fields: FieldDef[] = [
  { name: 'country', labelKey: 'x', type: 'ref', lookup: 'countries' },
  { name: 'province', labelKey: 'x', type: 'ref', lookup: 'provinces', lookupParent: 'country', lookupRoot: 'CN' },
  { name: 'city', labelKey: 'x', type: 'ref', lookup: 'cities', lookupParent: 'province' },
  { name: 'street', labelKey: 'x', type: 'string' },
];

const def = defineResource({
  plugin: 'system',
  name: 'place',
  table: 'tst_place',
  titleKey: 'x',
  menu: 'm',
  permissions: { list: 'x' },
  fields,
  schema: () => z.object({ country: z.string(), province: z.string().optional(), city: z.string().nullable().optional(), street: z.preprocess((v) => v ?? '', z.string().min(1)) }),
});

const lookups = {
  provinces: [
    { value: '530000', label: '云南省', parent: null },
    { value: '510000', label: '四川省', parent: null },
  ],
  cities: [
    { value: '530100', label: '昆明市', parent: '530000' },
    { value: '510100', label: '成都市', parent: '510000' },
  ],
};

describe('dependent pickers', () => {
  const offered = (f: FieldDef, values: Record<string, unknown>) => pickerLookups(f, values, lookups)[f.lookup!].map((o) => o.value);

  it('offers the options under the parent value, the parentless ones under the root value', () => {
    expect(offered(fields[2], { province: '530000' })).toEqual(['530100']);
    expect(offered(fields[1], { country: 'CN' })).toEqual(['530000', '510000']);
    expect(pickerWaits(fields[2], { province: '530000' }, lookups)).toBe(false);
  });

  it('offers nothing and waits while the parent is blank or has no children; other fields keep their options', () => {
    expect(offered(fields[2], { province: '' })).toEqual([]);
    expect(pickerWaits(fields[2], { province: '' }, lookups)).toBe(true);
    expect(pickerWaits(fields[1], { country: 'MM' }, lookups)).toBe(true);
    expect(pickerLookups(fields[0], {}, lookups)).toBe(lookups);
    expect(pickerWaits(fields[0], {}, lookups)).toBe(false);
  });

  it('clears the pickers below a changed one, level by level', () => {
    const values = { country: 'CN', province: '530000', city: '530100', street: 'x' };
    expect(withValue(fields, values, 'country', 'MM')).toEqual({ country: 'MM', province: '', city: '', street: 'x' });
    expect(withValue(fields, values, 'province', '510000')).toEqual({ country: 'CN', province: '510000', city: '', street: 'x' });
    expect(withValue(fields, values, 'street', 'y')).toEqual({ ...values, street: 'y' });
  });

  it('fills the fields a picked option names (LookupOption.fill), as if typed: dependants blanked, fields the form lacks left alone', () => {
    const options = { countries: [{ value: 'CN', label: '中国', fill: { street: '国门大道', province: '530000', nowhere: 'x' } }, { value: 'MM', label: 'Myanmar' }] };
    const values = { country: '', province: '510000', city: '510100', street: '' };
    expect(withValue(fields, values, 'country', 'CN', options)).toEqual({ country: 'CN', province: '530000', city: '', street: '国门大道' });
    // An option without fill, or no lookups given: only the pickers below are blanked.
    expect(withValue(fields, values, 'country', 'MM', options)).toEqual({ country: 'MM', province: '', city: '', street: '' });
    expect(withValue(fields, values, 'country', 'CN')).toEqual({ country: 'CN', province: '', city: '', street: '' });
  });

  it('refuses a lookupParent that names no field of the resource', () => {
    expect(() => defineResource({ ...def, fields: [{ name: 'city', labelKey: 'x', type: 'ref', lookup: 'cities', lookupParent: 'province' }] })).toThrow(/lookupParent/);
  });
});

describe('required marks', () => {
  it('marks the fields the schema refuses when absent', () => {
    expect([...requiredFields(def, ((k: string) => k) as unknown as TFunction, 'create')]).toEqual(['country', 'street']);
  });
});

describe('date-time fields', () => {
  const t = ((k: string) => k) as unknown as TFunction;
  const timed = defineResource({
    ...def,
    name: 'visit',
    fields: [
      { name: 'startAt', labelKey: 'x', type: 'datetime', form: { span: 1 } },
      { name: 'seenAt', labelKey: 'x', type: 'datetime', form: {} },
      { name: 'createdAt', labelKey: 'x', type: 'datetime' },
      { name: 'updatedAt', labelKey: 'x', type: 'datetime', form: false },
    ],
    schema: (tt) => z.object({ startAt: rules(tt).datetime('x'), seenAt: rules(tt).datetime('x', { optional: true }) }),
  });

  it('puts in the form only the date-times that declare form: {...}, not the stamps', () => {
    expect(formFields(timed, 'create').map((f) => f.name)).toEqual(['startAt', 'seenAt']);
    expect([...requiredFields(timed, t, 'create')]).toEqual(['startAt']);
  });

  it('holds and sends the ISO instant; a blank one is sent blank for the schema to judge', () => {
    const v = initialValues(formFields(timed, 'update'), { startAt: '2026-11-27T23:30:00.000Z', seenAt: null });
    expect(v).toEqual({ startAt: '2026-11-27T23:30:00.000Z', seenAt: '' });
    const payload = toPayload(timed, v, 'update');
    expect(payload).toEqual({ startAt: '2026-11-27T23:30:00.000Z', seenAt: '' });
    expect(timed.schema(t, 'update').parse(payload)).toEqual({ startAt: '2026-11-27T23:30:00.000Z', seenAt: null });
  });
});

describe('a field declared with an initial value', () => {
  const switches: FieldDef[] = [
    { name: 'enabled', labelKey: 'x', type: 'boolean', initial: true },
    { name: 'archived', labelKey: 'x', type: 'boolean' },
    { name: 'kind', labelKey: 'x', type: 'string', initial: 'web' },
  ];

  it('starts a new row with it, and an existing row with what it holds', () => {
    expect(initialValues(switches, null)).toEqual({ enabled: true, archived: false, kind: 'web' });
    expect(initialValues(switches, { enabled: false, archived: true, kind: null })).toEqual({ enabled: false, archived: true, kind: '' });
  });

  it("matches the schema's default for a value left out", () => {
    const t = ((k: string) => k) as unknown as TFunction;
    const schema = z.object({ enabled: rules(t).boolean({ default: true }), archived: rules(t).boolean() });
    expect(schema.parse({})).toEqual({ enabled: true, archived: false });
    expect(schema.parse({ enabled: false, archived: '1' })).toEqual({ enabled: false, archived: true });
  });
});
