// Test helpers of the sources area: date-times from now, a valid source payload, and ids of the
// demo rows by name (the area needs the fleets, customers and assignment areas' demo data).
import type { Knex } from 'knex';

/** `days` from today at `hour`:00 (server time), as the API takes it. */
export const at = (days: number, hour: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  return d.toISOString();
};

export const idOf = async (knex: Knex, table: string, where: Record<string, unknown>) => {
  const row = await knex(table).where(where).first('id');
  if (!row) throw new Error(`no ${table} ${JSON.stringify(where)}`);
  return Number(row.id);
};

/** The demo shipper's customer and its contract line (85.00/t, adjusted to 88.00). */
export const SHIPPER_CUSTOMER = '瑞丽云海橡胶进出口有限公司';
export const MUSE_LINE = '木姐 Muse 105 mile→瑞丽';

export const sourcePayload = (customerId: number | null, lineId: number, over: Record<string, unknown> = {}) => ({
  customerId,
  goods: 'G002',
  tonnes: '50',
  containers: null,
  lineId,
  vehicleType: null,
  dangerousGoods: false,
  loadingFrom: at(2, 8),
  loadingTo: at(2, 18),
  unloadBy: at(3, 12),
  remark: null,
  ...over,
});
