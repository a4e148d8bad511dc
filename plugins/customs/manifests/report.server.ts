// Server rules of the arrival, tally and vehicle reports: saved whole (header and bill lines,
// the document kit's) in one transaction; an arrival or tally report is submitted only with
// bill lines.
import { ApiError, documentResource, type Row } from '@core/server';
import { k } from './document';
import { headerColumns, receiptTarget, submittedValues } from './document.server';
import { LINES_REQUIRED, REPORT_DEFS, REPORT_DOCUMENTS, REPORT_KINDS, type ReportName } from './report';

function reportResource(name: ReportName) {
  const kind = REPORT_KINDS[name];
  return documentResource(REPORT_DOCUMENTS[name], {
    query: (knex) => knex('cus_report').select('cus_report.*').where('cus_report.kind', kind),
    async decorate(rows) {
      for (const r of rows) r.lineCount = (r.lines as Row[]).length;
    },
    toDb: (_input, { trx, op }, defaults) => headerColumns(REPORT_DEFS[name], defaults, op === 'create' ? { trx, table: 'cus_report', doc: name, kind } : null),
    async beforeTransition(rows, transition, { trx, t }) {
      if (transition !== 'submit') return;
      if (LINES_REQUIRED[name]) {
        const withLines = new Set(
          (
            await trx('cus_report_line')
              .whereIn(
                'report_id',
                rows.map((r) => Number(r.id)),
              )
              .distinct('report_id')
          ).map((l: Row) => Number(l.report_id)),
        );
        if (rows.some((r) => !withLines.has(Number(r.id)))) throw new ApiError(t(k('msg.addBills')));
      }
      return () => submittedValues();
    },
  });
}

export const arrivalReportResource = reportResource('arrivalReport');
export const tallyReportResource = reportResource('tallyReport');
export const vehicleConfirmResource = reportResource('vehicleConfirm');
export const reportReceiptTargets = (Object.keys(REPORT_KINDS) as ReportName[]).map((name) => receiptTarget(name, 'cus_report'));
