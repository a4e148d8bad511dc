import { describe, expect, it } from 'vitest';
import { breakPoints, fitHeaders, HEADER_FONT, textPx, twoLinePx } from './columnWidth';

describe('grid column widths from the header text', () => {
  it('breaks English only at spaces, never before a closing bracket', () => {
    const text = 'Gross weight (kg)';
    expect(breakPoints(text, 'en').map((i) => text.slice(i))).toEqual(['weight (kg)', '(kg)']);
  });

  it('breaks Chinese between characters and Burmese between its words', () => {
    expect(breakPoints('毛重', 'zh')).toEqual([1]);
    const my = 'ငွေတောင်းခံလွှာ အမျိုးအစား';
    const points = breakPoints(my, 'my');
    expect(points).toContain(my.indexOf('အမျိုး'));
    // inside a word (between a letter and its marks) there is no break
    expect(points).not.toContain(1);
  });

  it('takes the narrowest split into two lines', () => {
    const text = 'Payment status flag';
    const two = twoLinePx(text, HEADER_FONT, 'en');
    expect(two).toBeLessThan(textPx(text, HEADER_FONT));
    expect(two).toBeGreaterThanOrEqual(textPx('Payment status', HEADER_FONT) > textPx('status flag', HEADER_FONT) ? textPx('status flag', HEADER_FONT) : textPx('Payment status', HEADER_FONT));
  });

  it('leaves a column whose header fits alone, and widens one that would cut it, wrapping its header', () => {
    const short = { field: 'a', headerName: '代码', minWidth: 90, flex: 1 };
    expect(fitHeaders([short], 'zh')).toEqual({ columns: [short], wraps: false });
    const long = { field: 'b', headerName: 'ကုန်သယ်ယူပို့ဆောင်မှု အသုတ်နံပါတ်', minWidth: 90, flex: 1 };
    const fitted = fitHeaders([long], 'my');
    expect(fitted.wraps).toBe(true);
    expect(fitted.columns[0].minWidth).toBeGreaterThanOrEqual(twoLinePx(long.headerName, HEADER_FONT, 'my') + 20);
    expect(fitted.columns[0].minWidth).toBeLessThan(textPx(long.headerName, HEADER_FONT) + 80);
  });

  it('widens a column of fixed width too, and a state column to its longest chip', () => {
    const fixed = { field: 'c', headerName: 'Declaration status', width: 60, sortable: false, disableColumnMenu: true };
    expect(fitHeaders([fixed], 'en').columns[0].width).toBeGreaterThan(60);
    const state = { field: 'status', headerName: 'S', minWidth: 90, sortable: false, disableColumnMenu: true };
    const [col] = fitHeaders([state], 'en', { status: ['Draft', 'Inspection required by customs'] }).columns;
    expect(col.minWidth).toBeGreaterThan(textPx('Inspection required by customs', HEADER_FONT));
  });
});
