// Test fixtures for the signing library: a small contract PDF (pdf-lib) and a transparent seal png.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { sealImage } from '../seals/sealImage.server';

/** A two-page PDF with some text; `objectStreams` false writes a classic xref table. */
export async function samplePdf(objectStreams = true): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const title of ['Purchase contract No. HT-2026-001', 'Signatures']) {
    const page = doc.addPage([595, 842]);
    page.drawText(title, { x: 60, y: 760, size: 18, font, color: rgb(0, 0, 0) });
    page.drawText('Party A: Yangon Trading Co.   Party B: Ruili Logistics Ltd.', { x: 60, y: 720, size: 11, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: objectStreams }));
}

/** A red ring on a transparent background, `size` px square (RGBA png). */
export function sealPng(size = 64): Buffer {
  return sealImage(size, { star: false });
}
