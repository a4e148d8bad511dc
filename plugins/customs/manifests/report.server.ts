// Server rules of the arrival, tally and vehicle reports: saved whole (header and bill lines)
// in one transaction; an arrival or tally report is submitted only with bill lines.
import type { Knex } from 'knex';
import { ApiError } from '../../../core/http/envelope.server';
import { serverResource, type Row } from '../../../core/resource/define.server';
import { decimalOut, k } from './document';
import { headerColumns, receiptTarget, submittedValues } from './document.server';
import { LINES_REQUIRED, REPORT_DEFS, REPORT_KINDS, type ReportName } from './report';

export async function linesOf(knex: Knex, reportIds: number[]): Promise<Map<number, Row[]>> {
  const out = new Map<number, Row[]>(reportIds.map((id) => [id, []]));
  if (!reportIds.length) return out;
  const rows: Row[] = await knex('cus_report_line').whereIn('report_id', reportIds).orderBy(['report_id', 'seq']);
  for (const l of rows) {
    out.get(Number(l.report_id))!.push({
      id: Number(l.id),
      billNo: l.bill_no,
      containerNo: l.container_no ?? null,
      pieces: Number(l.pieces),
      grossWeight: decimalOut(l.gross_weight),
      packageType: l.package_type ?? null,
      goodsDesc: l.goods_desc ?? null,
    });
  }
  return out;
}

function reportResource(name: ReportName) {
  const kind = REPORT_KINDS[name];
  return serverResource(REPORT_DEFS[name], {
    query: (knex) => knex('cus_report').select('cus_report.*').where('cus_report.kind', kind),
    async decorate(rows, knex) {
      const lines = await linesOf(knex, rows.map((r) => Number(r.id)));
      for (const r of rows) {
        r.lines = lines.get(Number(r.id)) ?? [];
        r.lineCount = (r.lines as Row[]).length;
      }
    },
    toDb: (_input, { trx, op }, defaults) => headerColumns(REPORT_DEFS[name], defaults, op === 'create' ? { trx, table: 'cus_report', doc: name, kind } : null),
    async afterWrite(id, input, { trx, op }) {
      if (op === 'update') await trx('cus_report_line').where({ report_id: id }).delete();
      const lines = (input.lines as Row[]).map((l, i) => ({
        report_id: id,
        seq: i + 1,
        bill_no: l.billNo,
        container_no: l.containerNo,
        pieces: l.pieces,
        gross_weight: l.grossWeight,
        package_type: l.packageType,
        goods_desc: l.goodsDesc,
      }));
      for (const line of lines) await trx('cus_report_line').insert(line);
    },
    async beforeDelete(rows, { trx }) {
      await trx('cus_report_line').whereIn('report_id', rows.map((r) => Number(r.id))).delete();
    },
    async beforeTransition(rows, transition, { trx, t }) {
      if (transition !== 'submit') return;
      if (LINES_REQUIRED[name]) {
        const lines = await linesOf(trx, rows.map((r) => Number(r.id)));
        if (rows.some((r) => !lines.get(Number(r.id))?.length)) throw new ApiError(t(k('msg.addBills')));
      }
      return () => submittedValues();
    },
  });
}

export const arrivalReportResource = reportResource('arrivalReport');
export const tallyReportResource = reportResource('tallyReport');
export const vehicleConfirmResource = reportResource('vehicleConfirm');
export const reportReceiptTargets = (Object.keys(REPORT_KINDS) as ReportName[]).map((name) => receiptTarget(name, 'cus_report'));
