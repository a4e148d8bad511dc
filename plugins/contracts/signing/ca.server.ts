// The platform's own certificate authority and the enterprises' signing certificates.
//
// What it offers (pure functions over their inputs; the plugin stores the results):
// - createRootCa: a self-signed RSA-2048 root (basicConstraints cA, keyCertSign/cRLSign), made
//   once on the platform's first start.
// - issueEnterpriseCertificate: an enterprise's signing certificate signed by that root
//   (CN = enterprise name, O, random serial, validity, keyUsage digitalSignature +
//   nonRepudiation, extKeyUsage emailProtection + documentSigning so NSS/pdfsig and Acrobat
//   accept it for document signatures).
// - toPkcs12: the PKCS#12 bundle @signpdf's P12Signer reads (key + certificate + chain).
// - encryptPrivateKey / decryptPrivateKey: private keys at rest under AES-256-GCM with a key
//   from configuration (CONTRACT_KEY_SECRET, else derived from the session secret), optionally
//   bound to their owner (e.g. `enterprise:12`) so a key row copied to another owner is refused.
//
// RSA rather than P-256: @signpdf/signer-p12 signs with RSA keys only, and every PDF reader
// verifies RSA PKCS#1 v1.5 signatures.
import crypto from 'node:crypto';
import forge from 'node-forge';
import { derivedKey } from '@core/server';

/** A key pair and its certificate, PEM-encoded. The private key is clear text: encrypt it before storing. */
export interface IssuedCertificate {
  certPem: string;
  keyPem: string;
  serial: string;
  notBefore: Date;
  notAfter: Date;
}

/** The OID of the extended key usage "document signing" (RFC 9336). */
export const OID_DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';

function randomSerial(): string {
  const bytes = crypto.randomBytes(16);
  bytes[0] &= 0x7f; // a positive INTEGER
  if (bytes[0] === 0) bytes[0] = 0x01;
  return bytes.toString('hex');
}

function rsaKeyPair(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey; keyPem: string } {
  const { privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: key, publicKey: forge.pki.rsa.setPublicKey(key.n, key.e), keyPem: privateKey };
}

function addYears(date: Date, years: number): Date {
  const d = new Date(date.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

function subjectAttrs(commonName: string, organization?: string, country?: string): forge.pki.CertificateField[] {
  // UTF8String (forge encodes the value itself): Chinese and Burmese names survive.
  const utf8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
  const attrs: forge.pki.CertificateField[] = [
    { name: 'commonName', value: commonName, valueTagClass: utf8 },
  ];
  if (organization) attrs.push({ name: 'organizationName', value: organization, valueTagClass: utf8 });
  if (country) attrs.push({ shortName: 'C', value: country });
  return attrs;
}

/** What a signed certificate is handed back as. */
function issued(cert: forge.pki.Certificate, keyPem: string): IssuedCertificate {
  return {
    certPem: forge.pki.certificateToPem(cert),
    keyPem,
    serial: cert.serialNumber,
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
  };
}

export interface RootCaOptions {
  /** The CA's common name, e.g. "Port Platform Root CA". */
  commonName: string;
  organization?: string;
  /** Two-letter country code. */
  country?: string;
  /** Default 20 years. */
  years?: number;
  now?: Date;
}

/** A new self-signed root CA. */
export function createRootCa(opts: RootCaOptions): IssuedCertificate {
  const now = opts.now ?? new Date();
  const { privateKey, publicKey, keyPem } = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = randomSerial();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = addYears(now, opts.years ?? 20);
  const subject = subjectAttrs(opts.commonName, opts.organization, opts.country);
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  return issued(cert, keyPem);
}

export interface EnterpriseCertOptions {
  /** The enterprise's name: the certificate's CN, shown by PDF readers as the signer. */
  enterpriseName: string;
  /** O; defaults to the enterprise name. */
  organization?: string;
  country?: string;
  /** Unified social credit code or another registration number, written as serialNumber (2.5.4.5). */
  registrationNo?: string;
  email?: string;
  /** Default 3 years (never beyond the CA's own expiry). */
  years?: number;
  now?: Date;
}

/** A signing certificate for one enterprise, issued by the platform CA. */
export function issueEnterpriseCertificate(
  ca: { certPem: string; keyPem: string },
  opts: EnterpriseCertOptions,
): IssuedCertificate {
  const now = opts.now ?? new Date();
  const caCert = forge.pki.certificateFromPem(ca.certPem);
  const caKey = forge.pki.privateKeyFromPem(ca.keyPem);
  const { privateKey: _unused, publicKey, keyPem } = rsaKeyPair();
  void _unused;
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = randomSerial();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  const notAfter = addYears(now, opts.years ?? 3);
  cert.validity.notAfter = notAfter > caCert.validity.notAfter ? caCert.validity.notAfter : notAfter;
  const subject = subjectAttrs(opts.enterpriseName, opts.organization ?? opts.enterpriseName, opts.country);
  if (opts.registrationNo) subject.push({ type: '2.5.4.5', value: opts.registrationNo });
  if (opts.email) subject.push({ name: 'emailAddress', value: opts.email });
  cert.setSubject(subject);
  cert.setIssuer(caCert.subject.attributes);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true, [OID_DOCUMENT_SIGNING]: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ];
  if (opts.email) extensions.push({ name: 'subjectAltName', altNames: [{ type: 1, value: opts.email }] });
  cert.setExtensions(extensions);
  cert.sign(caKey, forge.md.sha256.create());
  return issued(cert, keyPem);
}

/**
 * A PKCS#12 (DER) holding the private key, its certificate and the chain above it, protected
 * by `passphrase`: what @signpdf/signer-p12 reads. Build it just before signing, in memory.
 */
export function toPkcs12(keyPem: string, certPem: string, chainPems: string[], passphrase: string): Buffer {
  const key = forge.pki.privateKeyFromPem(keyPem);
  const certs = [certPem, ...chainPems].map((p) => forge.pki.certificateFromPem(p));
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, certs, passphrase, { algorithm: 'aes256', friendlyName: 'signer' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** A certificate's subject common name (UTF-8). */
export function commonNameOf(certPem: string): string {
  const x = new crypto.X509Certificate(certPem);
  const m = /(?:^|\n)CN=([^\n]*)/.exec(x.subject);
  return m ? m[1] : x.subject;
}

// ----- private keys at rest ---------------------------------------------------------------

const KEY_FORMAT = 'cke1';

/**
 * The key that encrypts private keys at rest: sha256 of CONTRACT_KEY_SECRET when configured,
 * else the session secret's key for the purpose `contracts.keys` (same on every process).
 */
export function keyEncryptionKey(): Buffer {
  const configured = process.env.CONTRACT_KEY_SECRET;
  if (configured) return crypto.createHash('sha256').update(configured, 'utf8').digest();
  return derivedKey('contracts.keys');
}

/**
 * Encrypts a PEM private key with AES-256-GCM: `cke1:<iv>:<tag>:<ciphertext>` (base64 parts).
 * `owner` (e.g. `enterprise:12`) is bound as associated data: decrypting needs the same owner.
 */
export function encryptPrivateKey(pem: string, key: Buffer = keyEncryptionKey(), owner = ''): string {
  if (key.length !== 32) throw new Error('the key encryption key must be 32 bytes');
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`${KEY_FORMAT}|${owner}`, 'utf8'));
  const body = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [KEY_FORMAT, iv.toString('base64'), tag.toString('base64'), body.toString('base64')].join(':');
}

/** Decrypts what encryptPrivateKey wrote; throws on a wrong key, another owner or altered bytes. */
export function decryptPrivateKey(sealed: string, key: Buffer = keyEncryptionKey(), owner = ''): string {
  const parts = sealed.split(':');
  if (parts.length !== 4 || parts[0] !== KEY_FORMAT) throw new Error('not an encrypted private key');
  const [, iv, tag, body] = parts;
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(`${KEY_FORMAT}|${owner}`, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('the private key cannot be decrypted with this key');
  }
}
