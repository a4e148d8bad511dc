// Filling a standard contract template: fillTemplate(pdf, values, { lang }) writes each value
// into the rectangle of the form field of that name and returns a plain, flattened PDF (no
// form fields left: nothing can be edited before or after signing) together with the
// signature slots' positions, where the signing step puts each party's seal and signature.
//
// Why not pdf-lib's own field filling: its appearance streams cannot shape Burmese (ေ, ြ and
// stacked consonants come out in the wrong order) and its font subsetter writes CJK (CFF)
// fonts that viewers reject. So the values are laid out by the platform's PDF text code
// (core/pdf: Noto Sans SC subset by pdfkit, Burmese shaped by HarfBuzz in Noto Sans Myanmar
// with the typed text as ActualText) on an overlay document with the template's page sizes;
// pdf-lib then draws each overlay page onto the template page (a form XObject, so the text is
// real text: selectable, searchable, found by pdftotext) and removes the form.
//
// A value for a name the template has no field for is refused (TemplateError 'unknownFields')
// unless `unknown: 'report'`, which skips it and lists it in the result. Values go into text
// fields only ('notTextField' otherwise). A field left out keeps the value the template gave it.
import { PDFArray, PDFDict, PDFName, PDFRef, PDFString, TextAlignment, type PDFDocument, type PDFObject, type PDFTextField } from 'pdf-lib';
import type { Lang } from '@core/shared';
import { hasMyanmar, openPdf, put, setFont, textWidth, wrap, type PdfDoc } from '@core/server';
import { describeForm, loadPdf, TemplateError, type Rect, type SignatureSlot, type TemplateField } from './template.server';

export interface FillOptions {
  lang: Lang;
  /** 'refuse' (default): a value without a field is an error; 'report': skipped and listed. */
  unknown?: 'refuse' | 'report';
}

export interface FillResult {
  /** The filled, flattened PDF. */
  pdf: Buffer;
  /** Where each party signs (page index, rectangle in PDF points), by party. */
  signatureSlots: SignatureSlot[];
  /** The fields written (with a non-empty value). */
  filled: string[];
  /** Names in `values` the template has no field for (only with `unknown: 'report'`). */
  unknown: string[];
}

const PDF_LANG: Record<Lang, string> = { zh: 'zh-CN', en: 'en', my: 'my' };

/** Space kept between a field's border and its text. */
const PAD = 2;
const MIN_SIZE = 5;
const MAX_SIZE = 11;

/** The font size a field's /DA asks for (0: automatic). */
function daSize(field: PDFTextField): number {
  const da = field.acroField.getDefaultAppearance() ?? '';
  const m = /([\d.]+)\s+Tf/.exec(da);
  return m ? Number(m[1]) : 0;
}

/** The line height pdfkit uses for the current font and size. */
const lineHeight = (doc: PdfDoc) => doc.currentLineHeight(true);

/**
 * Draws a value into a field's box (top-left origin, pdfkit points): one line shrunk to fit the
 * width, or several lines (multiline fields) shrunk to fit the height; vertically centred.
 */
function drawValue(doc: PdfDoc, value: string, box: Rect, opts: { multiline: boolean; size: number; align: 'left' | 'center' | 'right' }): void {
  const width = Math.max(1, box.width - 2 * PAD);
  const height = Math.max(1, box.height - 2 * PAD);
  let size = opts.size || Math.min(MAX_SIZE, Math.max(MIN_SIZE, box.height * 0.6));
  let lines: string[] = [];
  for (;;) {
    setFont(doc, size);
    lines = opts.multiline ? wrap(doc, value, width) : [value.replace(/\s*\r?\n\s*/g, ' ')];
    const fits = opts.multiline ? lines.length * lineHeight(doc) <= height : textWidth(doc, lines[0]) <= width && lineHeight(doc) <= height + 2 * PAD;
    if (fits || size <= MIN_SIZE) break;
    size = Math.max(MIN_SIZE, size - 0.5);
  }
  const lh = lineHeight(doc);
  const block = lines.length * lh;
  let y = opts.multiline ? box.y + PAD : box.y + (box.height - block) / 2;
  for (const line of lines) {
    if (y + lh > box.y + box.height + PAD) break;
    put(doc, line, box.x + PAD, y, width, opts.align);
    y += lh;
  }
}

/**
 * Removes the form: every widget annotation from the pages, then the field tree (fields,
 * widgets and their appearance streams are deleted, so no trace of the form is saved) and the
 * AcroForm itself.
 */
export function removeForm(doc: PDFDocument): void {
  const ctx = doc.context;
  const drop = (ref: PDFObject | undefined, depth = 0): void => {
    if (!(ref instanceof PDFRef) || depth > 32) return;
    const dict = ctx.lookup(ref);
    if (dict instanceof PDFDict) {
      const kids = dict.get(PDFName.of('Kids'));
      const list = kids instanceof PDFRef ? ctx.lookup(kids) : kids;
      if (list instanceof PDFArray) for (const kid of list.asArray()) drop(kid, depth + 1);
      const ap = ctx.lookup(dict.get(PDFName.of('AP')));
      if (ap instanceof PDFDict) {
        for (const [, v] of ap.entries()) {
          const states = ctx.lookup(v);
          if (states instanceof PDFDict) for (const [, s] of states.entries()) if (s instanceof PDFRef) ctx.delete(s);
          if (v instanceof PDFRef) ctx.delete(v);
        }
      }
    }
    ctx.delete(ref);
  };
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    const keep = annots.asArray().filter((a) => {
      const dict = ctx.lookup(a);
      const widget = dict instanceof PDFDict && dict.get(PDFName.of('Subtype')) === PDFName.of('Widget');
      if (widget) drop(a);
      return !widget;
    });
    if (keep.length) page.node.set(PDFName.of('Annots'), ctx.obj(keep));
    else page.node.delete(PDFName.of('Annots'));
  }
  const acroRef = doc.catalog.get(PDFName.of('AcroForm'));
  const acro = ctx.lookup(acroRef);
  if (acro instanceof PDFDict) {
    const fields = ctx.lookup(acro.get(PDFName.of('Fields')));
    if (fields instanceof PDFArray) for (const f of fields.asArray()) drop(f);
    if (acroRef instanceof PDFRef) ctx.delete(acroRef);
  }
  doc.catalog.delete(PDFName.of('AcroForm'));
}

/** Fills a standard template with contract data (see the module header). */
export async function fillTemplate(pdf: Uint8Array, values: Record<string, string>, options: FillOptions): Promise<FillResult> {
  const doc = await loadPdf(pdf);
  const info = describeForm(doc);
  const byName = new Map<string, TemplateField>(info.fields.map((f) => [f.name, f]));
  const slotNames = new Set(info.signatureSlots.map((s) => s.name));
  const unknown = Object.keys(values).filter((name) => !byName.has(name) && !slotNames.has(name));
  if (unknown.length && options.unknown !== 'report') throw new TemplateError('unknownFields', unknown);
  const notText = Object.keys(values).filter((name) => (byName.get(name)?.type ?? 'text') !== 'text' || slotNames.has(name));
  if (notText.length) throw new TemplateError('notTextField', notText);

  // What each text field shows: the value given, else the template's own.
  const form = doc.getForm();
  const writes: { field: TemplateField; value: string; size: number; align: 'left' | 'center' | 'right' }[] = [];
  for (const field of info.fields) {
    if (field.type !== 'text' || field.page < 0) continue;
    const pdfField = form.getTextField(field.name);
    const value = (Object.hasOwn(values, field.name) ? values[field.name] : pdfField.getText()) ?? '';
    if (!value.trim()) continue;
    const q = pdfField.getAlignment();
    writes.push({ field, value, size: daSize(pdfField), align: q === TextAlignment.Center ? 'center' : q === TextAlignment.Right ? 'right' : 'left' });
  }

  if (writes.length) {
    const myanmar = options.lang === 'my' || writes.some((w) => hasMyanmar(w.value));
    const { doc: overlay, done } = await openPdf({ Producer: 'contracts' }, myanmar);
    const pages = doc.getPages();
    for (let i = 0; i < pages.length; i++) {
      const mb = pages[i].getMediaBox();
      overlay.addPage({ size: [mb.width, mb.height], margin: 0 });
      for (const w of writes.filter((x) => x.field.page === i)) {
        const r = w.field.rect;
        // PDF (lower-left origin) → pdfkit (upper-left origin) within the page's media box.
        const box = { x: r.x - mb.x, y: mb.height - (r.y - mb.y) - r.height, width: r.width, height: r.height };
        drawValue(overlay, w.value, box, { multiline: w.field.multiline, size: w.size, align: w.align });
      }
    }
    overlay.end();
    const overlayBytes = await done;
    const used = [...new Set(writes.map((w) => w.field.page))].sort((a, b) => a - b);
    const embedded = await doc.embedPdf(overlayBytes, used);
    used.forEach((i, k) => {
      const mb = pages[i].getMediaBox();
      pages[i].drawPage(embedded[k], { x: mb.x, y: mb.y });
    });
  }

  removeForm(doc);
  doc.catalog.set(PDFName.of('Lang'), PDFString.of(PDF_LANG[options.lang] ?? 'zh-CN'));
  const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  return {
    pdf: Buffer.from(bytes),
    signatureSlots: info.signatureSlots,
    filled: writes.filter((w) => Object.hasOwn(values, w.field.name)).map((w) => w.field.name),
    unknown: options.unknown === 'report' ? unknown : [],
  };
}
