// Customs receipts (回执): customs answers a submitted document with messages that move it
// on (accepted, inspection, released, rejected). Each receipt names the document by the
// number customs knows and carries a unique message number, so applying the same message
// twice changes nothing. Receipts arrive as files in the EDI inbox (receiptImport job) or
// through applyReceipts() from an adapter.
import type { Knex } from 'knex';
import { toDate, writeAudit } from '@core/server';
import type { SessionUser } from '@core/shared';

export interface ReceiptTarget {
  /** The document kind named in receipt files (`declaration`, `preManifest`, …). */
  docType: string;
  table: string;
  /** Column with the number customs knows the document by. */
  noColumn: string;
  statusColumn: string;
  /** Resource key for the audit log (`customs.declaration`). */
  resource: string;
  /** The status a receipt code moves the document to from its current status (null: record only). */
  statusFor(code: string, current: string): string | null;
  /** Column that keeps customs' message on a rejection. */
  reasonColumn?: string;
  /** Codes that are rejections (their message goes to reasonColumn). */
  rejectCodes?: string[];
}

export interface ReceiptInput {
  messageNo: string;
  docType: string;
  docNo: string;
  functionCode: string;
  code: string;
  message: string;
  receiptTime: Date;
}

export type ReceiptOutcome = { messageNo: string; result: 'applied' | 'recorded' | 'duplicate' | 'unknownDocument' | 'unknownType'; status?: string };

export interface ReceiptRow {
  id: number;
  code: string;
  messageNo: string;
  functionCode: string;
  message: string | null;
  receiptTime: string | null;
  statusAfter: string | null;
  source: string;
}

export function toReceiptRow(r: Record<string, unknown>): ReceiptRow {
  return {
    id: Number(r.id),
    code: String(r.code),
    messageNo: String(r.message_no),
    functionCode: String(r.function_code),
    message: (r.message as string | null) ?? null,
    receiptTime: toDate(r.receipt_time)?.toISOString() ?? null,
    statusAfter: (r.status_after as string | null) ?? null,
    source: String(r.source),
  };
}

const SYSTEM_ACTOR = { user: { id: 0, username: 'customs-edi' } as SessionUser, ip: null };

/** Applies receipts, each in its own transaction; a duplicate message number is skipped. */
export async function applyReceipts(knex: Knex, targets: ReceiptTarget[], receipts: ReceiptInput[], source: string): Promise<ReceiptOutcome[]> {
  const out: ReceiptOutcome[] = [];
  for (const rc of receipts) {
    const target = targets.find((x) => x.docType === rc.docType);
    if (!target) {
      out.push({ messageNo: rc.messageNo, result: 'unknownType' });
      continue;
    }
    out.push(
      await knex.transaction(async (trx): Promise<ReceiptOutcome> => {
        if (await trx('cus_receipt').where({ message_no: rc.messageNo }).first()) return { messageNo: rc.messageNo, result: 'duplicate' };
        const doc = await trx(target.table).where({ [target.noColumn]: rc.docNo }).first();
        if (!doc) return { messageNo: rc.messageNo, result: 'unknownDocument' };
        const current = String(doc[target.statusColumn]);
        const next = target.statusFor(rc.code, current);
        await trx('cus_receipt').insert({
          doc_type: target.docType,
          doc_id: doc.id,
          doc_no: rc.docNo,
          message_no: rc.messageNo,
          function_code: rc.functionCode,
          code: rc.code,
          message: rc.message || null,
          receipt_time: rc.receiptTime,
          status_after: next,
          source,
          created_at: new Date(),
        });
        if (!next || next === current) return { messageNo: rc.messageNo, result: 'recorded' };
        const values: Record<string, unknown> = { [target.statusColumn]: next, updated_at: new Date() };
        if (target.reasonColumn && target.rejectCodes?.includes(rc.code)) values[target.reasonColumn] = rc.message || null;
        if ('version' in doc) values.version = Number(doc.version) + 1;
        await trx(target.table).where({ id: doc.id }).update(values);
        await writeAudit(trx, {
          resource: target.resource,
          recordId: Number(doc.id),
          action: 'receipt',
          actor: SYSTEM_ACTOR,
          before: { [target.statusColumn]: current },
          after: { [target.statusColumn]: next, receipt: rc.code, messageNo: rc.messageNo },
          summary: rc.docNo,
        });
        return { messageNo: rc.messageNo, result: 'applied', status: next };
      }),
    );
  }
  return out;
}

export async function receiptsOf(knex: Knex, docType: string, docId: number): Promise<ReceiptRow[]> {
  return (await knex('cus_receipt').where({ doc_type: docType, doc_id: docId }).orderBy([{ column: 'receipt_time', order: 'asc' }, { column: 'id', order: 'asc' }])).map(toReceiptRow);
}

const tag = (xml: string, name: string): string => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? decodeXml(m[1].trim()) : '';
};

function decodeXml(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Reads a receipt file of the EDI exchange: one or more <CustomsReceipt> elements with
 * MessageNo, DocType, DocNo, FunctionCode, ResponseCode, Message, ReceiptTime. Throws on a
 * malformed element (the whole file goes to failed/).
 */
export function parseReceiptXml(text: string): ReceiptInput[] {
  const blocks = text.match(/<CustomsReceipt>[\s\S]*?<\/CustomsReceipt>/g) ?? [];
  if (!blocks.length) throw new Error('no <CustomsReceipt> element');
  return blocks.map((b, i) => {
    const r = {
      messageNo: tag(b, 'MessageNo'),
      docType: tag(b, 'DocType'),
      docNo: tag(b, 'DocNo'),
      functionCode: tag(b, 'FunctionCode'),
      code: tag(b, 'ResponseCode'),
      message: tag(b, 'Message'),
      receiptTime: new Date(tag(b, 'ReceiptTime')),
    };
    for (const k of ['messageNo', 'docType', 'docNo', 'code'] as const) if (!r[k]) throw new Error(`receipt ${i + 1}: ${k} missing`);
    if (Number.isNaN(r.receiptTime.getTime())) throw new Error(`receipt ${i + 1}: bad ReceiptTime`);
    if (r.messageNo.length > 64 || r.docNo.length > 64) throw new Error(`receipt ${i + 1}: number too long`);
    return r;
  });
}

/** Builds a receipt file (what a customs simulator or a test drops in the inbox). */
export function receiptXml(receipts: (Omit<ReceiptInput, 'receiptTime'> & { receiptTime: Date | string })[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const one = (r: (typeof receipts)[number]) =>
    `  <CustomsReceipt>\n    <MessageNo>${esc(r.messageNo)}</MessageNo>\n    <DocType>${esc(r.docType)}</DocType>\n    <DocNo>${esc(r.docNo)}</DocNo>\n    <FunctionCode>${esc(r.functionCode)}</FunctionCode>\n    <ResponseCode>${esc(r.code)}</ResponseCode>\n    <Message>${esc(r.message)}</Message>\n    <ReceiptTime>${new Date(r.receiptTime).toISOString()}</ReceiptTime>\n  </CustomsReceipt>\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<CustomsReceipts>\n${receipts.map(one).join('')}</CustomsReceipts>\n`;
}
