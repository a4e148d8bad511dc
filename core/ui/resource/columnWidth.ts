// The grid's columns are sized from their header text in the user's language, measured with
// the page's own font (a canvas measures like the DOM draws, whatever fonts the machine has):
// a header that does not fit its column on one line wraps to two, broken where the browser
// breaks a line, and the column is made at least wide enough for those two lines. The grid only
// renders in the browser; on the server (never asked) the character estimate of labelWidth stands in.
import type { GridColDef } from '@mui/x-data-grid';
import { FONT_STACK } from '../theme';
import { labelPx } from './labelWidth';

/** The grid's header and cell text: 13 px (the theme's fontSize), headers in weight 500. */
export const HEADER_FONT = `500 13px ${FONT_STACK}`;
export const CELL_FONT = `400 13px ${FONT_STACK}`;

/** A header's room besides its title: padding 2 × 10 px and a few pixels to spare. */
const HEADER_PADDING = 20 + 3;
/** The sort button (27 px): a sorted column shows it beside its title for good (the column menu's button only on hover, over the title). */
const SORT_BUTTON = 27;

let ctx: CanvasRenderingContext2D | null | undefined;

/** Width in px of a text drawn in this CSS font. */
export function textPx(text: string, font: string): number {
  if (ctx === undefined) ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!ctx) return labelPx(text, 13);
  ctx.font = font;
  return Math.ceil(ctx.measureText(text).width);
}

/** Han and kana: a browser may break a line between any two of them. */
const HAN = /[\u2e80-\u9fff\uf900-\ufaff]/;
/** Myanmar letters: written without spaces, broken between words (by a dictionary). */
const MYANMAR = /[\u1000-\u109f]/;

/**
 * Where a line may break in this text: after a space, between two Han characters, or between two
 * Burmese words (the word segmenter finds those with the dictionary the browser's line breaker
 * uses). Fewer places than the browser may find, never more, so two lines measured here are two
 * lines on screen.
 */
export function breakPoints(text: string, locale: string): number[] {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  const words = new Set(Segmenter ? [...new Segmenter(locale, { granularity: 'word' }).segment(text)].map((s) => s.index) : []);
  const points: number[] = [];
  for (let i = 1; i < text.length; i++) {
    const before = text[i - 1];
    const after = text[i];
    if ((/\s/.test(before) && !/\s/.test(after)) || (HAN.test(before) && HAN.test(after)) || (words.has(i) && MYANMAR.test(before) && MYANMAR.test(after))) points.push(i);
  }
  return points;
}

/** The narrowest width in which the text takes at most two lines. */
export function twoLinePx(text: string, font: string, locale: string): number {
  let best = textPx(text, font);
  for (const i of breakPoints(text, locale)) {
    const first = text.slice(0, i).trimEnd();
    const second = text.slice(i).trimStart();
    if (first && second) best = Math.min(best, Math.max(textPx(first, font), textPx(second, font)));
  }
  return best;
}

/** A cell's padding (2 × 10 px) and a small chip's (2 × 8 px and its border), with a few pixels to spare. */
const CHIP_CELL = 20 + 18 + 4;

/**
 * The columns with room for their headers: a column narrower than its header on one line gets at
 * least the width of the header on two lines; `wraps` says whether any header may need two.
 * `chips`: the labels a column shows as chips (a state), each to be read whole.
 */
export function fitHeaders(columns: GridColDef[], locale: string, chips: Record<string, string[]> = {}): { columns: GridColDef[]; wraps: boolean } {
  let wraps = false;
  const fitted = columns.map((col) => {
    const labels = chips[col.field];
    const c = labels?.length ? { ...col, minWidth: Math.max(col.minWidth ?? 0, ...labels.map((l) => textPx(l, CELL_FONT) + CHIP_CELL)) } : col;
    if (!c.headerName) return c;
    const chrome = HEADER_PADDING + (c.sortable !== false ? SORT_BUTTON : 0);
    const given = c.width ?? c.minWidth ?? 50;
    if (textPx(c.headerName, HEADER_FONT) + chrome <= (c.flex ? Math.max(given, c.minWidth ?? 0) : given)) return c;
    wraps = true;
    const need = twoLinePx(c.headerName, HEADER_FONT, locale) + chrome;
    return { ...c, minWidth: Math.max(c.minWidth ?? 0, need), ...(c.width !== undefined ? { width: Math.max(c.width, need) } : {}) };
  });
  return { columns: fitted, wraps };
}
