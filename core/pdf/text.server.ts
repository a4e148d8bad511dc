// Text on a pdfkit page for printed forms and generated documents (the customs declaration,
// filled contract templates): the CJK font (Noto Sans SC, or the system's Noto CJK), Burmese
// runs in Noto Sans Myanmar shaped by HarfBuzz (./myanmar.server.ts), and the measuring,
// cutting and wrapping the layouts are built from.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import * as fontkit from 'fontkit';
import { hasMyanmar, loadMyanmarFonts, scriptRuns } from './myanmar.server';

export type Doc = PDFKit.PDFDocument;

// ---- Fonts ---------------------------------------------------------------------------------

/** fonts-noto-cjk, when the npm font package is missing. */
const SYSTEM_FONTS = [
  { regular: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', bold: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', face: 'NotoSansCJKsc' },
];

/** A font parsed once per process: a parse costs more than laying out a whole page. */
function parse(src: Buffer, face?: string): fontkit.Font {
  const font = fontkit.create(src, face);
  if (!('layout' in font)) throw new Error(`${face ?? 'font'}: not a single font`);
  return font;
}

let fonts: { regular: fontkit.Font; bold: fontkit.Font } | undefined;

function loadFonts(): { regular: fontkit.Font; bold: fontkit.Font } {
  if (fonts) return fonts;
  let dir: string | null = null;
  try {
    dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
  } catch {
    dir = null;
  }
  if (dir && fs.existsSync(path.join(dir, 'NotoSansHans-Regular.otf'))) {
    fonts = { regular: parse(fs.readFileSync(path.join(dir, 'NotoSansHans-Regular.otf'))), bold: parse(fs.readFileSync(path.join(dir, 'NotoSansHans-Bold.otf'))) };
    return fonts;
  }
  const sys = SYSTEM_FONTS.find((f) => fs.existsSync(f.regular));
  if (!sys) throw new Error('No Simplified Chinese font for printing: install @embedpdf/fonts-sc (npm) or fonts-noto-cjk');
  const regular = parse(fs.readFileSync(sys.regular), `${sys.face}-Regular`);
  fonts = { regular, bold: fs.existsSync(sys.bold) ? parse(fs.readFileSync(sys.bold), `${sys.face}-Bold`) : regular };
  return fonts;
}


/** Per document: the face last chosen (regular or bold) and whether the Myanmar font is there. */
const faces = new WeakMap<Doc, { bold: boolean; myanmar: boolean }>();

export function setFont(doc: Doc, size: number, bold = false): void {
  const face = faces.get(doc);
  if (face) face.bold = bold;
  doc.font(bold ? 'cjk-bold' : 'cjk').fontSize(size);
}

/** The text cut into runs, each with the font that has its letters (Burmese: the Myanmar font). */
function fontRuns(doc: Doc, s: string): { text: string; font: string; myanmar: boolean }[] {
  const face = faces.get(doc);
  const cjk = face?.bold ? 'cjk-bold' : 'cjk';
  if (!face?.myanmar || !hasMyanmar(s)) return [{ text: s, font: cjk, myanmar: false }];
  return scriptRuns(s).map((r) => ({ text: r.text, font: r.myanmar ? (face.bold ? 'mm-bold' : 'mm') : cjk, myanmar: r.myanmar }));
}

/** A string's width at the current size, each run in its own font. */
export function textWidth(doc: Doc, s: string): number {
  const runs = fontRuns(doc, s);
  if (runs.length === 1 && !runs[0].myanmar) return doc.widthOfString(s);
  let w = 0;
  for (const r of runs) w += doc.font(r.font).widthOfString(r.text);
  doc.font(runs.find((r) => !r.myanmar)?.font ?? (faces.get(doc)?.bold ? 'cjk-bold' : 'cjk'));
  return w;
}

/**
 * The pieces a line may be broken between: Burmese syllables (a consonant starts one unless
 * it is killed by ် or stacked by ္; marks stay with their consonant), otherwise characters.
 */
function units(s: string): string[] {
  if (!hasMyanmar(s)) return [...s];
  const letter = /[\u1000-\u102A\u103F-\u104F]/;
  const myanmar = /[\u1000-\u109F\u200C\u200D]/;
  const chars = [...s];
  const out: string[] = [];
  chars.forEach((ch, i) => {
    const prev = chars[i - 1] ?? '';
    const next = chars[i + 1] ?? '';
    const joins = i > 0 && myanmar.test(ch) && myanmar.test(prev) && (!letter.test(ch) || prev === '\u1039' || next === '\u103A' || next === '\u1039');
    if (joins) out[out.length - 1] += ch;
    else out.push(ch);
  });
  return out;
}

/** Text is laid out without ligatures: a ligature glyph ("fi") has no Unicode of its own, so
 *  copying or searching the printout would lose those letters. */
const TEXT_OPTIONS = { lineBreak: false, features: { liga: false } } as unknown as PDFKit.Mixins.TextOptions;

/** The distance from the top of a line to the baseline of the current font. */
const ascent = (doc: Doc) => ((doc as unknown as { _font: { ascender: number } })._font.ascender / 1000) * (doc as unknown as { _fontSize: number })._fontSize;

/**
 * One line of text, as is, at (x, y). Burmese runs are drawn in the Myanmar font on the same
 * baseline, inside a span whose ActualText is the text itself (the shaped glyphs are reordered).
 */
export function draw(doc: Doc, s: string, x: number, y: number): void {
  const runs = fontRuns(doc, s);
  if (runs.length === 1 && !runs[0].myanmar) {
    doc.text(s, x, y, TEXT_OPTIONS);
    return;
  }
  const cjk = faces.get(doc)?.bold ? 'cjk-bold' : 'cjk';
  const base = y + ascent(doc.font(cjk));
  let at = x;
  for (const r of runs) {
    doc.font(r.font);
    const top = base - ascent(doc);
    if (r.myanmar) {
      doc.markContent('Span', { actual: r.text } as unknown as Parameters<Doc['markContent']>[1]);
      doc.text(r.text, at, top, TEXT_OPTIONS);
      doc.endMarkedContent();
    } else doc.text(r.text, at, top, TEXT_OPTIONS);
    at += doc.widthOfString(r.text);
  }
  doc.font(cjk);
}

/** A piece's advance at the current font and size (pdfkit caches each string's layout). */
const charWidth = (doc: Doc, ch: string) => textWidth(doc, ch);

/** A string's width as the sum of its pieces' (no kerning in CJK text; cheap to repeat). */
function runWidth(doc: Doc, s: string): number {
  let w = 0;
  for (const ch of units(s)) w += charWidth(doc, ch);
  return w;
}

/** Cuts a string to a width, ending it in … when cut. */
export function fit(doc: Doc, s: string, width: number): string {
  if (textWidth(doc, s) <= width) return s;
  const room = width - charWidth(doc, '…');
  let out = '';
  let used = 0;
  for (const ch of units(s)) {
    used += charWidth(doc, ch);
    if (used > room) break;
    out += ch;
  }
  return `${out}…`;
}

/** One line of text at (x, y), cut to the width. */
export function put(doc: Doc, s: string, x: number, y: number, width: number, align: 'left' | 'center' | 'right' = 'left'): void {
  const line = fit(doc, s, width);
  if (!line) return;
  const w = textWidth(doc, line);
  const dx = align === 'center' ? (width - w) / 2 : align === 'right' ? width - w : 0;
  draw(doc, line, x + dx, y);
}

/**
 * Breaks a string into lines of a width: anywhere in CJK text, at a space inside Latin words.
 * Burmese is measured shaped, as drawn (a syllable's marks take other widths in context than
 * alone), so no line comes out wider than `width` and `put` never has to cut it.
 */
export function wrap(doc: Doc, s: string, width: number): string[] {
  const lines: string[] = [];
  for (const para of s.split(/\r?\n/)) {
    const measure = hasMyanmar(para) ? (x: string) => textWidth(doc, x) : (x: string) => runWidth(doc, x);
    let line = '';
    for (const ch of units(para)) {
      if (line && measure(line + ch) > width) {
        const space = line.lastIndexOf(' ');
        const inWord = /^[A-Za-z0-9]/.test(ch) && /[A-Za-z0-9]$/.test(line);
        if (inWord && space > 0) {
          lines.push(line.slice(0, space));
          line = line.slice(space + 1) + ch;
        } else {
          lines.push(line);
          line = ch.trim() ? ch : '';
        }
      } else line += ch;
    }
    lines.push(line);
  }
  return lines;
}


/**
 * A new document with the fonts registered (the Myanmar font only when `myanmar`: a Burmese
 * user, or Burmese data) and `done()`, the PDF bytes once `doc.end()` has been called.
 */
export async function openPdf(info: PDFKit.DocumentInfo, myanmar: boolean): Promise<{ doc: Doc; done: Promise<Uint8Array<ArrayBuffer>> }> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, compress: true, info });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  // pdfkit takes an already parsed fontkit font as well as bytes (its typings only list bytes).
  doc.registerFont('cjk', regular as unknown as Buffer);
  doc.registerFont('cjk-bold', bold as unknown as Buffer);
  if (myanmar) {
    const mm = await loadMyanmarFonts();
    doc.registerFont('mm', mm.regular as unknown as Buffer);
    doc.registerFont('mm-bold', mm.bold as unknown as Buffer);
  }
  faces.set(doc, { bold: false, myanmar });
  return { doc, done };
}
