// The platform CA, enterprise certificates, PKCS#12 export and private keys at rest.
import crypto from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import {
  OID_DOCUMENT_SIGNING,
  commonNameOf,
  createRootCa,
  decryptPrivateKey,
  encryptPrivateKey,
  issueEnterpriseCertificate,
  keyEncryptionKey,
  toPkcs12,
} from './ca.server';

describe('platform CA and enterprise certificates', () => {
  const ca = createRootCa({ commonName: 'Port Platform Root CA', organization: 'Port Platform', country: 'CN' });

  it('creates a self-signed root that may sign certificates', () => {
    const x = new crypto.X509Certificate(ca.certPem);
    expect(x.ca).toBe(true);
    expect(x.checkIssued(x)).toBe(true);
    expect(x.verify(x.publicKey)).toBe(true);
    expect(x.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(commonNameOf(ca.certPem)).toBe('Port Platform Root CA');
    expect(ca.notAfter.getUTCFullYear() - new Date().getUTCFullYear()).toBe(20);
  });

  it('issues an enterprise signing certificate under the CA with the signing key usages', () => {
    const ent = issueEnterpriseCertificate(ca, { enterpriseName: '瑞丽物流有限公司', registrationNo: '91530000MA6N', email: 'sign@ruili.example' });
    const x = new crypto.X509Certificate(ent.certPem);
    const root = new crypto.X509Certificate(ca.certPem);
    expect(x.ca).toBe(false);
    expect(x.checkIssued(root)).toBe(true);
    expect(x.verify(root.publicKey)).toBe(true);
    expect(commonNameOf(ent.certPem)).toBe('瑞丽物流有限公司');
    expect(x.serialNumber.toLowerCase().replace(/^0+/, '')).toBe(ent.serial.replace(/^0+/, ''));
    const f = forge.pki.certificateFromPem(ent.certPem);
    const ku = f.getExtension('keyUsage') as { digitalSignature: boolean; nonRepudiation: boolean; keyCertSign: boolean };
    expect(ku.digitalSignature && ku.nonRepudiation && !ku.keyCertSign).toBe(true);
    const eku = f.getExtension('extKeyUsage') as Record<string, boolean>;
    expect(eku.emailProtection).toBe(true);
    expect(eku[OID_DOCUMENT_SIGNING]).toBe(true);
    expect(ent.notAfter.getTime()).toBeLessThanOrEqual(ca.notAfter.getTime());
    // The key matches the certificate.
    const sig = crypto.sign('sha256', Buffer.from('x'), ent.keyPem);
    expect(crypto.verify('sha256', Buffer.from('x'), x.publicKey, sig)).toBe(true);
  });

  it('exports a PKCS#12 that opens with its passphrase only', () => {
    const ent = issueEnterpriseCertificate(ca, { enterpriseName: 'Yangon Trading Co.' });
    const p12 = toPkcs12(ent.keyPem, ent.certPem, [ca.certPem], 'pass-1');
    const asn1 = forge.asn1.fromDer(p12.toString('binary'));
    const opened = forge.pkcs12.pkcs12FromAsn1(asn1, false, 'pass-1');
    const certs = opened.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
    expect(certs).toHaveLength(2);
    const keys = opened.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? [];
    expect(keys).toHaveLength(1);
    expect(() => forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, 'wrong')).toThrow();
  });
});

describe('private keys at rest', () => {
  const pem = createRootCa({ commonName: 'k' }).keyPem;

  it('round-trips under the same key and owner, and never stores the PEM in clear', () => {
    const key = crypto.randomBytes(32);
    const sealed = encryptPrivateKey(pem, key, 'enterprise:12');
    expect(sealed.startsWith('cke1:')).toBe(true);
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(encryptPrivateKey(pem, key, 'enterprise:12')).not.toBe(sealed); // a fresh IV each time
    expect(decryptPrivateKey(sealed, key, 'enterprise:12')).toBe(pem);
  });

  it('refuses a wrong key, another owner and altered bytes', () => {
    const key = crypto.randomBytes(32);
    const sealed = encryptPrivateKey(pem, key, 'enterprise:12');
    expect(() => decryptPrivateKey(sealed, crypto.randomBytes(32), 'enterprise:12')).toThrow(/cannot be decrypted/);
    expect(() => decryptPrivateKey(sealed, key, 'enterprise:13')).toThrow(/cannot be decrypted/);
    const parts = sealed.split(':');
    const body = Buffer.from(parts[3], 'base64');
    body[5] ^= 1;
    parts[3] = body.toString('base64');
    expect(() => decryptPrivateKey(parts.join(':'), key, 'enterprise:12')).toThrow(/cannot be decrypted/);
    expect(() => decryptPrivateKey('garbage', key)).toThrow(/not an encrypted private key/);
  });

  it('takes its key from CONTRACT_KEY_SECRET when set, else from the session secret', () => {
    const saved = process.env.CONTRACT_KEY_SECRET;
    try {
      process.env.CONTRACT_KEY_SECRET = 'a configured secret';
      const configured = keyEncryptionKey();
      expect(configured).toEqual(crypto.createHash('sha256').update('a configured secret').digest());
      delete process.env.CONTRACT_KEY_SECRET;
      const derived = keyEncryptionKey();
      expect(derived).toHaveLength(32);
      expect(derived.equals(configured)).toBe(false);
      expect(decryptPrivateKey(encryptPrivateKey(pem), keyEncryptionKey())).toBe(pem);
    } finally {
      if (saved === undefined) delete process.env.CONTRACT_KEY_SECRET;
      else process.env.CONTRACT_KEY_SECRET = saved;
    }
  });
});
