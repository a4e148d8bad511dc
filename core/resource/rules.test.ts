import { describe, expect, it } from 'vitest';
import { rules } from './rules';
const t = ((k: string, o?: Record<string, unknown>) => `${k}${o ? JSON.stringify(o) : ''}`) as never;
describe('decimal', () => {
  it('works', () => {
    const d = rules(t).decimal('x', { scale: 2, positive: true });
    expect(d.safeParse('12.34').data).toBe('12.34');
    expect(d.safeParse(12.5).data).toBe('12.5');
    expect(d.safeParse('12.345').success).toBe(false);
    expect(d.safeParse('abc').error?.issues[0].message).toContain('mustBeNumber');
    expect(d.safeParse('0').error?.issues[0].message).toContain('mustBePositive');
    expect(d.safeParse('').error?.issues[0].message).toContain('required');
    expect(d.safeParse('-1').success).toBe(false);
  });
});

describe('datetime', () => {
  const required = rules(t).datetime('field.startAt');
  const optional = rules(t).datetime('field.weighedAt', { optional: true });
  const message = (r: typeof required, v: unknown) => r.safeParse(v).error?.issues[0].message;

  it('takes an ISO instant with its offset, and a Date as its instant', () => {
    expect(required.safeParse('2026-11-28T06:00:00.000Z').data).toBe('2026-11-28T06:00:00.000Z');
    expect(required.safeParse('2026-11-28T13:30+07:00').data).toBe('2026-11-28T13:30+07:00');
    expect(required.safeParse(new Date(Date.UTC(2026, 10, 28, 6))).data).toBe('2026-11-28T06:00:00.000Z');
    expect(optional.safeParse('2026-11-28T06:00Z').data).toBe('2026-11-28T06:00Z');
  });

  it('says a blank required moment is missing, and leaves a blank optional one null', () => {
    for (const v of ['', '  ', null, undefined]) expect(message(required, v)).toContain('core:resource.required');
    expect(message(required, '')).toContain('field.startAt');
    for (const v of ['', null, undefined]) expect(optional.safeParse(v).data).toBeNull();
  });

  it('refuses a wall time without offset, a half-typed value and impossible days or times as invalid', () => {
    for (const v of ['2026-11-28 06:00', '2026-11-28T06:00', '2026-11-28', '2026-11-28T06:', '2026-02-30T06:00:00Z', '2026-11-28T24:00:00Z', '2026-11-28T06:60Z', 'tomorrow', 42, new Date('x')]) {
      expect(message(required, v), String(v)).toContain('core:resource.invalid');
    }
    expect(message(optional, '2026-11-28 06:00')).toContain('core:resource.invalid');
  });
});
