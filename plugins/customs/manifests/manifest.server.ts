// Server rules of the manifests: a manifest is saved whole (header, bills, contacts, goods) in
// the engine's one transaction, so a bad line anywhere saves nothing; lines are rewritten on
// every save of a draft. Submission needs at least one bill and goods under every bill (请添加商品).
import type { Knex } from 'knex';
import { ApiError, FieldError } from '../../../core/http/envelope.server';
import { serverResource, type Row, type WriteContext } from '../../../core/resource/define.server';
import { decimalOut, k } from './document';
import { headerColumns, receiptTarget, submittedValues } from './document.server';
import { MANIFEST_KINDS, originalManifestDef, preManifestDef, type ManifestInput, type ManifestName } from './manifest';

type Bill = ManifestInput['bills'][number];

/** Bills with their contacts and goods, in API form, per manifest id. */
export async function billsOf(knex: Knex, manifestIds: number[]): Promise<Map<number, Row[]>> {
  const out = new Map<number, Row[]>(manifestIds.map((id) => [id, []]));
  if (!manifestIds.length) return out;
  const bills: Row[] = await knex('cus_manifest_bill').whereIn('manifest_id', manifestIds).orderBy(['manifest_id', 'seq']);
  const contacts: Row[] = await knex('cus_manifest_contact').whereIn('manifest_id', manifestIds).orderBy('id');
  const goods: Row[] = await knex('cus_manifest_goods').whereIn('manifest_id', manifestIds).orderBy(['bill_id', 'seq']);
  for (const b of bills) {
    const billId = Number(b.id);
    out.get(Number(b.manifest_id))!.push({
      id: billId,
      billNo: b.bill_no,
      clearanceCode: b.clearance_code,
      totalPieces: Number(b.total_pieces),
      grossWeight: decimalOut(b.gross_weight),
      cargoValue: decimalOut(b.cargo_value),
      currency: b.currency,
      consigneeName: b.consignee_name ?? null,
      carriageTerms: b.carriage_terms ?? null,
      freightPayment: b.freight_payment,
      packageType: b.package_type,
      volume: decimalOut(b.volume),
      lclCode: b.lcl_code ?? null,
      contacts: contacts
        .filter((c) => Number(c.bill_id) === billId)
        .map((c) => ({ id: Number(c.id), role: c.role, code: c.code ?? null, name: c.name, phone: c.phone ?? null, commType: c.comm_type ?? null })),
      goods: goods
        .filter((g) => Number(g.bill_id) === billId)
        .map((g) => ({
          id: Number(g.id),
          seq: Number(g.seq),
          quantity: decimalOut(g.quantity),
          description: g.description ?? null,
          grossWeight: decimalOut(g.gross_weight),
          packageType: g.package_type ?? null,
          dangerousNo: g.dangerous_no ?? null,
          hsCode: g.hs_code ?? null,
          supplement: g.supplement ?? null,
        })),
    });
  }
  return out;
}

async function deleteLines(trx: Knex, manifestIds: number[]): Promise<void> {
  for (const table of ['cus_manifest_goods', 'cus_manifest_contact', 'cus_manifest_bill']) await trx(table).whereIn('manifest_id', manifestIds).delete();
}

/** Writes the bills with their contacts and goods; an HS code must be one the code table knows. */
async function writeBills(manifestId: number, bills: Bill[], { trx, t }: WriteContext): Promise<void> {
  const knownHs = new Map<string, boolean>();
  for (const [i, b] of bills.entries()) {
    const [billId] = await trx('cus_manifest_bill').insert({
      manifest_id: manifestId,
      seq: i + 1,
      bill_no: b.billNo,
      clearance_code: b.clearanceCode,
      total_pieces: b.totalPieces,
      gross_weight: b.grossWeight,
      cargo_value: b.cargoValue,
      currency: b.currency,
      consignee_name: b.consigneeName,
      carriage_terms: b.carriageTerms,
      freight_payment: b.freightPayment,
      package_type: b.packageType,
      volume: b.volume,
      lcl_code: b.lclCode,
    });
    for (const c of b.contacts) {
      await trx('cus_manifest_contact').insert({ manifest_id: manifestId, bill_id: Number(billId), role: c.role, code: c.code, name: c.name, phone: c.phone, comm_type: c.commType });
    }
    for (const [j, g] of b.goods.entries()) {
      if (g.hsCode) {
        if (!knownHs.has(g.hsCode)) knownHs.set(g.hsCode, !!(await trx('cus_hs_code').where({ hs_code: g.hsCode }).first()));
        if (!knownHs.get(g.hsCode)) throw new FieldError({ bills: t(k('msg.unknownHsCode'), { bill: i + 1, line: j + 1, hsCode: g.hsCode }) });
      }
      await trx('cus_manifest_goods').insert({
        manifest_id: manifestId,
        bill_id: Number(billId),
        seq: g.seq,
        quantity: g.quantity,
        description: g.description,
        gross_weight: g.grossWeight,
        package_type: g.packageType,
        dangerous_no: g.dangerousNo,
        hs_code: g.hsCode,
        supplement: g.supplement,
      });
    }
  }
}

function manifestResource(name: ManifestName) {
  const kind = MANIFEST_KINDS[name];
  const def = name === 'preManifest' ? preManifestDef : originalManifestDef;
  return serverResource(def, {
    query: (knex) => knex('cus_manifest').select('cus_manifest.*').where('cus_manifest.kind', kind),
    async decorate(rows, knex) {
      const bills = await billsOf(knex, rows.map((r) => Number(r.id)));
      for (const r of rows) {
        const list = bills.get(Number(r.id)) ?? [];
        r.bills = list;
        r.billCount = list.length;
        r.goodsCount = list.reduce((n, b) => n + (b.goods as Row[]).length, 0);
      }
    },
    toDb: (_input, { trx, op }, defaults) => headerColumns(def, defaults, op === 'create' ? { trx, table: 'cus_manifest', doc: name, kind } : null),
    async afterWrite(id, input, ctx) {
      if (ctx.op === 'update') await deleteLines(ctx.trx, [id]);
      await writeBills(id, input.bills as Bill[], ctx);
    },
    async beforeDelete(rows, { trx }) {
      await deleteLines(trx, rows.map((r) => Number(r.id)));
    },
    async beforeTransition(rows, transition, { trx, t }) {
      if (transition !== 'submit') return;
      const bills = await billsOf(trx, rows.map((r) => Number(r.id)));
      for (const r of rows) {
        const list = bills.get(Number(r.id)) ?? [];
        if (!list.length) throw new ApiError(t(k('msg.addBills')));
        if (list.some((b) => !(b.goods as Row[]).length)) throw new ApiError(t(k('msg.addGoods')));
      }
      return () => submittedValues();
    },
  });
}

export const preManifestResource = manifestResource('preManifest');
export const originalManifestResource = manifestResource('originalManifest');
export const manifestReceiptTargets = [receiptTarget('preManifest', 'cus_manifest'), receiptTarget('originalManifest', 'cus_manifest')];
