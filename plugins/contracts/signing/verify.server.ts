// Verifying the signatures of any PDF (ours or another tool's PKCS#7 / CAdES detached ones).
//
// What it offers: verifyPdf(pdf, trustedRoots) → every signature, in file order, with
// - signer / issuer (subject CNs) and chain (CNs from the signer up to a trusted root, or as far
//   as the certificates in the signature go),
// - signingTime (the signed signingTime attribute, else the dictionary's /M),
// - coversWholeDocumentUpToIt: the /ByteRange starts at 0, leaves out exactly the /Contents
//   value and ends at an end-of-file marker (a whole revision is signed),
// - digestValid: the signed messageDigest equals the digest of the byte ranges (a single byte
//   changed inside them makes it false),
// - signatureValid: the signer's certificate's key verifies the signed attributes,
// - trusted: every certificate of the chain verifies under the next one up to one of
//   `trustedRoots` (PEM), each valid at the signing time,
// - modifiedAfter: later revisions changed what the document shows — pagesChangedAfter (the
//   signed pages' content, resources or size changed, or pages removed) or pagesAddedAfter > 0;
//   adding later signatures and their seals (annotations) is not a change;
// - valid: digest, signature and coverage good and not modified after (trust is reported apart:
//   a screen shows "valid, signed by a certificate of another authority" differently),
// and documentHash: sha256 (hex) of the whole file, the key to the platform's record.
//
// The CMS structure is walked with a minimal DER reader over the original bytes (the signed
// attributes must be verified exactly as they were signed); the certificates and the
// cryptography are Node's (X509Certificate, crypto.verify).
import crypto from 'node:crypto';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';

export interface SignatureReport {
  /** The field order in the file: 1 for the first signature. */
  index: number;
  signer: string | null;
  issuer: string | null;
  /** Common names from the signer up to the root. */
  chain: string[];
  signingTime: Date | null;
  byteRange: [number, number, number, number];
  coversWholeDocumentUpToIt: boolean;
  digestValid: boolean;
  signatureValid: boolean;
  trusted: boolean;
  /** pagesChangedAfter || pagesAddedAfter > 0. */
  modifiedAfter: boolean;
  /** A later revision changed, removed or could not show the pages this signature covered. */
  pagesChangedAfter: boolean;
  /** Pages appended by later revisions (e.g. a certificate page), the signed ones untouched. */
  pagesAddedAfter: number;
  /**
   * The pages added after this signature (a certificate page) are covered by a later signature
   * that is valid and trusted, and the signed pages are untouched: the additions are sealed.
   */
  addedPagesSealed: boolean;
  /** digestValid && signatureValid && coversWholeDocumentUpToIt && (!modifiedAfter || addedPagesSealed) (trust apart). */
  valid: boolean;
  /** Why something failed (English, for logs; screens show the flags). */
  problems: string[];
  /** The signer certificate (PEM), for display. */
  certificatePem: string | null;
}

export interface VerifyReport {
  signatures: SignatureReport[];
  documentHash: string;
}

// ----- a minimal DER reader -------------------------------------------------------------

interface Der {
  tag: number;
  /** Offset of the tag byte. */
  start: number;
  /** Offset of the content. */
  body: number;
  /** Offset after the content. */
  end: number;
}

function readDer(buf: Buffer, at: number): Der {
  const tag = buf[at];
  let len = buf[at + 1];
  let body = at + 2;
  if (len === undefined || tag === undefined) throw new Error('truncated DER');
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new Error('unsupported DER length');
    len = 0;
    for (let i = 0; i < n; i += 1) len = len * 256 + buf[at + 2 + i];
    body = at + 2 + n;
  }
  const end = body + len;
  if (end > buf.length) throw new Error('truncated DER');
  return { tag, start: at, body, end };
}

function children(buf: Buffer, node: Der): Der[] {
  const out: Der[] = [];
  for (let at = node.body; at < node.end; ) {
    const c = readDer(buf, at);
    out.push(c);
    at = c.end;
  }
  return out;
}

function oidOf(buf: Buffer, node: Der): string {
  const b = buf.subarray(node.body, node.end);
  const parts: number[] = [Math.floor(b[0] / 40), b[0] % 40];
  let v = 0;
  for (let i = 1; i < b.length; i += 1) {
    v = v * 128 + (b[i] & 0x7f);
    if (!(b[i] & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
};

const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

function parseTime(buf: Buffer, node: Der): Date | null {
  const s = buf.subarray(node.body, node.end).toString('latin1');
  const m = node.tag === 0x17 ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/.exec(s) : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\.\d+)?Z$/.exec(s);
  if (!m) return null;
  let year = Number(m[1]);
  if (node.tag === 0x17) year += year < 50 ? 2000 : 1900;
  return new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)));
}

interface Cms {
  certificates: crypto.X509Certificate[];
  signer: crypto.X509Certificate | null;
  digestAlgorithm: string | null;
  /** The signed attributes re-tagged as SET OF, exactly as signed. */
  signedAttrs: Buffer | null;
  messageDigest: Buffer | null;
  signingTime: Date | null;
  signature: Buffer;
}

function parseCms(der: Buffer): Cms {
  const contentInfo = readDer(der, 0);
  const [typeNode, explicit] = children(der, contentInfo);
  if (oidOf(der, typeNode) !== OID.signedData) throw new Error('not CMS SignedData');
  const signedData = children(der, explicit)[0];
  const parts = children(der, signedData);
  const certificates: crypto.X509Certificate[] = [];
  let signerInfos: Der | undefined;
  for (const p of parts.slice(3)) {
    if (p.tag === 0xa0) for (const c of children(der, p)) if (c.tag === 0x30) certificates.push(new crypto.X509Certificate(der.subarray(c.start, c.end)));
    if (p.tag === 0x31) signerInfos = p;
  }
  if (!signerInfos) throw new Error('no signer info');
  const si = children(der, signerInfos)[0];
  if (!si) throw new Error('no signer info');
  const f = children(der, si);
  // version, sid, digestAlgorithm, [0] signedAttrs?, signatureAlgorithm, signature, [1]?
  const sid = f[1];
  const digestAlgorithm = DIGESTS[oidOf(der, children(der, f[2])[0])] ?? null;
  let i = 3;
  let signedAttrs: Buffer | null = null;
  let messageDigest: Buffer | null = null;
  let signingTime: Date | null = null;
  if (f[i]?.tag === 0xa0) {
    const node = f[i];
    signedAttrs = Buffer.concat([Buffer.from([0x31]), der.subarray(node.start + 1, node.end)]);
    for (const attr of children(der, node)) {
      const [oidNode, values] = children(der, attr);
      const value = children(der, values)[0];
      const oid = oidOf(der, oidNode);
      if (oid === OID.messageDigest) messageDigest = Buffer.from(der.subarray(value.body, value.end));
      if (oid === OID.signingTime) signingTime = parseTime(der, value);
    }
    i += 1;
  }
  const signatureNode = f[i + 1];
  const signature = Buffer.from(der.subarray(signatureNode.body, signatureNode.end));

  // The signer: issuerAndSerialNumber (SEQUENCE) or [0] subjectKeyIdentifier.
  let signer: crypto.X509Certificate | null = null;
  if (sid.tag === 0x30) {
    const serialNode = children(der, sid)[1];
    const serial = BigInt(`0x${der.subarray(serialNode.body, serialNode.end).toString('hex')}`);
    signer = certificates.find((c) => BigInt(`0x${c.serialNumber}`) === serial) ?? null;
  }
  if (!signer && certificates.length === 1) signer = certificates[0];
  return { certificates, signer, digestAlgorithm, signedAttrs, messageDigest, signingTime, signature };
}

function cn(dn: string): string {
  const m = /(?:^|\n)CN=([^\n]*)/.exec(dn);
  return m ? m[1] : dn;
}

function validAt(cert: crypto.X509Certificate, at: Date): boolean {
  return new Date(cert.validFrom) <= at && at <= new Date(cert.validTo);
}

/** The chain from the signer up to a trusted root, following the signature's certificates. */
function buildChain(
  signer: crypto.X509Certificate,
  pool: crypto.X509Certificate[],
  roots: crypto.X509Certificate[],
  at: Date,
  problems: string[],
): { chain: crypto.X509Certificate[]; trusted: boolean } {
  const chain = [signer];
  let current = signer;
  for (let depth = 0; depth < 8; depth += 1) {
    if (!validAt(current, at)) problems.push(`certificate "${cn(current.subject)}" not valid at the signing time`);
    const root = roots.find((r) => current.checkIssued(r) && current.verify(r.publicKey));
    if (root) {
      if (root.fingerprint256 !== current.fingerprint256) chain.push(root);
      const allValid = chain.every((c) => validAt(c, at));
      return { chain, trusted: allValid };
    }
    const parent = pool.find((c) => c.fingerprint256 !== current.fingerprint256 && current.checkIssued(c) && current.verify(c.publicKey));
    if (!parent) break;
    chain.push(parent);
    current = parent;
  }
  problems.push('the certificate chain does not lead to a trusted root');
  return { chain, trusted: false };
}

// ----- the PDF side -----------------------------------------------------------------------

interface FoundSignature {
  byteRange: [number, number, number, number];
  contents: Buffer | null;
  m: Date | null;
}

/** Every /ByteRange in the file with its /Contents (between the two ranges). */
function findSignatures(pdf: Buffer): FoundSignature[] {
  const out: FoundSignature[] = [];
  const text = pdf.toString('latin1');
  const re = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const byteRange = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number];
    const [, b, c] = byteRange;
    let contents: Buffer | null = null;
    const hole = text.slice(b, c);
    const hm = /^<([0-9A-Fa-f\s]*)>$/.exec(hole);
    if (hm) {
      const hex = hm[1].replace(/\s+/g, '');
      contents = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
    }
    // /M near this dictionary (same object): look backwards and forwards a little.
    const around = text.slice(Math.max(0, m.index - 400), Math.min(text.length, c + 600));
    const mm = /\/M\s*\(D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})([Z+-])?(\d{2})?'?(\d{2})?/.exec(around);
    let mDate: Date | null = null;
    if (mm) {
      const utc = Date.UTC(Number(mm[1]), Number(mm[2]) - 1, Number(mm[3]), Number(mm[4]), Number(mm[5]), Number(mm[6]));
      const sign = mm[7] === '-' ? -1 : mm[7] === '+' ? 1 : 0;
      mDate = new Date(utc - sign * (Number(mm[8] ?? 0) * 60 + Number(mm[9] ?? 0)) * 60_000);
    }
    out.push({ byteRange, contents, m: mDate });
  }
  return out;
}

/** The CMS DER without the placeholder's trailing zero padding. */
function trimCms(contents: Buffer): Buffer {
  try {
    const top = readDer(contents, 0);
    return contents.subarray(0, top.end);
  } catch {
    return contents;
  }
}

/** Where the revision that ends at `end` really ends: "%%EOF" just before (EOL allowed). */
function endsAtEof(pdf: Buffer, end: number): boolean {
  const tail = pdf.subarray(Math.max(0, end - 8), end).toString('latin1');
  return /%%EOF[\r\n]*$/.test(tail);
}

function resolveBytes(doc: PDFDocument, obj: PDFObject | undefined, seen = new Set<PDFObject>()): string {
  if (obj === undefined) return '';
  if (seen.has(obj)) return '';
  seen.add(obj);
  const target = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  if (target === undefined) return '';
  if (target instanceof PDFArray) return target.asArray().map((o) => resolveBytes(doc, o, seen)).join('|');
  if (target instanceof PDFRawStream) {
    return `${target.dict.toString()}:${crypto.createHash('sha256').update(target.contents).digest('hex')}`;
  }
  if (target instanceof PDFStream) return target.toString();
  return target.toString();
}

/** A fingerprint of what the document shows: each page's content streams and resources. */
async function appearanceFingerprint(bytes: Buffer): Promise<string[] | null> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    return doc.getPages().map((p) => {
      const contents = resolveBytes(doc, p.node.get(PDFName.of('Contents')));
      const resources = resolveBytes(doc, p.node.get(PDFName.of('Resources')));
      const box = p.getMediaBox();
      return `${box.x},${box.y},${box.width},${box.height}|${contents}|${resources}`;
    });
  } catch {
    return null;
  }
}

/** Verifies every signature of `pdf`; trustedRoots: PEM certificates (the platform CA). */
export async function verifyPdf(pdf: Buffer, trustedRoots: string[]): Promise<VerifyReport> {
  const documentHash = crypto.createHash('sha256').update(pdf).digest('hex');
  const roots = trustedRoots.map((pem) => new crypto.X509Certificate(pem));
  const found = findSignatures(pdf);
  const current = found.length ? await appearanceFingerprint(pdf) : null;
  const signatures: SignatureReport[] = [];
  for (const [n, sig] of found.entries()) {
    const problems: string[] = [];
    const [a, b, c, d] = sig.byteRange;
    const report: SignatureReport = {
      index: n + 1,
      signer: null,
      issuer: null,
      chain: [],
      signingTime: sig.m,
      byteRange: sig.byteRange,
      coversWholeDocumentUpToIt: false,
      digestValid: false,
      signatureValid: false,
      trusted: false,
      modifiedAfter: false,
      pagesChangedAfter: false,
      pagesAddedAfter: 0,
      addedPagesSealed: false,
      valid: false,
      problems,
      certificatePem: null,
    };
    signatures.push(report);
    const end = c + d;
    if (a !== 0 || b <= 0 || c < b || end > pdf.length) {
      problems.push('the byte range does not fit the file');
      continue;
    }
    report.coversWholeDocumentUpToIt = !!sig.contents && endsAtEof(pdf, end);
    if (!report.coversWholeDocumentUpToIt) problems.push('the byte range does not cover a whole revision');
    if (!sig.contents) {
      problems.push('no signature value');
      continue;
    }
    let cms: Cms;
    try {
      cms = parseCms(trimCms(sig.contents));
    } catch (err) {
      problems.push(`unreadable signature: ${(err as Error).message}`);
      continue;
    }
    const signer = cms.signer;
    if (cms.signingTime) report.signingTime = cms.signingTime;
    if (signer) {
      report.signer = cn(signer.subject);
      report.issuer = cn(signer.issuer);
      report.certificatePem = signer.toString();
    } else problems.push('the signer certificate is missing');

    const algorithm = cms.digestAlgorithm;
    if (!algorithm) problems.push('unsupported digest algorithm');
    else {
      const digest = crypto.createHash(algorithm).update(pdf.subarray(a, a + b)).update(pdf.subarray(c, end)).digest();
      if (cms.signedAttrs) report.digestValid = !!cms.messageDigest && digest.equals(cms.messageDigest);
      else report.digestValid = true; // no signed attributes: the signature itself covers the digest
      if (!report.digestValid) problems.push('the document was changed after it was signed (digest mismatch)');
      if (signer) {
        try {
          const data = cms.signedAttrs ?? Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, end)]);
          report.signatureValid = crypto.verify(algorithm, data, signer.publicKey, cms.signature);
        } catch {
          report.signatureValid = false;
        }
        if (!report.signatureValid) problems.push('the signature does not verify with the signer certificate');
        const at = report.signingTime ?? new Date();
        const { chain, trusted } = buildChain(signer, cms.certificates, roots, at, problems);
        report.chain = chain.map((x) => cn(x.subject));
        report.trusted = trusted && report.signatureValid;
      }
    }

    if (end < pdf.length && report.coversWholeDocumentUpToIt) {
      const then = await appearanceFingerprint(pdf.subarray(0, end));
      if (!then || !current || current.length < then.length) report.pagesChangedAfter = true;
      else {
        report.pagesChangedAfter = then.some((p, i) => p !== current[i]);
        report.pagesAddedAfter = current.length - then.length;
      }
      report.modifiedAfter = report.pagesChangedAfter || report.pagesAddedAfter > 0;
      if (report.pagesChangedAfter) problems.push('the signed pages were changed after this signature');
      if (report.pagesAddedAfter > 0) problems.push(`${report.pagesAddedAfter} page(s) added after this signature`);
    }
    report.valid = report.digestValid && report.signatureValid && report.coversWholeDocumentUpToIt && !report.modifiedAfter;
  }
  // Pages appended after a signature (and nothing else changed) are sealed when a later
  // signature that is valid and trusted covers them: the signature stands.
  for (const [i, report] of signatures.entries()) {
    if (!report.digestValid || !report.signatureValid || !report.coversWholeDocumentUpToIt || report.pagesChangedAfter || report.pagesAddedAfter === 0) continue;
    const lastEnd = (r: SignatureReport) => r.byteRange[2] + r.byteRange[3];
    const sealedBy = signatures.slice(i + 1).find((later) => later.valid && later.trusted && lastEnd(later) >= lastEnd(report) && !later.modifiedAfter);
    if (sealedBy) {
      report.addedPagesSealed = true;
      report.valid = true;
    }
  }
  return { signatures, documentHash };
}
