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
