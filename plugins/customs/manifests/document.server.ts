// Server pieces every document shares: its number, the receipt target that lets customs'
// receipts move it, and the values a submission stamps.
import type { Knex } from 'knex';
import type { ReceiptTarget } from '../receipts/receipts.server';
import { receiptStatusFor, RECEIPT_CODES, type DocumentName } from './document';

/** Prefixes of the document numbers, one per document type. */
export const DOC_NO_PREFIX: Record<DocumentName, string> = {
  preManifest: 'PM',
  originalManifest: 'OM',
  arrivalReport: 'AR',
  tallyReport: 'TR',
  vehicleConfirm: 'VC',
};

/** The next number of the day, e.g. PM202506010007 (unique column: a clash fails the save). */
export async function nextDocNo(trx: Knex, table: string, doc: DocumentName, now = new Date()): Promise<string> {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  const stem = `${DOC_NO_PREFIX[doc]}${day}`;
  const row: { last?: string | null } | undefined = await trx(table).where('doc_no', 'like', `${stem}%`).max({ last: 'doc_no' }).first();
  const n = row?.last ? Number(String(row.last).slice(stem.length)) + 1 : 1;
  return `${stem}${String(n).padStart(4, '0')}`;
}

export function receiptTarget(doc: DocumentName, table: string): ReceiptTarget {
  return {
    docType: doc,
    table,
    noColumn: 'doc_no',
    statusColumn: 'status',
    resource: `customs.${doc}`,
    statusFor: (code, current) => receiptStatusFor(doc, code, current),
    reasonColumn: 'reject_reason',
    rejectCodes: RECEIPT_CODES[doc].filter((c) => c === 'REJECTED'),
  };
}

/** What a submission stamps on each document besides its status. */
export const submittedValues = () => ({ submitted_at: new Date(), reject_reason: null });
