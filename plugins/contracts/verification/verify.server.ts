// 验签 (SPEC §2 /contract/signingCeremony): any PDF's signatures checked against the platform
// CA (signer, chain, signing time, changed after it or not), and the platform's record of the
// document found by its SHA-256: which contract, which stage, its parties (only for the
// platform and the contract's parties; others learn that the platform knows the document).
import type { Knex } from 'knex';
import type { SessionUser } from '@core/shared';
import { dayText } from '@core/server';
import { trustedRoots } from '../seals/keys.server';
import { verifyPdf } from '../signing/verify.server';
import { mayRead, partiesOf } from '../contracts/signing.server';

export interface VerificationAnswer {
  documentHash: string;
  signatures: {
    index: number;
    signer: string | null;
    issuer: string | null;
    chain: string[];
    signingTime: string | null;
    trusted: boolean;
    valid: boolean;
    digestValid: boolean;
    signatureValid: boolean;
    coversWholeDocumentUpToIt: boolean;
    modifiedAfter: boolean;
    pagesChangedAfter: boolean;
    pagesAddedAfter: number;
    addedPagesSealed: boolean;
    problems: string[];
  }[];
  /** The platform's record of this exact file, if it has one. */
  record: null | { known: true; stage: string; contract: null | { id: number; contractNo: string; title: string; status: string; expiryDate: string | null; parties: { name: string; status: string }[] } };
}

export async function verifyDocument(knex: Knex, pdf: Buffer, user: SessionUser): Promise<VerificationAnswer> {
  const report = await verifyPdf(pdf, await trustedRoots(knex));
  const doc = await knex('ctr_document').where({ sha256: report.documentHash }).orderBy('id', 'desc').first();
  let record: VerificationAnswer['record'] = null;
  if (doc) {
    const id = Number(doc.contract_id);
    const c = await knex('ctr_contract').where({ id }).first();
    const visible = c && (await mayRead(knex, user, id));
    record = {
      known: true,
      stage: String(doc.stage),
      contract: visible
        ? {
            id,
            contractNo: String(c.contract_no),
            title: String(c.title),
            status: String(c.status),
            expiryDate: dayText(c.expiry_date),
            parties: (await partiesOf(knex, id)).map((p) => ({ name: String(p.enterprise_name ?? p.current_name), status: String(p.status) })),
          }
        : null,
    };
  }
  return {
    documentHash: report.documentHash,
    record,
    signatures: report.signatures.map((s) => ({
      index: s.index,
      signer: s.signer,
      issuer: s.issuer,
      chain: s.chain,
      signingTime: s.signingTime ? s.signingTime.toISOString() : null,
      trusted: s.trusted,
      valid: s.valid,
      digestValid: s.digestValid,
      signatureValid: s.signatureValid,
      coversWholeDocumentUpToIt: s.coversWholeDocumentUpToIt,
      modifiedAfter: s.modifiedAfter,
      pagesChangedAfter: s.pagesChangedAfter,
      pagesAddedAfter: s.pagesAddedAfter,
      addedPagesSealed: s.addedPagesSealed,
      problems: s.problems,
    })),
  };
}
