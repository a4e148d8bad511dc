// Declaration rules on the server. A declaration and all its goods lines, licences and
// documents save in one transaction (the engine's create/update transaction, the lines by the
// document kit): a bad third line leaves nothing behind. Goods lines name an HS code in force; its required
// declaration elements must be filled, and the specification model is built from them in
// order. Submission needs goods and assigns the pre-entry number; customs receipts move
// the declaration on (see ../receipts).
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { ApiError, FieldError, claimUpload, documentResource, filesOf, releaseUploads, type HookContext, type Row } from '@core/server';
import type { SessionUser } from '@core/shared';
import { ACCOUNT_BROKER, ACCOUNT_TRADER } from '../enterprise/enterprise';
import { enterpriseOfUser } from '../enterprise/enterprise.server';
import type { ReceiptTarget } from '../receipts/receipts.server';
import { restrictOrders } from '../orders/order.server';
import { checkGoods, DOC_TYPES, specModel, type GoodsLine } from './declaration';
import { declarationDocument } from './document';
import { RECEIPT_MOVES } from '../manifests/document';

const RESOURCE = 'customs.declaration';

/** Brokers see their enterprise's declarations, traders those made for their orders, the platform all. */
export function restrictDeclarations(qb: Knex.QueryBuilder, user: SessionUser, knex: Knex): void {
  if (user.isAdmin) return;
  if (user.userType === ACCOUNT_BROKER) qb.whereIn('cus_declaration.broker_enterprise_id', knex('cus_enterprise').select('id').where({ user_id: user.id }));
  else if (user.userType === ACCOUNT_TRADER) {
    const orders = knex('cus_service_order').select('cus_service_order.id');
    restrictOrders(orders, user, knex);
    qb.whereIn('cus_declaration.service_order_id', orders);
  }
}

/**
 * Checks each goods line's HS code (in force, its required declaration elements filled) and
 * gives the lines as the kit saves them: parsed, the specification model built from the
 * elements in order, the elements as JSON text.
 */
async function checkHsCodes(trx: Knex.Transaction, lines: GoodsLine[], t: TFunction): Promise<Row[]> {
  const out: Row[] = [];
  for (const [i, g] of lines.entries()) {
    const fail = (message: string) => new FieldError({ goods: t('customs:declarations.msg.lineError', { line: i + 1, message }) });
    const hs = await trx('cus_hs_code').where({ hs_code: g.hsCode }).first();
    if (!hs || hs.flag !== 'valid') throw fail(t('customs:declarations.msg.unknownHs', { hs: g.hsCode }));
    const elements: { seq: number; name: string; is_required: unknown }[] = await trx('cus_hs_element').where({ hs_code: g.hsCode }).orderBy('seq');
    for (const e of elements) {
      const filled = (g.elements?.[String(e.seq)] ?? '').trim();
      if ((e.is_required === true || Number(e.is_required) === 1) && !filled) throw fail(t('customs:declarations.msg.elementRequired', { name: e.name }));
    }
    const spec = specModel(
      elements.map((e) => ({ seq: Number(e.seq) })),
      g.elements ?? {},
    );
    if (spec.length > 500) throw fail(t('customs:declarations.msg.specTooLong'));
    out.push({ ...g, specModel: spec, elements: JSON.stringify(g.elements ?? {}) });
  }
  return out;
}

function checkDocuments(raw: unknown[], t: TFunction): Row[] {
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
      if (g[field] && !countries.has(String(g[field])))
        throw new FieldError({
          goods: t('customs:declarations.msg.lineError', { line: i + 1, message: t('customs:declarations.msg.unknownCode', { field: t(`customs:declarations.goods.${field}`) }) }),
        });
    }
    for (const field of ['unit', 'legalUnit1', 'legalUnit2']) {
      if (g[field] && !(await trx('cus_customs_qp').where({ qp_type: 'unit', qp_code: g[field] }).first())) {
        throw new FieldError({
          goods: t('customs:declarations.msg.lineError', { line: i + 1, message: t('customs:declarations.msg.unknownCode', { field: t(`customs:declarations.goods.${field}`) }) }),
        });
      }
    }
    if (g.currency && !(await trx('cus_customs_qp').where({ qp_type: 'currency', qp_code: g.currency }).first())) {
      throw new FieldError({
        goods: t('customs:declarations.msg.lineError', { line: i + 1, message: t('customs:declarations.msg.unknownCode', { field: t('customs:declarations.goods.currency') }) }),
      });
    }
  }
}

const declarationRules = documentResource(declarationDocument, {
  restrict: restrictDeclarations,
  // After the kit read the lines: each goods line with its row id (the API has always carried
  // it) and its elements as an object, each document with its file.
  async decorate(rows, knex) {
    const ids = rows.map((r) => Number(r.id));
    const files = await filesOf(knex, RESOURCE, ids);
    const goodsIds: Row[] = ids.length ? await knex('cus_decl_goods').whereIn('declaration_id', ids).orderBy(['declaration_id', 'item_no']).select('id', 'declaration_id') : [];
    for (const r of rows) {
      const own = goodsIds.filter((g) => Number(g.declaration_id) === Number(r.id));
      r.goods = (r.goods as Row[]).map((g, i) => ({ id: Number(own[i]?.id), ...g, elements: JSON.parse(String(g.elements || '{}')) }));
      for (const d of r.documents as Row[]) d.file = files.find((f) => f.id === d.fileId) ?? null;
    }
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
    if (actor.user.userType === ACCOUNT_BROKER && !(await enterpriseOfUser(trx, actor.user.id))) throw new ApiError(t('customs:declarations.msg.enterpriseRequired'));
  },
  async toDb(input, { trx, actor, op }, defaults) {
    const values: Row = { ...defaults };
    if (input.serviceOrderId) {
      const order = await trx('cus_service_order')
        .where({ id: Number(input.serviceOrderId) })
        .first();
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
      await trx('cus_declaration')
        .where({ id })
        .update({ seq_no: `D${d.getFullYear()}${pad(d.getMonth() + 1, 2)}${pad(d.getDate(), 2)}${pad(id, 8)}` });
    }
    // Before the kit saves the lines as given here, in the same transaction.
    input.goods = await checkHsCodes(trx, checkGoods(t, (input.goods as unknown[]) ?? []).lines, t);
    input.documents = checkDocuments((input.documents as unknown[]) ?? [], t);
    // Files dropped from the list stop belonging to the declaration.
    await claimUpload(trx, { resource: RESOURCE, recordId: id, fileIds: (input.documents as Row[]).map((d) => Number(d.fileId)), user: actor.user, t, only: true });
  },
  async beforeDelete(rows, { trx }) {
    await releaseUploads(
      trx,
      RESOURCE,
      rows.map((r) => Number(r.id)),
    );
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

export const declarationReceipts: ReceiptTarget = {
  docType: 'declaration',
  table: 'cus_declaration',
  noColumn: 'seq_no',
  statusColumn: 'status',
  resource: RESOURCE,
  reasonColumn: 'reject_reason',
  rejectCodes: ['REJECTED'],
  statusFor(code, current) {
    // The same customs response codes and moves as the manifests and reports.
    const m = RECEIPT_MOVES[code];
    return m && (m.from as string[]).includes(current) ? m.to : null;
  },
};

export const declarationResource = {
  ...declarationRules,
};
