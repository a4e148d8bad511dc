// Server pieces every document shares: its number, the receipt target that lets customs'
// receipts move it, the values a submission stamps and its header's columns.
import type { Knex } from 'knex';
import { columnOf, type ResourceDef } from '@core/shared';
import type { Row } from '@core/server';
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

/**
 * A document header's columns: the engine's default mapping, with its date-times (entered as
 * text) stored as dates, and the document's type, state and number on create.
 */
export async function headerColumns(def: ResourceDef, defaults: Row, created: { trx: Knex; table: string; doc: DocumentName; kind: string } | null): Promise<Row> {
  const values: Row = { ...defaults };
  for (const f of def.fields) {
    const col = columnOf(f);
    if (f.type === 'datetime' && col && col in values) values[col] = values[col] ? new Date(String(values[col])) : null;
  }
  if (created) Object.assign(values, { kind: created.kind, status: 'draft', doc_no: await nextDocNo(created.trx, created.table, created.doc) });
  return values;
}
