// Signing a PDF: a PKCS#7 detached signature (SubFilter adbe.pkcs7.detached, SHA-256, signed
// attributes contentType/signingTime/messageDigest, made by @signpdf/signer-p12) added as an
// INCREMENTAL UPDATE, so every earlier signature keeps covering exactly the bytes it signed.
//
// What it offers: signPdf(pdf, options) → the signed PDF; updatePdfIncrementally(pdf, edit) →
// any other change (e.g. the certificate page) appended the same way.
//
// How: pdf-lib parses the document (it cannot save incrementally: its save() rewrites the whole
// file, which would break earlier signatures), the new objects are built in its object model —
// the signature dictionary with a /Contents placeholder, a signature field + widget on the page
// (unique name), its appearance (a form XObject drawing the seal png at the widget's rectangle),
// the page's /Annots, the /AcroForm with SigFlags 3 — and then only the new and changed objects
// are written after the original bytes, with their own cross-reference section (a table or a
// stream, as the previous section was) whose /Prev points at the previous one. @signpdf/signpdf
// then fills /ByteRange and /Contents in place. The seal is the widget's appearance, so it is
// visible on screen and in print (F = Print) and the page's own content is left untouched.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';

export interface SealAppearance {
  /** 0-based page index. */
  page: number;
  /** [x1, y1, x2, y2] in PDF points, origin bottom-left. */
  rect: [number, number, number, number];
  /** The seal image: a png (transparency kept). */
  png: Buffer | Uint8Array;
}

export interface SignOptions {
  /** PKCS#12 with the signer's key, certificate and chain (see toPkcs12 in ca.server.ts). */
  p12: Buffer;
  passphrase: string;
  reason: string;
  location: string;
  /** The signer's name as shown by readers (/Name). */
  name: string;
  signingTime?: Date;
  contactInfo?: string;
  /** The visible seal; without it the signature is invisible (a zero-size widget on page 1). */
  appearance?: SealAppearance;
  /** Bytes reserved for the CMS signature (hex doubles it). Default 16384. */
  signatureLength?: number;
}

const BYTE_RANGE_PLACEHOLDER = '**********';
const APP_NAME = 'Port Platform Contracts';

/** The offset the last `startxref` points at. */
function lastStartXref(pdf: Buffer): number {
  const at = pdf.lastIndexOf('startxref');
  if (at < 0) throw new Error('not a PDF: no startxref');
  const m = /^startxref\s+(\d+)/.exec(pdf.subarray(at, at + 40).toString('latin1'));
  if (!m) throw new Error('not a PDF: unreadable startxref');
  return Number(m[1]);
}

/** The /Size of the last cross-reference section (its trailer or its stream's dictionary). */
function previousSize(pdf: Buffer): number {
  const at = lastStartXref(pdf);
  const isTable = pdf.subarray(at, at + 4).toString('latin1') === 'xref';
  const from = isTable ? Math.max(at, pdf.indexOf('trailer', at)) : at;
  const m = /\/Size\s+(\d+)/.exec(pdf.subarray(from, Math.min(pdf.length, from + 4096)).toString('latin1'));
  return m ? Number(m[1]) : 0;
}

function serialize(obj: PDFObject): Buffer {
  const out = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(out, 0);
  return Buffer.from(out);
}

function refKey(ref: PDFRef): string {
  return `${ref.objectNumber} ${ref.generationNumber}`;
}

/** Unique field name among the document's existing fields. */
function signatureFieldName(doc: PDFDocument): string {
  const taken = new Set<string>();
  const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  const fields = acroForm?.lookupMaybe(PDFName.of('Fields'), PDFArray);
  for (let i = 0; fields && i < fields.size(); i += 1) {
    const field = fields.lookupMaybe(i, PDFDict);
    const t = field?.get(PDFName.of('T'));
    if (t instanceof PDFString || t instanceof PDFHexString) taken.add(t.decodeText());
  }
  let n = 1;
  while (taken.has(`Signature${n}`)) n += 1;
  return `Signature${n}`;
}

/** Adds a signature placeholder (+ seal appearance) to the parsed document. */
async function addPlaceholder(doc: PDFDocument, opts: SignOptions): Promise<void> {
  const ctx = doc.context;
  const pages = doc.getPages();
  const pageIndex = opts.appearance?.page ?? 0;
  const page = pages[pageIndex];
  if (!page) throw new Error(`the document has no page ${pageIndex + 1}`);
  const rect = opts.appearance?.rect ?? [0, 0, 0, 0];

  const byteRange = PDFArray.withContext(ctx);
  byteRange.push(PDFNumber.of(0));
  byteRange.push(PDFName.of(BYTE_RANGE_PLACEHOLDER));
  byteRange.push(PDFName.of(BYTE_RANGE_PLACEHOLDER));
  byteRange.push(PDFName.of(BYTE_RANGE_PLACEHOLDER));
  const length = opts.signatureLength ?? 16384;
  // Keys in this order: @signpdf looks for "/Contents " after the /ByteRange placeholder.
  const sigDict = ctx.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'adbe.pkcs7.detached',
    ByteRange: byteRange,
    Contents: PDFHexString.of('0'.repeat(length * 2)),
    Reason: PDFHexString.fromText(opts.reason),
    M: PDFString.fromDate(opts.signingTime ?? new Date()),
    ContactInfo: PDFHexString.fromText(opts.contactInfo ?? ''),
    Name: PDFHexString.fromText(opts.name),
    Location: PDFHexString.fromText(opts.location),
    Prop_Build: { Filter: { Name: 'Adobe.PPKLite' }, App: { Name: APP_NAME } },
  });
  const sigRef = ctx.register(sigDict);

  const width = Math.abs(rect[2] - rect[0]);
  const height = Math.abs(rect[3] - rect[1]);
  let apRef: PDFRef;
  if (opts.appearance && width > 0 && height > 0) {
    const image = await doc.embedPng(opts.appearance.png);
    await image.embed();
    const ops = `q ${width} 0 0 ${height} 0 0 cm /Seal Do Q`;
    const stream = ctx.stream(ops, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, width, height],
      Resources: { XObject: { Seal: image.ref } },
    });
    apRef = ctx.register(stream);
  } else {
    apRef = ctx.register(ctx.formXObject([], { BBox: [0, 0, 0, 0], Resources: {} }));
  }

  const widget = ctx.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: rect,
    V: sigRef,
    T: PDFString.of(signatureFieldName(doc)),
    F: 4 /* Print */,
    P: page.ref,
    AP: { N: apRef },
  });
  const widgetRef = ctx.register(widget);

  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (annots) annots.push(widgetRef);
  else page.node.set(PDFName.of('Annots'), ctx.obj([widgetRef]));

  let acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (!acroForm) {
    acroForm = ctx.obj({ Fields: [] });
    doc.catalog.set(PDFName.of('AcroForm'), ctx.register(acroForm));
  }
  const flags = acroForm.lookupMaybe(PDFName.of('SigFlags'), PDFNumber)?.asNumber() ?? 0;
  acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(flags | 3));
  const fields = acroForm.lookupMaybe(PDFName.of('Fields'), PDFArray);
  if (fields) fields.push(widgetRef);
  else acroForm.set(PDFName.of('Fields'), ctx.obj([widgetRef]));
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Consecutive runs of object numbers: [[start, count], …]. */
function runs(numbers: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const n of numbers) {
    const last = out[out.length - 1];
    if (last && last[0] + last[1] === n) last[1] += 1;
    else out.push([n, 1]);
  }
  return out;
}

/**
 * The original bytes + the objects that are new or changed since `before`, with a
 * cross-reference section of the same kind as the previous one.
 */
function incrementalUpdate(original: Buffer, doc: PDFDocument, before: Map<string, Buffer>): Buffer {
  const ctx = doc.context;
  const changed: Array<[PDFRef, Buffer]> = [];
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    const bytes = serialize(obj);
    const prev = before.get(refKey(ref));
    if (!prev || !prev.equals(bytes)) changed.push([ref, bytes]);
  }
  changed.sort((a, b) => a[0].objectNumber - b[0].objectNumber);

  const prevXref = lastStartXref(original);
  const prevIsTable = original.subarray(prevXref, prevXref + 4).toString('latin1') === 'xref';
  const chunks: Buffer[] = [original];
  let offset = original.length;
  const push = (b: Buffer) => {
    chunks.push(b);
    offset += b.length;
  };
  if (original[original.length - 1] !== 0x0a) push(Buffer.from('\n'));

  const entries: Array<{ num: number; gen: number; offset: number }> = [];
  for (const [ref, bytes] of changed) {
    entries.push({ num: ref.objectNumber, gen: ref.generationNumber, offset });
    push(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'));
    push(bytes);
    push(Buffer.from('\nendobj\n', 'latin1'));
  }

  const info = ctx.trailerInfo;
  const trailerParts = [`/Root ${String(info.Root)}`];
  if (info.Info) trailerParts.push(`/Info ${String(info.Info)}`);
  if (info.ID) trailerParts.push(`/ID ${String(info.ID)}`);
  trailerParts.push(`/Prev ${prevXref}`);

  if (prevIsTable) {
    const size = ctx.largestObjectNumber + 1;
    const xrefAt = offset;
    let table = 'xref\n';
    for (const [start, count] of runs(entries.map((e) => e.num))) {
      table += `${start} ${count}\n`;
      for (const e of entries.filter((x) => x.num >= start && x.num < start + count)) {
        table += `${pad(e.offset, 10)} ${pad(e.gen, 5)} n\r\n`;
      }
    }
    table += `trailer\n<< /Size ${size} ${trailerParts.join(' ')} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    push(Buffer.from(table, 'latin1'));
  } else {
    // A cross-reference stream, itself the next object: type-1 entries, W [1 4 2], uncompressed.
    const xrefNum = ctx.largestObjectNumber + 1;
    const xrefAt = offset;
    entries.push({ num: xrefNum, gen: 0, offset: xrefAt });
    const data = Buffer.alloc(entries.length * 7);
    entries.forEach((e, i) => {
      data.writeUInt8(1, i * 7);
      data.writeUInt32BE(e.offset, i * 7 + 1);
      data.writeUInt16BE(e.gen, i * 7 + 5);
    });
    const index = runs(entries.map((e) => e.num)).flat().join(' ');
    const dict =
      `<< /Type /XRef /Size ${xrefNum + 1} /Index [${index}] /W [1 4 2] /Length ${data.length} ` +
      `${trailerParts.join(' ')} >>`;
    push(Buffer.from(`${xrefNum} 0 obj\n${dict}\nstream\n`, 'latin1'));
    push(data);
    push(Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
  }
  return Buffer.concat(chunks);
}

/**
 * Applies `edit` to the parsed document and returns the original bytes followed by an
 * incremental update holding only the new and changed objects: earlier signatures keep
 * covering exactly what they signed (e.g. appending the signing certificate page after all
 * parties signed; verifyPdf then reports the page as added after those signatures).
 */
export async function updatePdfIncrementally(pdf: Buffer, edit: (doc: PDFDocument) => Promise<void> | void): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  if (doc.isEncrypted) throw new Error('encrypted PDFs cannot be updated');
  const before = new Map<string, Buffer>();
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) before.set(refKey(ref), serialize(obj));
  // New objects take numbers above every number the file used, including its object and
  // cross-reference streams, which pdf-lib does not keep in its context.
  doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, previousSize(pdf) - 1);
  await edit(doc);
  await doc.flush(); // fonts, images and embedded pages are written into the context here
  return incrementalUpdate(pdf, doc, before);
}

/**
 * Signs `pdf` with the PKCS#12's key as an incremental update; earlier signatures stay valid.
 * Throws on an encrypted PDF, a missing page, a wrong passphrase.
 */
export async function signPdf(pdf: Buffer, opts: SignOptions): Promise<Buffer> {
  const prepared = await updatePdfIncrementally(pdf, (doc) => addPlaceholder(doc, opts));
  const signer = new P12Signer(opts.p12, { passphrase: opts.passphrase });
  return new SignPdf().sign(prepared, signer, opts.signingTime);
}
