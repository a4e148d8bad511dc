// Picker options of the base data (/api/lookup/system.<name>). Regions carry their parent's
// code, so a form can narrow cities to the chosen province and counties to the chosen city.
import { tableLookup, type LookupDef } from '@core/server';

/** Several levels (the parent picker) show codes too. */
const regionsOf = (levels: string[]): LookupDef =>
  tableLookup({ table: 'sys_region', value: 'code', label: levels.length > 1 ? '{code} {name}' : 'name', parent: 'parent_code', where: (q) => q.whereIn('level', levels) });

export const baseDataLookups: Record<string, LookupDef> = {
  countries: tableLookup({ table: 'sys_country', value: 'code', label: '{code} {name_zh} / {name_en}', labels: { en: '{code} {name_en}', my: '{code} {name_my|name_en}' } }),
  ports: tableLookup({ table: 'sys_port', value: 'code', label: '{code} {name_zh} / {name_en}', labels: { en: '{code} {name_en}', my: '{code} {name_my|name_en}' }, parent: 'country_code' }),
  provinces: regionsOf(['province']),
  cities: regionsOf(['city']),
  counties: regionsOf(['county']),
  /** Goods names (cfdGood), in the user's language where the table has it. */
  goods: tableLookup({ table: 'sys_goods', value: 'code', label: '{code} {name}', labels: { en: '{code} {name_en}', my: '{code} {name_my|name_en}' } }),
  /** Yards and berths with their port, for pickers of the port areas. */
  yards: tableLookup({ table: 'sys_yard', value: 'code', label: '{code} {name}', parent: 'port_code' }),
  berths: tableLookup({ table: 'sys_berth', value: 'code', label: '{code} {name}', parent: 'port_code' }),
  /** Regions that can have children: the parent picker of the regions screen. */
  regionParents: regionsOf(['province', 'city']),
};
