// The reports of the arrival and tally family (4403/4404/4406): export arrival report (出口运抵
// 报告), export tally report (出口理货报告, adds start/end time, tally company, responsible
// person) and cargo vehicle departure and entry confirmation (车辆进出境确认). Each is a header
// with bill lines; one table family with a `kind` column, three resources and screens.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { defineDocument, rules, type DocumentDef, type FieldDef, type ResourceDef } from '@core/shared';
import { BILL_NO, CUSTOMS_CODE, docRules, documentDef, documentHead, ENTERPRISE_CODE, k, PACKAGE_TYPE, PLACE_CODE, TRANSPORT_MODE } from './document';
import { list, LOOKUPS } from './manifest';

export const REPORT_KINDS = { arrivalReport: 'arrival', tallyReport: 'tally', vehicleConfirm: 'vehicle' } as const;
export type ReportName = keyof typeof REPORT_KINDS;
export const DIRECTIONS = ['entry', 'exit'] as const;
/** Container numbers (ISO 6346): owner code, category, serial, check digit. */
export const CONTAINER_NO = /^[A-Z]{4}\d{7}$/;

/** Lines: bills of lading the report covers. Vehicles may cross empty. */
export const LINES_REQUIRED: Record<ReportName, boolean> = { arrivalReport: true, tallyReport: true, vehicleConfirm: false };

export function reportLineSchema(t: TFunction) {
  const r = rules(t);
  const d = docRules(t);
  return z.object({
    billNo: d.code(k('bill.billNo'), BILL_NO),
    containerNo: d.code(k('line.containerNo'), CONTAINER_NO, { optional: true, upper: true }),
    pieces: d.count(k('line.pieces'), { min: 1 }),
    grossWeight: d.decimal(k('bill.grossWeight'), { scale: 3, intDigits: 12, positive: true }),
    packageType: d.code(k('bill.packageType'), PACKAGE_TYPE, { optional: true, upper: true }),
    goodsDesc: r.optionalText(k('line.goodsDesc'), 200),
  });
}

export function reportSchema(name: ReportName, t: TFunction) {
  const r = rules(t);
  const d = docRules(t);
  const common = {
    customsCode: d.code(k('field.customsCode'), CUSTOMS_CODE, { pad: 4 }),
    enterpriseCode: d.code(k('field.enterpriseCode'), ENTERPRISE_CODE, { upper: true }),
    declarantName: r.text(k('field.declarantName'), 100),
    remarks: r.optionalText(k('field.remarks'), 500),
    lines: list(reportLineSchema(t)),
  };
  const batch = d.code(k('field.batchNo'), /^[0-9A-Za-z-]{1,64}$/);
  if (name === 'vehicleConfirm') {
    return z.object({
      ...common,
      plateNo: r.text(k('field.plateNo'), 20),
      driverName: r.text(k('field.driverName'), 50),
      driverIdNo: r.optionalText(k('field.driverIdNo'), 32),
      direction: r.oneOf(k('field.direction'), DIRECTIONS),
      passTime: d.datetime(k('field.passTime')),
      manifestNo: d.code(k('field.manifestNo'), /^[0-9A-Za-z-]{1,64}$/, { optional: true }),
      batchNo: d.code(k('field.batchNo'), /^[0-9A-Za-z-]{1,64}$/, { optional: true }),
    });
  }
  const transport = {
    transportMode: d.code(k('field.transportMode'), TRANSPORT_MODE, { upper: true }),
    batchNo: batch,
    manifestNo: d.code(k('field.manifestNo'), /^[0-9A-Za-z-]{1,64}$/, { optional: true }),
    siteCode: d.code(k('field.siteCode'), PLACE_CODE, { upper: true }),
    conveyanceName: r.optionalText(k('field.conveyanceName'), 100),
  };
  if (name === 'arrivalReport') return z.object({ ...common, ...transport, arrivalTime: d.datetime(k('field.arrivalTime')) });
  return z
    .object({
      ...common,
      ...transport,
      tallyStart: d.datetime(k('field.tallyStart')),
      tallyEnd: d.datetime(k('field.tallyEnd')),
      tallyCompanyCode: d.code(k('field.tallyCompanyCode'), ENTERPRISE_CODE, { upper: true }),
      responsiblePerson: r.text(k('field.responsiblePerson'), 50),
    })
    .superRefine((v, ctx) => {
      if (v.tallyStart && v.tallyEnd && v.tallyEnd < v.tallyStart) ctx.addIssue({ code: 'custom', path: ['tallyEnd'], message: t(k('msg.endBeforeStart')) });
    });
}

function fieldsOf(name: ReportName): FieldDef[] {
  const f = (name_: string, type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({ name: name_, labelKey: k(`field.${name_}`), type, ...extra });
  const head = documentHead(name);
  const tail: FieldDef[] = [
    f('customsCode', 'ref', { lookup: LOOKUPS.customs, filter: 'eq' }),
    f('enterpriseCode', 'string', { maxLength: 32, list: { hidden: true } }),
    f('declarantName', 'string', { maxLength: 100, filter: 'contains' }),
    f('remarks', 'text', { maxLength: 500, list: { hidden: true } }),
    f('lineCount', 'integer', { column: null, form: false, list: { width: 90 } }),
    f('rejectReason', 'string', { form: false, list: { hidden: true } }),
    f('submittedAt', 'datetime', { sortable: true, form: false, list: { hidden: true } }),
    { name: 'lines', column: null, records: true, labelKey: k('section.lines'), type: 'refs', form: false, list: false, export: false, import: false },
    { name: 'updatedAt', column: 'updated_at', labelKey: 'core:resource.updatedAt', type: 'datetime', sortable: true, form: false, list: { hidden: true } },
  ];
  const transport: FieldDef[] = [
    f('batchNo', 'string', { sortable: true, filter: 'contains', maxLength: 64 }),
    f('manifestNo', 'string', { filter: 'contains', maxLength: 64, list: { hidden: true } }),
    f('transportMode', 'ref', { lookup: LOOKUPS.transportModes, list: { hidden: true } }),
    f('siteCode', 'ref', { lookup: LOOKUPS.places }),
    f('conveyanceName', 'string', { maxLength: 100, list: { hidden: true } }),
  ];
  if (name === 'arrivalReport') return [...head, ...transport, f('arrivalTime', 'datetime', { column: 'event_time', sortable: true, filter: 'range' }), ...tail];
  if (name === 'tallyReport') {
    return [
      ...head,
      ...transport,
      f('tallyStart', 'datetime', { sortable: true, filter: 'range' }),
      f('tallyEnd', 'datetime', { sortable: true }),
      f('tallyCompanyCode', 'string', { maxLength: 32 }),
      f('responsiblePerson', 'string', { maxLength: 50, filter: 'contains' }),
      ...tail,
    ];
  }
  return [
    ...head,
    f('plateNo', 'string', { sortable: true, filter: 'contains', maxLength: 20 }),
    f('direction', 'enum', { filter: 'eq', options: DIRECTIONS.map((v) => ({ value: v, labelKey: k(`direction.${v}`) })) }),
    f('driverName', 'string', { filter: 'contains', maxLength: 50 }),
    f('driverIdNo', 'string', { maxLength: 32, list: { hidden: true } }),
    f('passTime', 'datetime', { column: 'event_time', sortable: true, filter: 'range' }),
    f('manifestNo', 'string', { filter: 'contains', maxLength: 64 }),
    f('batchNo', 'string', { filter: 'contains', maxLength: 64, list: { hidden: true } }),
    ...tail,
  ];
}

const reportDef = (name: ReportName) => documentDef(name, 'cus_report', fieldsOf(name), (t) => reportSchema(name, t));
export const arrivalReportDef = reportDef('arrivalReport');
export const tallyReportDef = reportDef('tallyReport');
export const vehicleConfirmDef = reportDef('vehicleConfirm');
export const REPORT_DEFS: Record<ReportName, ResourceDef> = { arrivalReport: arrivalReportDef, tallyReport: tallyReportDef, vehicleConfirm: vehicleConfirmDef };

/** A report's bill lines (cus_report_line, numbered by seq), edited in the document editor. */
function reportDocument(def: ResourceDef): DocumentDef {
  const line = (name: string, type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({ name, labelKey: k(`line.${name}`), type, ...extra });
  return defineDocument({
    resource: def,
    testId: 'report-form',
    sections: [{ titleKey: k('section.basic'), fields: '*' }, { lines: ['lines'] }, { custom: 'receipts' }],
    lines: [
      {
        name: 'lines',
        labelKey: k('section.lines'),
        addKey: k('action.addLine'),
        table: 'cus_report_line',
        foreignKey: 'report_id',
        position: 'seq',
        fields: [
          line('billNo', 'string', { labelKey: k('bill.billNo'), maxLength: 50 }),
          line('containerNo', 'string', { maxLength: 11 }),
          line('pieces', 'integer'),
          line('grossWeight', 'money', { labelKey: k('bill.grossWeight'), scale: 3, trimZeros: true }),
          line('packageType', 'ref', { labelKey: k('bill.packageType'), lookup: LOOKUPS.packageTypes }),
          line('goodsDesc', 'string', { maxLength: 200, list: { width: 180 } }),
        ],
      },
    ],
  });
}

export const REPORT_DOCUMENTS: Record<ReportName, DocumentDef> = {
  arrivalReport: reportDocument(arrivalReportDef),
  tallyReport: reportDocument(tallyReportDef),
  vehicleConfirm: reportDocument(vehicleConfirmDef),
};
