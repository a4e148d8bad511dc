// Test fixtures for the signing library: a small contract PDF (pdf-lib) and a transparent seal png.
import zlib from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

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

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A red ring on a transparent background, `size` px square (RGBA png). */
export function sealPng(size = 64): Buffer {
  const rows: Buffer[] = [];
  const r = size / 2;
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) {
      const d = Math.hypot(x - r + 0.5, y - r + 0.5);
      const on = d < r - 1 && d > r - 6;
      row.set(on ? [220, 20, 20, 255] : [0, 0, 0, 0], 1 + x * 4);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
