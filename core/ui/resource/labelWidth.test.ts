import { describe, expect, it } from 'vitest';
import { fieldWidth, labelPx } from './labelWidth';

describe('filter field width', () => {
  it('keeps short labels at the minimum width', () => {
    expect(fieldWidth('代码')).toBe(160);
    expect(fieldWidth('Code')).toBe(160);
  });

  it('widens a field whose label would be cut (the Burmese labels of the bill filters)', () => {
    // 付款方名称 / Payer name / ငွေပေးချေသူ အမည်: the Burmese label is the longest on screen
    const my = 'ငွေပေးချေသူ အမည်';
    expect(labelPx(my)).toBeGreaterThan(labelPx('付款方名称'));
    expect(fieldWidth('ငွေပေးချေမှု အခြေအနေ အမှတ်အသား')).toBeGreaterThan(160);
    expect(fieldWidth('Receipt confirmation status flag')).toBeGreaterThan(200);
  });

  it('gives marks above and below a Myanmar letter no width of their own', () => {
    expect(labelPx('ကိ')).toBe(labelPx('က'));
    expect(labelPx('ကာ')).toBeGreaterThan(labelPx('က'));
  });

  it('stops at the maximum', () => {
    expect(fieldWidth('x'.repeat(200))).toBe(340);
  });
});
