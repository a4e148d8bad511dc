// Server rules for ECIQ basic data: unique type codes; a type in use keeps its code and
// cannot be deleted; codes name an existing type and are unique within it.
import { ApiError, FieldError, serverResource } from '@core/server';
import { eciqDataDef, eciqTypeDef } from './eciq';

export const eciqTypeResource = serverResource(eciqTypeDef, {
  async validate(input, { trx, t, before }) {
    if (before && before.typeCode !== input.typeCode && (await trx('cus_eciq_data').where({ type_code: before.typeCode }).first())) {
      throw new FieldError({ typeCode: t('customs:eciqType.inUse') });
    }
  },
  async beforeDelete(rows, { trx, t }) {
    const used = await trx('cus_eciq_data').whereIn('type_code', rows.map((r) => String(r.typeCode))).first();
    if (used) throw new ApiError(t('customs:eciqType.inUse'));
  },
});

export const eciqDataResource = serverResource(eciqDataDef, {
  async validate(input, { trx, t }) {
    if (!(await trx('cus_eciq_type').where({ type_code: input.typeCode }).first())) {
      throw new FieldError({ typeCode: t('core:resource.invalid', { field: t('customs:eciqData.typeCode') }) });
    }
  },
});
