// Server rules for CIQ codes: unique codes, an HS code that exists, a parent that exists
// and is not the code itself; a parent of other codes cannot be deleted.
import { ApiError, FieldError, serverResource } from '@core/server';
import { ciqCodeDef } from './ciq';

export const ciqCodeResource = serverResource(ciqCodeDef, {
  async validate(input, { trx, t, before }) {
    if (input.hsCode && !(await trx('cus_hs_code').where({ hs_code: input.hsCode }).first())) {
      throw new FieldError({ hsCode: t('customs:hsElement.unknownHsCode') });
    }
    if (input.parentCode) {
      const parent = input.parentCode === input.ciqCode ? null : await trx('cus_ciq_code').where({ ciq_code: input.parentCode }).first();
      if (!parent) throw new FieldError({ parentCode: t('core:resource.invalid', { field: t('customs:ciqCode.parentCode') }) });
    }
    if (before && before.ciqCode !== input.ciqCode && (await trx('cus_ciq_code').where({ parent_code: before.ciqCode }).first())) {
      throw new FieldError({ ciqCode: t('customs:ciqCode.hasChildren') });
    }
  },
  async beforeDelete(rows, { trx, t }) {
    const codes = rows.map((r) => String(r.ciqCode));
    const child = await trx('cus_ciq_code').whereIn('parent_code', codes).whereNotIn('ciq_code', codes).first();
    if (child) throw new ApiError(t('customs:ciqCode.hasChildren'));
  },
});
