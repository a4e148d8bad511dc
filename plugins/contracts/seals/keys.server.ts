// The platform's certificate authority and the keys that sign: the root CA is made on first
// start (a `root` row in ctr_ca, unique, so two processes starting together keep one), with the
// platform's own signing certificate (`platform`, which seals the certificate page); each
// enterprise gets a certificate from it when registered. Private keys are stored encrypted
// (AES-256-GCM, the key from CONTRACT_KEY_SECRET or the session secret), each bound to its owner.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { createRootCa, decryptPrivateKey, encryptPrivateKey, issueEnterpriseCertificate, toPkcs12, type IssuedCertificate } from '../signing/ca.server';
import { ENTERPRISE_TABLE } from '../common';

// ASCII: forge re-encodes a parsed certificate's UTF-8 names when it copies them into an issuer,
// so a Chinese CA name would not match the issuer of the certificates it signs.
export const CA_NAME = 'China-Myanmar Port Service Platform Root CA';
export const PLATFORM_SIGNER = '中缅口岸服务平台';
const ORGANIZATION = 'China-Myanmar Port Service Platform';

interface CaRow {
  code: string;
  cert_pem: string;
  key_enc: string;
}

async function caRow(knex: Knex, code: string): Promise<CaRow | undefined> {
  return knex('ctr_ca').where({ code }).first();
}

async function insertIgnoringRace(knex: Knex, code: string, issued: IssuedCertificate, subject: string): Promise<void> {
  try {
    await knex('ctr_ca').insert({
      code,
      subject,
      serial: issued.serial,
      cert_pem: issued.certPem,
      key_enc: encryptPrivateKey(issued.keyPem, undefined, `ca:${code}`),
      not_before: issued.notBefore,
      not_after: issued.notAfter,
      created_at: new Date(),
    });
  } catch (e) {
    // Another process made it first (unique code): keep theirs.
    if (!(await caRow(knex, code))) throw e;
  }
}

/** The root CA (certificate and clear private key), made on first use. */
async function rootCa(knex: Knex): Promise<{ certPem: string; keyPem: string }> {
  let row = await caRow(knex, 'root');
  if (!row) {
    await insertIgnoringRace(knex, 'root', createRootCa({ commonName: CA_NAME, organization: ORGANIZATION, country: 'CN' }), CA_NAME);
    row = (await caRow(knex, 'root'))!;
  }
  return { certPem: row.cert_pem, keyPem: decryptPrivateKey(row.key_enc, undefined, 'ca:root') };
}

/** Makes the root CA and the platform's signing certificate unless they exist (a seed on every start). */
export async function ensureCa(knex: Knex): Promise<void> {
  if ((await caRow(knex, 'root')) && (await caRow(knex, 'platform'))) return;
  const ca = await rootCa(knex);
  if (!(await caRow(knex, 'platform'))) await insertIgnoringRace(knex, 'platform', issueEnterpriseCertificate(ca, { enterpriseName: PLATFORM_SIGNER, organization: ORGANIZATION, country: 'CN', years: 10 }), PLATFORM_SIGNER);
}

/** The certificates a verification trusts: the platform's root. */
export async function trustedRoots(knex: Knex): Promise<string[]> {
  await ensureCa(knex);
  return [(await caRow(knex, 'root'))!.cert_pem];
}

/** The root certificate (PEM), for download (an NSS or Adobe trust store). */
export async function rootCertificatePem(knex: Knex): Promise<string> {
  return (await trustedRoots(knex))[0];
}

/** Issues (or re-issues, after a rename) an enterprise's signing certificate and stores it, key encrypted. */
export async function issueCertificate(knex: Knex, enterprise: { id: number; name: string; creditCode?: string | null }): Promise<IssuedCertificate> {
  const ca = await rootCa(knex);
  const issued = issueEnterpriseCertificate(ca, { enterpriseName: enterprise.name, registrationNo: enterprise.creditCode || undefined, country: 'CN' });
  await knex(ENTERPRISE_TABLE)
    .where({ id: enterprise.id })
    .update({
      cert_serial: issued.serial,
      cert_pem: issued.certPem,
      key_enc: encryptPrivateKey(issued.keyPem, undefined, `enterprise:${enterprise.id}`),
      cert_not_before: issued.notBefore,
      cert_not_after: issued.notAfter,
    });
  return issued;
}

/** What signPdf needs to sign as someone: a PKCS#12 built in memory with a one-time passphrase. */
export interface Signer {
  p12: Buffer;
  passphrase: string;
  name: string;
}

function signerFrom(name: string, certPem: string, keyPem: string, caPem: string): Signer {
  const passphrase = crypto.randomBytes(16).toString('hex');
  return { p12: toPkcs12(keyPem, certPem, [caPem], passphrase), passphrase, name };
}

/** An enterprise's signer, or null when it has no certificate. */
export async function enterpriseSigner(knex: Knex, enterpriseId: number): Promise<Signer | null> {
  const e = await knex(ENTERPRISE_TABLE).where({ id: enterpriseId }).first('name', 'cert_pem', 'key_enc');
  if (!e?.cert_pem || !e.key_enc) return null;
  const [root] = await trustedRoots(knex);
  return signerFrom(String(e.name), String(e.cert_pem), decryptPrivateKey(String(e.key_enc), undefined, `enterprise:${enterpriseId}`), root);
}

/** The platform's signer (the certificate page). */
export async function platformSigner(knex: Knex): Promise<Signer> {
  await ensureCa(knex);
  const row = (await caRow(knex, 'platform'))!;
  const [root] = await trustedRoots(knex);
  return signerFrom(PLATFORM_SIGNER, row.cert_pem, decryptPrivateKey(row.key_enc, undefined, 'ca:platform'), root);
}
