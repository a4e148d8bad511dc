// Signing PDFs as incremental updates and verifying them: two parties in order both stay valid
// and trusted, one changed byte is reported invalid, an unsigned PDF has no signatures, and
// Debian's pdfsig (poppler + NSS trusting the platform CA) agrees.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRootCa, issueEnterpriseCertificate, toPkcs12, type IssuedCertificate } from './ca.server';
import { signPdf, updatePdfIncrementally } from './sign.server';
import { verifyPdf } from './verify.server';
import { samplePdf, sealPng } from './testing';

const T1 = new Date('2026-11-28T08:00:00Z');
const T2 = new Date('2026-11-28T09:30:00Z');

let ca: IssuedCertificate;
let trader: IssuedCertificate;
let broker: IssuedCertificate;
let original: Buffer;
let once: Buffer;
let twice: Buffer;

function p12Of(cert: IssuedCertificate) {
  return toPkcs12(cert.keyPem, cert.certPem, [ca.certPem], 'secret');
}

/** A copy with one byte changed inside the first signature's first signed range. */
function tamper(pdf: Buffer): Buffer {
  const copy = Buffer.from(pdf);
  const pos = copy.indexOf('/MediaBox'); // in the first revision: covered by both signatures
  if (pos < 0) throw new Error('no /MediaBox to tamper with');
  copy[pos + 1] = 0x6e; // "/mediaBox"
  return copy;
}

/** Appends a last page as an incremental update (what the certificate page will do). */
function withCertificatePage(pdf: Buffer): Promise<Buffer> {
  return updatePdfIncrementally(pdf, async (doc) => {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([595, 842]).drawText('Signing certificate', { x: 60, y: 760, size: 18, font });
  });
}

/** The platform's own signature over everything, after the certificate page. */
function platformSeal(pdf: Buffer): Promise<Buffer> {
  const platform = issueEnterpriseCertificate(ca, { enterpriseName: 'Port Platform', now: new Date('2026-11-01T00:00:00Z') });
  return signPdf(pdf, { p12: p12Of(platform), passphrase: 'secret', reason: 'Completed', location: 'Platform', name: 'Port Platform', signingTime: T2 });
}

beforeAll(async () => {
  const issued = new Date('2026-11-01T00:00:00Z');
  ca = createRootCa({ commonName: 'Port Platform Root CA', organization: 'Port Platform', now: issued });
  trader = issueEnterpriseCertificate(ca, { enterpriseName: '仰光贸易有限公司', now: issued });
  broker = issueEnterpriseCertificate(ca, { enterpriseName: 'Ruili Customs Broker Ltd.', now: issued });
  original = await samplePdf();
  once = await signPdf(original, {
    p12: p12Of(trader),
    passphrase: 'secret',
    reason: '签署合同 HT-2026-001',
    location: 'Yangon',
    name: '仰光贸易有限公司',
    signingTime: T1,
    appearance: { page: 1, rect: [60, 100, 180, 220], png: sealPng() },
  });
  twice = await signPdf(once, {
    p12: p12Of(broker),
    passphrase: 'secret',
    reason: 'Sign contract HT-2026-001',
    location: 'Ruili',
    name: 'Ruili Customs Broker Ltd.',
    signingTime: T2,
    appearance: { page: 1, rect: [320, 100, 440, 220], png: sealPng(80) },
  });
}, 60_000);

describe('signPdf', () => {
  it('appends each signature as an incremental update, leaving the earlier bytes as they were', () => {
    expect(once.subarray(0, original.length).equals(original)).toBe(true);
    expect(twice.subarray(0, once.length).equals(once)).toBe(true);
  });

  it('adds two signature fields with the seals as their appearance on the chosen page', async () => {
    const doc = await PDFDocument.load(twice);
    const fields = doc.getForm().getFields().map((f) => f.getName());
    expect(fields).toEqual(['Signature1', 'Signature2']);
    const annots = doc.getPage(1).node.lookup(PDFName.of('Annots'), PDFArray);
    expect(annots.size()).toBe(2);
    const widget = annots.lookup(0, PDFDict);
    const ap = widget.lookup(PDFName.of('AP'), PDFDict);
    const normal = ap.lookup(PDFName.of('N')) as unknown as { dict: PDFDict };
    const xobjects = normal.dict.lookup(PDFName.of('Resources'), PDFDict).lookup(PDFName.of('XObject'), PDFDict);
    expect(xobjects.keys().map((k) => k.decodeText())).toEqual(['Seal']);
    expect(doc.getPageCount()).toBe(2);
  });

  it('signs a PDF written with a classic cross-reference table as well', async () => {
    const classic = await samplePdf(false);
    const opts = { p12: p12Of(trader), passphrase: 'secret', reason: 'r', location: 'l', name: 'n', signingTime: T1 };
    const signed = await signPdf(await signPdf(classic, opts), { ...opts, signingTime: T2 });
    const report = await verifyPdf(signed, [ca.certPem]);
    expect(report.signatures.map((s) => s.valid && s.trusted)).toEqual([true, true]);
  });

  it('signs a filled form template, keeping its fields and their values', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const form = doc.getForm();
    const party = form.createTextField('partyA');
    party.addToPage(page, { x: 60, y: 700, width: 200, height: 20 });
    party.setText('Yangon Trading Co.');
    const opts = { p12: p12Of(trader), passphrase: 'secret', reason: 'r', location: 'l', name: 'n', signingTime: T1 };
    const signed = await signPdf(Buffer.from(await doc.save()), opts);
    const again = await signPdf(signed, { ...opts, p12: p12Of(broker), signingTime: T2 });
    const reread = (await PDFDocument.load(again)).getForm();
    expect(reread.getFields().map((f) => f.getName())).toEqual(['partyA', 'Signature1', 'Signature2']);
    expect(reread.getTextField('partyA').getText()).toBe('Yangon Trading Co.');
    const report = await verifyPdf(again, [ca.certPem]);
    expect(report.signatures.map((s) => s.valid && s.trusted)).toEqual([true, true]);
  });

  it('refuses a wrong passphrase', async () => {
    await expect(
      signPdf(original, { p12: p12Of(trader), passphrase: 'nope', reason: 'r', location: 'l', name: 'n' }),
    ).rejects.toThrow();
  });
});

describe('verifyPdf', () => {
  it('reports both signatures of a two-party contract valid and trusted, in order', async () => {
    const report = await verifyPdf(twice, [ca.certPem]);
    expect(report.documentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(report.signatures).toHaveLength(2);
    const [first, second] = report.signatures;
    expect(first).toMatchObject({
      signer: '仰光贸易有限公司',
      issuer: 'Port Platform Root CA',
      chain: ['仰光贸易有限公司', 'Port Platform Root CA'],
      coversWholeDocumentUpToIt: true,
      digestValid: true,
      signatureValid: true,
      trusted: true,
      modifiedAfter: false,
      valid: true,
      problems: [],
    });
    expect(first.signingTime?.toISOString()).toBe(T1.toISOString());
    expect(first.byteRange[2] + first.byteRange[3]).toBeLessThan(twice.length);
    expect(second).toMatchObject({ signer: 'Ruili Customs Broker Ltd.', valid: true, trusted: true, modifiedAfter: false });
    expect(second.signingTime?.toISOString()).toBe(T2.toISOString());
    expect(second.byteRange[2] + second.byteRange[3]).toBe(twice.length);
  });

  it('reports valid but untrusted signatures when the CA is not among the trusted roots', async () => {
    const other = createRootCa({ commonName: 'Another CA' });
    const report = await verifyPdf(twice, [other.certPem]);
    expect(report.signatures.map((s) => [s.digestValid, s.signatureValid, s.trusted])).toEqual([
      [true, true, false],
      [true, true, false],
    ]);
  });

  it('reports a copy with one byte changed inside the signed ranges as invalid, never valid', async () => {
    const tampered = tamper(twice);
    const report = await verifyPdf(tampered, [ca.certPem]);
    expect(report.signatures).toHaveLength(2);
    for (const s of report.signatures) {
      expect(s.digestValid).toBe(false);
      expect(s.valid).toBe(false);
    }
    expect(report.documentHash).not.toBe((await verifyPdf(twice, [ca.certPem])).documentHash);
  });

  it('reports a signature invalid when its signature value is altered', async () => {
    const copy = Buffer.from(twice);
    const sig = (await verifyPdf(twice, [ca.certPem])).signatures[1];
    // The RSA signature value is the last 256 bytes of the CMS (no unsigned attributes).
    const hexStart = sig.byteRange[1] + 1;
    const cmsLength = 4 + parseInt(copy.subarray(hexStart + 4, hexStart + 8).toString('latin1'), 16);
    const pos = hexStart + 2 * (cmsLength - 100);
    copy[pos] = copy[pos] === 0x30 ? 0x31 : 0x30;
    const report = await verifyPdf(copy, [ca.certPem]);
    expect(report.signatures[1]).toMatchObject({ digestValid: true, signatureValid: false, trusted: false, valid: false });
    expect(report.signatures[0].valid).toBe(true);
  });

  it('flags a signature as modified after when a later revision changes the page content', async () => {
    // Append a revision that replaces page 1's content stream (as an editor would).
    const doc = await PDFDocument.load(once);
    const page = doc.getPage(0);
    const stream = doc.context.stream('BT /F1 30 Tf 60 400 Td (PAID IN FULL) Tj ET');
    const ref = doc.context.register(stream);
    // Build the revision by hand: new stream object + page object pointing at it + xref stream.
    page.node.set(PDFName.of('Contents'), ref);
    const objs: Array<[number, Buffer]> = [];
    for (const [r, o] of [[ref, stream], [page.ref, page.node]] as const) {
      const b = new Uint8Array(o.sizeInBytes());
      o.copyBytesInto(b, 0);
      objs.push([r.objectNumber, Buffer.from(b)]);
    }
    const parts: Buffer[] = [once];
    let offset = once.length;
    const offsets: Array<[number, number]> = [];
    for (const [n, b] of objs) {
      const chunk = Buffer.concat([Buffer.from(`\n${n} 0 obj\n`), b, Buffer.from('\nendobj\n')]);
      offsets.push([n, offset + 1]);
      parts.push(chunk);
      offset += chunk.length;
    }
    const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(once.toString('latin1'))![1]);
    const xrefNum = doc.context.largestObjectNumber + 1;
    offsets.push([xrefNum, offset]);
    offsets.sort((a, b) => a[0] - b[0]);
    const data = Buffer.alloc(offsets.length * 7);
    offsets.forEach(([, off], i) => {
      data.writeUInt8(1, i * 7);
      data.writeUInt32BE(off, i * 7 + 1);
    });
    const index = offsets.map(([n]) => `${n} 1`).join(' ');
    parts.push(
      Buffer.from(`${xrefNum} 0 obj\n<< /Type /XRef /Size ${xrefNum + 1} /Index [${index}] /W [1 4 2] /Length ${data.length} /Root ${String(doc.context.trailerInfo.Root)} /Prev ${prev} >>\nstream\n`),
      data,
      Buffer.from(`\nendstream\nendobj\nstartxref\n${offset}\n%%EOF\n`),
    );
    const edited = Buffer.concat(parts);
    const report = await verifyPdf(edited, [ca.certPem]);
    expect(report.signatures).toHaveLength(1);
    expect(report.signatures[0]).toMatchObject({
      digestValid: true,
      signatureValid: true,
      modifiedAfter: true,
      pagesChangedAfter: true,
      valid: false,
    });
  });

  it('reports a page appended after the parties signed (certificate page), and a final platform signature covering it', async () => {
    const withPage = await withCertificatePage(twice);
    expect(withPage.subarray(0, twice.length).equals(twice)).toBe(true);
    const appended = await verifyPdf(withPage, [ca.certPem]);
    for (const sig of appended.signatures) {
      expect(sig).toMatchObject({ digestValid: true, signatureValid: true, trusted: true, pagesChangedAfter: false, pagesAddedAfter: 1, modifiedAfter: true, valid: false });
    }
    const sealed = await platformSeal(withPage);
    const report = await verifyPdf(sealed, [ca.certPem]);
    expect(report.signatures).toHaveLength(3);
    expect(report.signatures[2]).toMatchObject({ signer: 'Port Platform', valid: true, trusted: true, modifiedAfter: false });
    // The parties' signatures stand: the page after them is sealed by the platform's.
    for (const sig of report.signatures.slice(0, 2)) expect(sig).toMatchObject({ pagesAddedAfter: 1, addedPagesSealed: true, valid: true, trusted: true });
    expect((await PDFDocument.load(sealed)).getPageCount()).toBe(3);
  });

  it('finds no signatures in an unsigned PDF', async () => {
    const report = await verifyPdf(original, [ca.certPem]);
    expect(report.signatures).toEqual([]);
    expect(report.documentHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

const hasPdfsig = spawnSync('pdfsig', ['-v']).error === undefined;
const hasCertutil = spawnSync('certutil', ['-H']).error === undefined;

describe.skipIf(!hasPdfsig || !hasCertutil)('pdfsig (poppler + NSS) on the signed contract', () => {
  let dir: string;
  const pdfsig = (file: string) => {
    const r = spawnSync('pdfsig', ['-nssdir', `sql:${dir}`, file], { encoding: 'utf8' });
    return `${r.stdout}${r.stderr}`;
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfsig-'));
    fs.writeFileSync(path.join(dir, 'ca.pem'), ca.certPem);
    expect(spawnSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']).status).toBe(0);
    const add = spawnSync('certutil', ['-A', '-n', 'platformCA', '-t', 'CT,C,C', '-i', path.join(dir, 'ca.pem'), '-d', `sql:${dir}`]);
    expect(add.status).toBe(0);
    fs.writeFileSync(path.join(dir, 'signed.pdf'), twice);
    fs.writeFileSync(path.join(dir, 'tampered.pdf'), tamper(twice));
    return () => fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports both signatures valid and their certificates trusted', () => {
    const out = pdfsig(path.join(dir, 'signed.pdf'));
    expect(out).toContain('Signature #1');
    expect(out).toContain('Signature #2');
    expect(out.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(2);
    expect(out.match(/Certificate Validation: Certificate is Trusted\./g)).toHaveLength(2);
    expect(out).toContain('Signer Certificate Common Name: 仰光贸易有限公司');
    expect(out).toContain('Signer Certificate Common Name: Ruili Customs Broker Ltd.');
    // The first signature covers its revision, the second the whole file.
    expect(out).toMatch(/Signature #1:[\s\S]*Not total document signed[\s\S]*Signature #2:[\s\S]*- Total document signed/);
    expect(out).not.toMatch(/Syntax Error|Internal Error/);
  });

  it('still reads all signatures valid after a certificate page and the platform seal were appended', async () => {
    const file = path.join(dir, 'sealed.pdf');
    fs.writeFileSync(file, await platformSeal(await withCertificatePage(twice)));
    const out = pdfsig(file);
    expect(out.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(3);
    expect(out.match(/Certificate Validation: Certificate is Trusted\./g)).toHaveLength(3);
    expect(out).not.toMatch(/Syntax Error|Internal Error/);
  });

  it('reports the tampered copy invalid', () => {
    const out = pdfsig(path.join(dir, 'tampered.pdf'));
    expect(out).not.toContain('Signature is Valid');
    expect(out).toMatch(/Signature Validation: Digest Mismatch\.|Signature is Invalid/);
  });
});

if (!hasPdfsig || !hasCertutil) {
  describe('pdfsig', () => {
    it.skip('skipped: install poppler-utils and libnss3-tools (pdfsig, certutil) to run the standard-tool check', () => {});
  });
}
