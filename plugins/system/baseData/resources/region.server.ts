// Regions: a parent of the right level must exist; a region with children or used by an
// address can be neither deleted nor recoded, and one with children keeps its level.
import { ApiError, FieldError, serverResource } from '@core/server';
import { PARENT_LEVEL, regionDef, type RegionLevel } from './region';
import { refuseCodeChangeWhileReferenced, refuseDeleteWhileReferenced, requireExisting, type Referrer } from './references.server';

const L = 'system:baseData.region';
const addressTitle = 'system:baseData.address.title';
const addressReferrers: Referrer[] = [
  { table: 'sys_shipping_address', column: 'province_code', titleKey: addressTitle },
  { table: 'sys_shipping_address', column: 'city_code', titleKey: addressTitle },
  { table: 'sys_shipping_address', column: 'county_code', titleKey: addressTitle },
];

export const regionResource = serverResource(regionDef, {
  async validate(input, ctx) {
    const parentLevel = PARENT_LEVEL[input.level as RegionLevel];
    if (parentLevel) {
      const parent = await requireExisting(regionDef, ctx, 'parentCode', 'sys_region', { code: input.parentCode });
      if (parent.level !== parentLevel) throw new FieldError({ parentCode: ctx.t(parentLevel === 'province' ? `${L}.parentMustBeProvince` : `${L}.parentMustBeCity`) });
    }
    const before = ctx.before;
    if (before && (before.code !== input.code || before.level !== input.level)) {
      const child = await ctx.trx('sys_region').where({ parent_code: before.code }).first();
      if (child) throw new FieldError({ [before.code !== input.code ? 'code' : 'level']: ctx.t(`${L}.levelLocked`) });
    }
    await refuseCodeChangeWhileReferenced(regionDef, input, ctx, 'code', addressReferrers);
  },
  async beforeDelete(rows, ctx) {
    const codes = rows.map((r) => String(r.code));
    // Deleting a parent together with all its children is fine; leaving orphans is not.
    const orphan = await ctx.trx('sys_region').whereIn('parent_code', codes).whereNotIn('code', codes).first();
    if (orphan) {
      const parent = rows.find((r) => r.code === orphan.parent_code)!;
      throw new ApiError(ctx.t(`${L}.hasChildren`, { name: String(parent.name) }));
    }
    await refuseDeleteWhileReferenced(regionDef, rows, ctx, 'code', addressReferrers);
  },
});
