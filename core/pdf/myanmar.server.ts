// Burmese in generated PDFs (printed declarations, contracts). The font is Noto Sans Myanmar from
// @fontsource/noto-sans-myanmar (its Myanmar-range WOFF, turned back into a plain sfnt here);
// pdfkit embeds it as a subset like the Chinese font. fontkit, which lays out pdfkit's text,
// has no Myanmar shaper: it leaves ေ and ြ after their consonant and stacked consonants
// (မ္ပ) apart. So Myanmar text is shaped by HarfBuzz (harfbuzzjs) and pdfkit gets its glyphs
// and positions through the font's layout(); the Unicode text goes along as ActualText, so
// copying and searching the PDF give back what was typed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/** Myanmar letters (the basic block and both extensions), and the joiners inside its words. */
const MYANMAR = /[\u1000-\u109F\uA9E0-\uA9FF\uAA60-\uAA7F\u200C\u200D]/;

export const isMyanmar = (ch: string): boolean => MYANMAR.test(ch);

export const hasMyanmar = (s: string): boolean => /[\u1000-\u109F\uA9E0-\uA9FF\uAA60-\uAA7F]/.test(s);

/** A string cut into runs of Myanmar and other text; a space stays with the run before it. */
export function scriptRuns(s: string): { text: string; myanmar: boolean }[] {
  const runs: { text: string; myanmar: boolean }[] = [];
  for (const ch of s) {
    const last = runs[runs.length - 1];
    const mm = isMyanmar(ch);
    if (last && (last.myanmar === mm || ch === ' ')) last.text += ch;
    else runs.push({ text: ch, myanmar: mm });
  }
  return runs;
}

/** WOFF 1.0 → the sfnt (TrueType) it wraps: tables inflated, offsets recomputed. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff; // not 'wOFF': already an sfnt
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const offset = woff.readUInt32BE(e + 4);
    const compLength = woff.readUInt32BE(e + 8);
    const origLength = woff.readUInt32BE(e + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({ tag: woff.readUInt32BE(e), checksum: woff.readUInt32BE(e + 16), data: compLength < origLength ? zlib.inflateSync(raw) : Buffer.from(raw) });
  }
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector++;
  }
  const head = Buffer.alloc(12 + numTables * 16);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(numTables, 4);
  head.writeUInt16BE(searchRange * 16, 6);
  head.writeUInt16BE(entrySelector, 8);
  head.writeUInt16BE(numTables * 16 - searchRange * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((t, i) => {
    const e = 12 + i * 16;
    head.writeUInt32BE(t.tag, e);
    head.writeUInt32BE(t.checksum, e + 4);
    head.writeUInt32BE(offset, e + 8);
    head.writeUInt32BE(t.data.length, e + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

type HB = typeof import('harfbuzzjs');

let hbModule: Promise<HB> | undefined;

/** HarfBuzz is WebAssembly, loaded on the first Burmese printout. */
function harfbuzz(): Promise<HB> {
  hbModule ??= import('harfbuzzjs');
  return hbModule;
}

export interface MyanmarFonts {
  regular: fontkit.Font;
  bold: fontkit.Font;
}

let loaded: Promise<MyanmarFonts> | undefined;

/** The Myanmar-range file of Noto Sans Myanmar (@fontsource) of a weight: WOFF (the PDFs) or WOFF2 (the portal widgets' web font). */
export function myanmarFontFile(weight: 400 | 700, format: 'woff' | 'woff2' = 'woff'): string {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-myanmar/package.json')), 'files');
  return path.join(dir, `noto-sans-myanmar-myanmar-${weight}-normal.${format}`);
}
const fontFile = (weight: 400 | 700) => myanmarFontFile(weight);

/**
 * A fontkit font whose layout() is HarfBuzz's: the glyphs are fontkit's (pdfkit subsets and
 * measures them), their order, choice and placement HarfBuzz's Myanmar shaper's.
 */
function shapedFont(hb: HB, sfnt: Buffer): fontkit.Font {
  const font = fontkit.create(sfnt) as fontkit.Font;
  const hbFont = new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(sfnt))));
  const layout = (text: string) => {
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(hbFont, buffer);
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions().map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset }));
    // fontkit finds the letter a glyph stands for in the cmap (the PDF's ToUnicode map);
    // shaped forms have none, ActualText carries the words.
    const glyphs = infos.map((info) => font.getGlyph(info.codepoint));
    return {
      glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((s, p) => s + p.xAdvance, 0);
      },
    };
  };
  Object.defineProperty(font, 'layout', { value: layout, configurable: true });
  return font;
}

/** Noto Sans Myanmar, regular and bold, shaped by HarfBuzz; parsed once per process. */
export function loadMyanmarFonts(): Promise<MyanmarFonts> {
  loaded ??= (async () => {
    const hb = await harfbuzz();
    const regular = shapedFont(hb, woffToSfnt(fs.readFileSync(fontFile(400))));
    const bold = fs.existsSync(fontFile(700)) ? shapedFont(hb, woffToSfnt(fs.readFileSync(fontFile(700)))) : regular;
    return { regular, bold };
  })().catch((err) => {
    loaded = undefined;
    throw err;
  });
  return loaded;
}
