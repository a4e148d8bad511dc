// Lines on the server: the allowed vehicle types kept as one comma-separated column; the picker
// of lines (`portops.lines`) and of the vehicle types.
import { defineLookup, serverResource, tableLookup, type LookupDef } from '@core/server';
import { lineDef, UNDERLOAD_TOLERANCE_DEFAULT, VEHICLE_TYPES } from './line';
import { K } from './common';

export const lineResource = serverResource(lineDef, {
  async decorate(rows, knex) {
    const stored: { id: number; vehicle_types: string | null }[] = rows.length
      ? await knex('ops_line')
          .whereIn(
            'id',
            rows.map((r) => Number(r.id)),
          )
          .select('id', 'vehicle_types')
      : [];
    for (const r of rows)
      r.vehicleTypes = String(stored.find((x) => Number(x.id) === Number(r.id))?.vehicle_types ?? '')
        .split(',')
        .filter(Boolean);
  },
  toDb: (input, _ctx, defaults) => ({
    ...defaults,
    vehicle_types: (input.vehicleTypes as string[]).join(','),
    // Left blank: the usual tolerance.
    underload_tolerance: defaults.underload_tolerance ?? UNDERLOAD_TOLERANCE_DEFAULT,
  }),
});

export const lineLookups: Record<string, LookupDef> = {
  lines: tableLookup({
    table: 'ops_line',
    value: 'id',
    label: '{name}',
    orderBy: 'name',
  }),
  // The vehicle types: no one's data.
  lineVehicleTypes: defineLookup({ open: true }, async () => VEHICLE_TYPES.map((v) => ({ value: v, label: `${K}.vehicleType.${v}` }))),
};
