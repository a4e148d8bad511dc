// Picker options of the base data (/api/lookup/system.<name>). Regions carry their parent's
// code, so a form can narrow cities to the chosen province and counties to the chosen city.
import type { LookupOption, PortPlugin } from '../../../core/plugin';

type Lookup = NonNullable<PortPlugin['lookups']>[string];
type RegionRow = { code: string; name: string; parent_code: string | null };

const regionsOf = (levels: string[]): Lookup =>
  async ({ knex }) => {
    const rows: RegionRow[] = await knex('sys_region').whereIn('level', levels).select('code', 'name', 'parent_code').orderBy('code');
    const withCode = levels.length > 1;
    return rows.map((r): LookupOption => ({ value: r.code, label: withCode ? `${r.code} ${r.name}` : r.name, parent: r.parent_code }));
  };

export const baseDataLookups: Record<string, Lookup> = {
  async countries({ knex }) {
    const rows: { code: string; name_zh: string; name_en: string; name_my: string | null }[] = await knex('sys_country').select('code', 'name_zh', 'name_en', 'name_my').orderBy('code');
    return rows.map((r) => ({ value: r.code, label: `${r.code} ${r.name_zh} / ${r.name_en}`, labels: { en: `${r.code} ${r.name_en}`, my: `${r.code} ${r.name_my || r.name_en}` } }));
  },
  async ports({ knex }) {
    const rows: { code: string; name_zh: string; name_en: string; country_code: string }[] = await knex('sys_port').select('code', 'name_zh', 'name_en', 'country_code').orderBy('code');
    return rows.map((r) => ({ value: r.code, label: `${r.code} ${r.name_zh} / ${r.name_en}`, parent: r.country_code }));
  },
  provinces: regionsOf(['province']),
  cities: regionsOf(['city']),
  counties: regionsOf(['county']),
  /** Regions that can have children: the parent picker of the regions screen. */
  regionParents: regionsOf(['province', 'city']),
};
