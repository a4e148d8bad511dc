// Demo documents of the customs areas are made the way a user and customs make them: created and
// submitted through the resource engine as the demo broker, then moved by customs receipts
// through applyReceipts (the EDI inbox's path), so numbers, states, receipts and the audit log
// agree with what the screens would have produced.
import type { Knex } from 'knex';
import { createRow, transitionRows, type DemoActor, type Row, type ServerResource } from '@core/server';
import { applyReceipts, type ReceiptTarget } from './receipts/receipts.server';

export interface DemoReceipt {
  code: 'ACCEPTED' | 'INSPECTION' | 'RELEASED' | 'REJECTED';
  message: string;
}

/** Creates a document, submits it unless `draft`, then applies customs' receipts in order. */
export async function demoDocument(
  knex: Knex,
  sr: ServerResource,
  actor: DemoActor,
  input: Row,
  opts: { submit?: boolean; receipts?: DemoReceipt[]; targets?: ReceiptTarget[]; noColumn?: string } = {},
): Promise<Row> {
  const row = await createRow(sr, actor, input, actor.t, { knex });
  if (!opts.submit && !opts.receipts?.length) return row;
  await transitionRows(sr, actor, [Number(row.id)], 'submit', actor.t, { knex });
  const target = opts.targets?.find((x) => x.table === sr.def.table && x.resource === `${sr.def.plugin}.${sr.def.name}`);
  if (opts.receipts?.length && target) {
    const doc = await knex(target.table).where({ id: Number(row.id) }).first();
    const docNo = String(doc[target.noColumn]);
    await applyReceipts(
      knex,
      [target],
      opts.receipts.map((r, i) => ({ messageNo: `${docNo}-DEMO${i + 1}`, docType: target.docType, docNo, functionCode: '2', code: r.code, message: r.message, receiptTime: new Date(Date.now() - (opts.receipts!.length - i) * 3_600_000) })),
      'demo',
    );
  }
  return row;
}
