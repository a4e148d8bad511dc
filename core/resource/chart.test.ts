// A resource's chart declaration names its own column fields: a typo is an error at start-up,
// not an empty chart.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, type ChartDef, type FieldDef } from './define';

const fields: FieldDef[] = [
  { name: 'date', labelKey: 'demo:date', type: 'date' },
  { name: 'pair', labelKey: 'demo:pair', type: 'string' },
  { name: 'rate', labelKey: 'demo:rate', type: 'money', scale: 6 },
];
const declare = (chart: ChartDef) =>
  defineResource({ plugin: 'demo', name: 'rate', table: 'demo_rate', titleKey: 'demo:rate', menu: 'demo.rate', fields, schema: () => z.object({}), permissions: { list: 'demo:rate:list' }, chart });

describe('chart declarations', () => {
  it('accepts a chart over the resource’s own fields', () => {
    expect(declare({ kind: 'line', x: 'date', series: 'pair', value: 'rate' }).chart?.value).toBe('rate');
  });

  it('refuses an x, series or value field the resource does not have', () => {
    expect(() => declare({ kind: 'line', x: 'day', value: 'rate' })).toThrow(/chart names day/);
    expect(() => declare({ kind: 'line', x: 'date', series: 'currency', value: 'rate' })).toThrow(/chart names currency/);
    expect(() => declare({ kind: 'line', x: 'date', value: 'amount' })).toThrow(/chart names amount/);
  });

  it('refuses a value that is not a number', () => {
    expect(() => declare({ kind: 'bar', x: 'date', value: 'pair' })).toThrow(/chart value pair must be a money\/number\/integer field/);
  });
});
