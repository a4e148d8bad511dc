// GET /api/dropDown/queryAllRefCodeList: every code of every type, for clients' drop-downs.
import { api, ok } from '@core/server';

export const loader = api({}, async ({ knex }) => {
  const rows = await knex('sys_ref_code')
    .select('rv_domain', 'code', 'name', 'name_en', 'high_value', 'is_default', 'edi_code')
    .orderBy([{ column: 'rv_domain' }, { column: 'order_num' }, { column: 'code' }]);
  return ok(
    rows.map((r: Record<string, unknown>) => ({
      rvDomain: r.rv_domain,
      rvLowValue: r.code,
      rvHighValue: r.high_value,
      rvMeaning: r.name,
      rvMeaningEn: r.name_en,
      isDefault: r.is_default === true || r.is_default === 1,
      ediCode: r.edi_code,
    })),
  );
});
