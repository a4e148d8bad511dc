// Server rules of the manifests: a manifest is saved whole (header, bills, contacts, goods: the
// document kit's graph) in the engine's one transaction, so a bad line anywhere saves nothing.
// An HS code must be one the code table knows. Submission needs at least one bill and goods
// under every bill (请添加商品).
import { ApiError, FieldError, documentResource, type Row } from '@core/server';
import { k } from './document';
import { headerColumns, receiptTarget, submittedValues } from './document.server';
import { MANIFEST_DOCUMENTS, MANIFEST_KINDS, originalManifestDef, preManifestDef, type ManifestInput, type ManifestName } from './manifest';

type Bill = ManifestInput['bills'][number];

function manifestResource(name: ManifestName) {
  const kind = MANIFEST_KINDS[name];
  const def = name === 'preManifest' ? preManifestDef : originalManifestDef;
  return documentResource(MANIFEST_DOCUMENTS[name], {
    query: (knex) => knex('cus_manifest').select('cus_manifest.*').where('cus_manifest.kind', kind),
    async decorate(rows) {
      for (const r of rows) {
        const bills = r.bills as Row[];
        r.billCount = bills.length;
        r.goodsCount = bills.reduce((n, b) => n + (b.goods as Row[]).length, 0);
      }
    },
    toDb: (_input, { trx, op }, defaults) => headerColumns(def, defaults, op === 'create' ? { trx, table: 'cus_manifest', doc: name, kind } : null),
    // Before the kit writes the lines, in the same transaction.
    async afterWrite(_id, input, { trx, t }) {
      const codes = [...new Set((input.bills as Bill[]).flatMap((b) => b.goods.map((g) => g.hsCode)).filter((c): c is string => !!c))];
      const known = new Set(codes.length ? await trx('cus_hs_code').whereIn('hs_code', codes).pluck('hs_code') : []);
      for (const [i, b] of (input.bills as Bill[]).entries()) {
        const j = b.goods.findIndex((g) => g.hsCode && !known.has(g.hsCode));
        if (j >= 0) throw new FieldError({ bills: t(k('msg.unknownHsCode'), { bill: i + 1, line: j + 1, hsCode: b.goods[j].hsCode }) });
      }
    },
    async beforeTransition(rows, transition, { trx, t }) {
      if (transition !== 'submit') return;
      const ids = rows.map((r) => Number(r.id));
      const bills: Row[] = await trx('cus_manifest_bill').whereIn('manifest_id', ids).select('id', 'manifest_id');
      const withGoods = new Set((await trx('cus_manifest_goods').whereIn('manifest_id', ids).distinct('bill_id')).map((g: Row) => Number(g.bill_id)));
      for (const id of ids) {
        const own = bills.filter((b) => Number(b.manifest_id) === id);
        if (!own.length) throw new ApiError(t(k('msg.addBills')));
        if (own.some((b) => !withGoods.has(Number(b.id)))) throw new ApiError(t(k('msg.addGoods')));
      }
      return () => submittedValues();
    },
  });
}

export const preManifestResource = manifestResource('preManifest');
export const originalManifestResource = manifestResource('originalManifest');
export const manifestReceiptTargets = [receiptTarget('preManifest', 'cus_manifest'), receiptTarget('originalManifest', 'cus_manifest')];
