// Country codes are unique in all three ISO forms; a country with ports stays.
import { serverResource } from '@core/server';
import { countryDef } from './country';
import { refuseCodeChangeWhileReferenced, refuseDeleteWhileReferenced, type Referrer } from './references.server';

const referrers: Referrer[] = [{ table: 'sys_port', column: 'country_code', titleKey: 'system:baseData.port.title' }];

export const countryResource = serverResource(countryDef, {
  async validate(input, ctx) {
    await refuseCodeChangeWhileReferenced(countryDef, input, ctx, 'code', referrers);
  },
  async beforeDelete(rows, ctx) {
    await refuseDeleteWhileReferenced(countryDef, rows, ctx, 'code', referrers);
  },
});
