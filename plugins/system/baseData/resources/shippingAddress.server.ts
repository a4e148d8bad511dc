// Shipping addresses: the city must lie in the province and the county in the city (the
// pickers cascade, the API is checked anyway); a city that has counties needs one. One
// address is the default.
import { FieldError, serverResource, type Row, type WriteContext } from '@core/server';
import { shippingAddressDef } from './shippingAddress';
import { requireExisting } from './references.server';

const L = 'system:baseData.address';

async function region(ctx: WriteContext, field: string, code: unknown, level: string): Promise<Row> {
  return requireExisting(shippingAddressDef, ctx, field, 'sys_region', { code, level });
}

export const shippingAddressResource = serverResource(shippingAddressDef, {
  async validate(input, ctx) {
    await region(ctx, 'provinceCode', input.provinceCode, 'province');
    const city = await region(ctx, 'cityCode', input.cityCode, 'city');
    if (city.parent_code !== input.provinceCode) throw new FieldError({ cityCode: ctx.t(`${L}.cityNotInProvince`) });
    if (input.countyCode) {
      const county = await region(ctx, 'countyCode', input.countyCode, 'county');
      if (county.parent_code !== input.cityCode) throw new FieldError({ countyCode: ctx.t(`${L}.countyNotInCity`) });
    } else if (await ctx.trx('sys_region').where({ parent_code: input.cityCode, level: 'county' }).first()) {
      throw new FieldError({ countyCode: ctx.t('core:resource.required', { field: ctx.t(`${L}.countyCode`) }) });
    }
  },
  async afterWrite(id, input, { trx }) {
    if (input.isDefault) await trx('sys_shipping_address').whereNot({ id }).where({ is_default: true }).update({ is_default: false });
  },
});
