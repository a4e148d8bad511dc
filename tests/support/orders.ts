// A customs service order as the demo trader places it, for the tests of customs' orders and of
// the hand-off of an approved order to finance's bills.
import type { Knex } from 'knex';

/** The id of a user's enterprise (an order names its broker's). */
export async function enterpriseIdOf(knex: Knex, username: string): Promise<number> {
  const row = await knex('cus_enterprise').join('sys_user', 'sys_user.id', 'cus_enterprise.user_id').where('sys_user.username', username).first('cus_enterprise.id');
  return Number(row.id);
}

export const serviceOrderInput = (brokerId: number, over: Record<string, unknown> = {}) => ({
  declType: 'I',
  customerName: '瑞丽进口客户',
  declCustoms: '8601',
  tradeCountry: 'MM',
  arrivalCountry: 'MM',
  productCount: 2,
  orderType: 'general',
  amount: '12500.50',
  currency: 'RMB',
  brokerId,
  customsAreaCode: '8601',
  remark: '缅甸玉米进口报关',
  ...over,
});
