// Server rules for HS codes and their declaration elements: unique HS codes; an HS code in
// use (elements or CIQ codes) keeps its code and cannot be deleted (mark it invalid
// instead); elements name an existing HS code and their order is unique per HS code.
import { ApiError, FieldError, serverResource } from '@core/server';
import { hsCodeDef, hsElementDef } from './hs';

export const hsCodeResource = serverResource(hsCodeDef, {
  async validate(input, { trx, t, before }) {
    if (before && before.hsCode !== input.hsCode) {
      const used = (await trx('cus_hs_element').where({ hs_code: before.hsCode }).first()) || (await trx('cus_ciq_code').where({ hs_code: before.hsCode }).first());
      if (used) throw new FieldError({ hsCode: t('customs:hsCode.inUse') });
    }
  },
  async beforeDelete(rows, { trx, t }) {
    const codes = rows.map((r) => String(r.hsCode));
    const used = (await trx('cus_hs_element').whereIn('hs_code', codes).first()) || (await trx('cus_ciq_code').whereIn('hs_code', codes).first());
    if (used) throw new ApiError(t('customs:hsCode.inUse'));
  },
});

export const hsElementResource = serverResource(hsElementDef, {
  async validate(input, { trx, t }) {
    const hs = await trx('cus_hs_code').where({ hs_code: input.hsCode }).first();
    if (!hs) throw new FieldError({ hsCode: t('customs:hsElement.unknownHsCode') });
  },
});
