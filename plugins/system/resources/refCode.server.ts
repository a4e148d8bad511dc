// Server rules for code types and codes: unique type codes, unique codes per type, a type in
// use cannot be deleted, one default per type.
import { ApiError, FieldError, serverResource } from '@core/server';
import { refCodeDef, refCodeTypeDef } from './refCode';

export const refCodeTypeResource = serverResource(refCodeTypeDef, {
  async validate(input, { trx, t, before }) {
    // The type code names its codes' domain: it cannot change once codes exist.
    if (before && before.typeCode !== input.typeCode) {
      const used = await trx('sys_ref_code').where({ rv_domain: before.typeCode }).first();
      if (used) throw new FieldError({ typeCode: t('system:refCodeType.inUse') });
    }
  },
  async beforeDelete(rows, { trx, t }) {
    const used = await trx('sys_ref_code').whereIn('rv_domain', rows.map((r) => String(r.typeCode))).first();
    if (used) throw new ApiError(t('system:refCodeType.inUse'));
  },
});

export const refCodeResource = serverResource(refCodeDef, {
  async validate(input, { trx, t, before }) {
    // An edit that keeps the type and the code keeps what was checked when they were stored (a
    // type with codes cannot be deleted).
    if (before && before.rvDomain === input.rvDomain && before.code === input.code) return;
    const type = await trx('sys_ref_code_type').where({ type_code: input.rvDomain }).first();
    if (!type) throw new FieldError({ rvDomain: t('core:resource.invalid', { field: t('system:refCode.rvDomain') }) });
    if (type.code_length && String(input.code).length > Number(type.code_length)) {
      throw new FieldError({ code: t('core:resource.tooLong', { field: t('system:refCode.code'), max: type.code_length }) });
    }
  },
  async afterWrite(id, input, { trx }) {
    if (input.isDefault) await trx('sys_ref_code').where({ rv_domain: input.rvDomain }).whereNot({ id }).update({ is_default: false });
  },
  afterWriteLeavesRow: true,
});
