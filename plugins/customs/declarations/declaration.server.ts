// Declaration rules on the server. A declaration and all its goods lines, licences and
// documents save in one transaction (the engine's create/update transaction): a bad third
// line leaves nothing behind. Goods lines name an HS code in force; its required
// declaration elements must be filled, and the specification model is built from them in
// order. Submission needs goods and assigns the pre-entry number; customs receipts move
// the declaration on (see ../receipts).
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { ApiError, FieldError, claimUpload, filesOf, releaseUploads, serverResource, type HookContext, type Row } from '@core/server';
import type { SessionUser } from '@core/shared';
import { enterpriseOfUser } from '../enterprise/enterprise.server';
import type { ReceiptTarget } from '../receipts/receipts.server';
import { restrictOrders, TRADER, BROKER } from '../orders/order.server';
import { checkGoods, declarationDef, DOC_TYPES, specModel, type GoodsLine } from './declaration';

const RESOURCE = 'customs.declaration';

/** Brokers see their enterprise's declarations, traders those made for their orders, the platform all. */
export function restrictDeclarations(qb: Knex.QueryBuilder, user: SessionUser, knex: Knex): void {
  if (user.isAdmin) return;
  if (user.userType === BROKER) qb.whereIn('cus_declaration.broker_enterprise_id', knex('cus_enterprise').select('id').where({ user_id: user.id }));
  else if (user.userType === TRADER) {
    const orders = knex('cus_service_order').select('cus_service_order.id');
    restrictOrders(orders, user, knex);
    qb.whereIn('cus_declaration.service_order_id', orders);
  }
}

function lineValues(declarationId: number, itemNo: number, g: GoodsLine, spec: string): Row {
  return {
    declaration_id: declarationId,
    item_no: itemNo,
    hs_code: g.hsCode,
    goods_name: g.goodsName,
    ciq_name: g.ciqName ?? null,
    spec_model: spec,
    elements: JSON.stringify(g.elements ?? {}),
    qty: g.qty,
    unit: g.unit,
    unit_price: g.unitPrice,
    total_price: g.totalPrice,
    currency: g.currency,
    origin_country: g.originCountry ?? null,
    dest_country: g.destCountry ?? null,
    duty_mode: g.dutyMode ?? null,
    legal_qty1: g.legalQty1 ?? null,
    legal_unit1: g.legalUnit1 ?? null,
    legal_qty2: g.legalQty2 ?? null,
    legal_unit2: g.legalUnit2 ?? null,
    expiry_date: g.expiryDate ?? null,
    shelf_life_days: g.shelfLifeDays ?? null,
    overseas_maker: g.overseasMaker ?? null,
    brand: g.brand ?? null,
    model: g.model ?? null,
    production_date: g.productionDate ?? null,
    batch_no: g.batchNo ?? null,
    volume_cbm: g.volumeCbm ?? null,
    dangerous: !!g.dangerous,
    un_code: g.unCode ?? null,
    danger_name: g.dangerName ?? null,
    danger_pack_type: g.dangerPackType ?? null,
    danger_pack_spec: g.dangerPackSpec ?? null,
  };
}

/** Saves the goods lines of a declaration (replacing the previous ones), checking each HS code. */
async function saveGoods(trx: Knex.Transaction, id: number, lines: GoodsLine[], t: TFunction): Promise<void> {
  await trx('cus_decl_licence').where({ declaration_id: id }).delete();
  await trx('cus_decl_goods').where({ declaration_id: id }).delete();
  for (const [i, g] of lines.entries()) {
    const line = i + 1;
    const fail = (message: string) => new FieldError({ goods: t('customs:declarations.msg.lineError', { line, message }) });
    const hs = await trx('cus_hs_code').where({ hs_code: g.hsCode }).first();
    if (!hs || hs.flag !== 'valid') throw fail(t('customs:declarations.msg.unknownHs', { hs: g.hsCode }));
    const elements: { seq: number; name: string; is_required: unknown }[] = await trx('cus_hs_element').where({ hs_code: g.hsCode }).orderBy('seq');
    for (const e of elements) {
      const filled = (g.elements?.[String(e.seq)] ?? '').trim();
      if ((e.is_required === true || Number(e.is_required) === 1) && !filled) throw fail(t('customs:declarations.msg.elementRequired', { name: e.name }));
    }
    const spec = specModel(elements.map((e) => ({ seq: Number(e.seq) })), g.elements ?? {});
    if (spec.length > 500) throw fail(t('customs:declarations.msg.specTooLong'));
    const [goodsId] = await trx('cus_decl_goods').insert(lineValues(id, line, g, spec));
    if (g.licences?.length) {
      await trx('cus_decl_licence').insert(
        g.licences.map((l) => ({
          declaration_id: id,
          goods_id: Number(goodsId),
          licence_type: l.licenceType,
          licence_no: l.licenceNo,
          verified_serial: l.verifiedSerial ?? null,
          qty: l.qty ?? null,
          unit: l.unit ?? null,
        })),
      );
    }
  }
}

interface DocInput {
  fileId: number;
  docType: string;
  docNo: string | null;
}

function checkDocuments(raw: unknown[], t: TFunction): DocInput[] {
  return raw.map((d, i) => {
    const r = (d ?? {}) as Record<string, unknown>;
    const fileId = Number(r.fileId);
    const docType = String(r.docType ?? '');
    const docNo = typeof r.docNo === 'string' && r.docNo.trim() ? r.docNo.trim().slice(0, 64) : null;
    if (!Number.isInteger(fileId) || fileId <= 0) throw new FieldError({ documents: t('customs:declarations.msg.docFile', { line: i + 1 }) });
    if (!(DOC_TYPES as readonly string[]).includes(docType)) throw new FieldError({ documents: t('customs:declarations.msg.docType', { line: i + 1 }) });
    return { fileId, docType, docNo };
  });
}

async function saveDocuments(trx: Knex.Transaction, id: number, docs: DocInput[], user: SessionUser, t: TFunction): Promise<void> {
  // Files dropped from the list stop belonging to the declaration.
  await claimUpload(trx, { resource: RESOURCE, recordId: id, fileIds: docs.map((d) => d.fileId), user, t, only: true });
  await trx('cus_decl_document').where({ declaration_id: id }).delete();
  if (docs.length) await trx('cus_decl_document').insert(docs.map((d) => ({ declaration_id: id, file_id: d.fileId, doc_type: d.docType, doc_no: d.docNo })));
}

const toApiGoods = (g: Record<string, unknown>, licences: Record<string, unknown>[]) => {
  // MariaDB hands DECIMAL back as text with the column's scale, SQLite as a number: both
  // come out as the column's text ("13000.00"), so the form and the print read the same.
  const dec = (v: unknown, scale: number) => (v === null || v === undefined || v === '' ? null : new Decimal(String(v)).toFixed(scale));
  const day = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
  return {
    id: Number(g.id),
    itemNo: Number(g.item_no),
    hsCode: g.hs_code,
    goodsName: g.goods_name,
    ciqName: g.ciq_name,
    specModel: g.spec_model,
    elements: JSON.parse(String(g.elements || '{}')),
    qty: dec(g.qty, 5),
    unit: g.unit,
    unitPrice: dec(g.unit_price, 4),
    totalPrice: dec(g.total_price, 2),
    currency: g.currency,
    originCountry: g.origin_country,
    destCountry: g.dest_country,
    dutyMode: g.duty_mode,
    legalQty1: dec(g.legal_qty1, 5),
    legalUnit1: g.legal_unit1,
    legalQty2: dec(g.legal_qty2, 5),
    legalUnit2: g.legal_unit2,
    expiryDate: day(g.expiry_date),
    shelfLifeDays: g.shelf_life_days === null ? null : Number(g.shelf_life_days),
    overseasMaker: g.overseas_maker,
    brand: g.brand,
    model: g.model,
    productionDate: day(g.production_date),
    batchNo: g.batch_no,
    volumeCbm: dec(g.volume_cbm, 3),
    dangerous: g.dangerous === true || Number(g.dangerous) === 1,
    unCode: g.un_code,
    dangerName: g.danger_name,
    dangerPackType: g.danger_pack_type,
    dangerPackSpec: g.danger_pack_spec,
    licences: licences
      .filter((l) => Number(l.goods_id) === Number(g.id))
      .map((l) => ({ licenceType: l.licence_type, licenceNo: l.licence_no, verifiedSerial: l.verified_serial, qty: dec(l.qty, 5), unit: l.unit })),
  };
};

/** Goods lines (with licences) and documents (with their files) of some declarations. */
export async function declarationDetails(knex: Knex, ids: number[]) {
  const goods: Record<string, unknown>[] = ids.length ? await knex('cus_decl_goods').whereIn('declaration_id', ids).orderBy(['declaration_id', 'item_no']) : [];
  const licences: Record<string, unknown>[] = ids.length ? await knex('cus_decl_licence').whereIn('declaration_id', ids).orderBy('id') : [];
  const docs: Record<string, unknown>[] = ids.length ? await knex('cus_decl_document').whereIn('declaration_id', ids).orderBy('id') : [];
  const files = await filesOf(knex, RESOURCE, ids);
  return ids.map((id) => ({
    id,
    goods: goods.filter((g) => Number(g.declaration_id) === id).map((g) => toApiGoods(g, licences)),
    documents: docs
      .filter((d) => Number(d.declaration_id) === id)
      .map((d) => ({ fileId: Number(d.file_id), docType: d.doc_type, docNo: d.doc_no, file: files.find((f) => f.id === Number(d.file_id)) ?? null })),
  }));
}

function pad(n: number, len: number): string {
  return String(n).padStart(len, '0');
}

/** Code fields must name entries of the code tables (customs, parameters, ports, countries). */
async function checkCodes(input: Row, { trx, t, lookup }: HookContext): Promise<void> {
  const missing = (field: string) => new FieldError({ [field]: t('customs:declarations.msg.unknownCode', { field: t(`customs:declarations.${field}`) }) });
  for (const field of ['ieCustoms', 'declCustoms']) {
    if (!(await trx('cus_customs_port').where({ customs_code: input[field] }).first())) throw missing(field);
  }
  const qp: [string, string][] = [
    ['transportMode', 'transportMode'],
    ['supervisionMode', 'tradeMode'],
    ['levyNature', 'levyNature'],
    ['transactionMode', 'transactionMode'],
    ['packageType', 'packageType'],
  ];
  for (const [field, type] of qp) {
    if (input[field] && !(await trx('cus_customs_qp').where({ qp_type: type, qp_code: input[field] }).first())) throw missing(field);
  }
  for (const field of ['portOfCall', 'entryPort']) {
    if (!(await trx('cus_port_code').where({ port_code: input[field] }).first())) throw missing(field);
  }
  // Countries come from the system plugin's picker (its table is not ours to read), read through the write's transaction.
  const countries = new Set((await lookup('system.countries')).map((c) => c.value));
  for (const field of ['departCountry', 'tradeCountry']) if (!countries.has(String(input[field]))) throw missing(field);
  for (const [i, g] of ((input.goods as Row[]) ?? []).entries()) {
    for (const field of ['originCountry', 'destCountry']) {
      if (g[field] && !countries.has(String(g[field]))) throw new FieldError({ goods: t('customs:declarations.msg.lineError', { line: i + 1, message: t('customs:declarations.msg.unknownCode', { field: t(`customs:declarations.goods.${field}`) }) }) });
    }
    for (const field of ['unit', 'legalUnit1', 'legalUnit2']) {
      if (g[field] && !(await trx('cus_customs_qp').where({ qp_type: 'unit', qp_code: g[field] }).first())) {
        throw new FieldError({ goods: t('customs:declarations.msg.lineError', { line: i + 1, message: t('customs:declarations.msg.unknownCode', { field: t(`customs:declarations.goods.${field}`) }) }) });
      }
    }
    if (g.currency && !(await trx('cus_customs_qp').where({ qp_type: 'currency', qp_code: g.currency }).first())) {
      throw new FieldError({ goods: t('customs:declarations.msg.lineError', { line: i + 1, message: t('customs:declarations.msg.unknownCode', { field: t('customs:declarations.goods.currency') }) }) });
    }
  }
}

export const declarationResource = serverResource(declarationDef, {
  restrict: restrictDeclarations,
  async decorate(rows, knex) {
    const details = await declarationDetails(knex, rows.map((r) => Number(r.id)));
    for (const r of rows) Object.assign(r, details.find((d) => d.id === Number(r.id)));
  },
  async validate(input, ctx) {
    const { trx, t, actor } = ctx;
    const { errors } = checkGoods(t, (input.goods as unknown[]) ?? []);
    if (errors.length) throw new FieldError({ goods: errors[0].message });
    await checkCodes(input, ctx);
    checkDocuments((input.documents as unknown[]) ?? [], t);
    if (input.serviceOrderId) {
      const q = trx('cus_service_order').where('cus_service_order.id', Number(input.serviceOrderId));
      restrictOrders(q, actor.user, trx);
      const order = await q.first();
      if (!order) throw new FieldError({ serviceOrderId: t('customs:declarations.msg.orderUnknown') });
      if (!['approved', 'inProgress'].includes(order.status)) throw new FieldError({ serviceOrderId: t('customs:declarations.msg.orderNotWorking') });
      if (order.decl_type !== input.ieFlag) throw new FieldError({ ieFlag: t('customs:declarations.msg.ieMismatch') });
    }
    if (actor.user.userType === BROKER && !(await enterpriseOfUser(trx, actor.user.id))) throw new ApiError(t('customs:declarations.msg.enterpriseRequired'));
  },
  async toDb(input, { trx, actor, op }, defaults) {
    const values: Row = { ...defaults };
    if (input.serviceOrderId) {
      const order = await trx('cus_service_order').where({ id: Number(input.serviceOrderId) }).first();
      values.order_no = order?.order_no ?? values.order_no ?? null;
    }
    if (op === 'create') {
      const mine = await enterpriseOfUser(trx, actor.user.id);
      Object.assign(values, {
        seq_no: `TMP${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
        status: 'draft',
        broker_enterprise_id: mine?.id ?? null,
      });
    }
    return values;
  },
  async afterWrite(id, input, { trx, t, actor, op }) {
    if (op === 'create') {
      const d = new Date();
      await trx('cus_declaration').where({ id }).update({ seq_no: `D${d.getFullYear()}${pad(d.getMonth() + 1, 2)}${pad(d.getDate(), 2)}${pad(id, 8)}` });
    }
    await saveGoods(trx, id, checkGoods(t, (input.goods as unknown[]) ?? []).lines, t);
    await saveDocuments(trx, id, checkDocuments((input.documents as unknown[]) ?? [], t), actor.user, t);
  },
  async beforeDelete(rows, { trx }) {
    const ids = rows.map((r) => Number(r.id));
    await trx('cus_decl_licence').whereIn('declaration_id', ids).delete();
    await trx('cus_decl_goods').whereIn('declaration_id', ids).delete();
    await trx('cus_decl_document').whereIn('declaration_id', ids).delete();
    await releaseUploads(trx, RESOURCE, ids);
  },
  async beforeTransition(rows, name, { trx, t }) {
    if (name !== 'submit') return;
    for (const r of rows) {
      const goods = await trx('cus_decl_goods').where({ declaration_id: r.id }).first();
      if (!goods) throw new ApiError(t('customs:declarations.msg.addGoodsFor', { no: r.seqNo }));
    }
    const today = new Date().toISOString().slice(0, 10);
    return (row) => {
      const values: Row = { reject_reason: null };
      if (!row.preEntryNo) values.pre_entry_no = `${row.ieCustoms}${new Date().getFullYear()}${row.ieFlag === 'I' ? '1' : '0'}${pad(Number(row.id), 9)}`;
      if (!row.declDate) values.decl_date = today;
      return values;
    };
  },
});

/** How customs receipts move a declaration (accepted, inspection, released, rejected). */
export const DECLARATION_RECEIPT_CODES = ['ACCEPTED', 'INSPECTION', 'RELEASED', 'REJECTED'] as const;

export const declarationReceipts: ReceiptTarget = {
  docType: 'declaration',
  table: 'cus_declaration',
  noColumn: 'seq_no',
  statusColumn: 'status',
  resource: RESOURCE,
  reasonColumn: 'reject_reason',
  rejectCodes: ['REJECTED'],
  statusFor(code, current) {
    const moves: Record<string, { from: string[]; to: string }> = {
      ACCEPTED: { from: ['submitted'], to: 'accepted' },
      INSPECTION: { from: ['submitted', 'accepted'], to: 'inspection' },
      RELEASED: { from: ['submitted', 'accepted', 'inspection'], to: 'released' },
      REJECTED: { from: ['submitted', 'accepted', 'inspection'], to: 'rejected' },
    };
    const m = moves[code];
    return m && m.from.includes(current) ? m.to : null;
  },
};
