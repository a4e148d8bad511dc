// Accounts receivable (应收账款): the outstanding bills a user may collect, aged by bill date
// into the usual buckets (0–30, 31–60, 61–90, over 90 days), per currency.
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import type { RequestContext } from '@core/server';
import type { SessionUserLike } from '@core/shared';
import { ageInDays, BILL, billReceivableResource, money, restrictReceivable } from './bills.server';
import type { AgingBucket } from './bill';


export function bucketOf(days: number): AgingBucket {
  if (days <= 30) return 'd0_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'd90';
}

export interface AgingLine extends Record<AgingBucket, string> {
  currency: string;
  count: number;
  total: string;
}

export async function receivableAging(knex: Knex, user: SessionUserLike, today = new Date()): Promise<AgingLine[]> {
  const q = knex(BILL).select('currency', 'amount', 'bill_date');
  restrictReceivable(q, user);
  const rows: { currency: string; amount: unknown; bill_date: unknown }[] = await q;
  const byCurrency = new Map<string, { count: number; total: Decimal; buckets: Record<AgingBucket, Decimal> }>();
  for (const r of rows) {
    const line = byCurrency.get(r.currency) ?? { count: 0, total: new Decimal(0), buckets: { d0_30: new Decimal(0), d31_60: new Decimal(0), d61_90: new Decimal(0), d90: new Decimal(0) } };
    const amount = new Decimal(String(r.amount));
    const b = bucketOf(ageInDays(r.bill_date, today));
    line.count += 1;
    line.total = line.total.plus(amount);
    line.buckets[b] = line.buckets[b].plus(amount);
    byCurrency.set(r.currency, line);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, l]) => ({ currency, count: l.count, total: money(l.total), d0_30: money(l.buckets.d0_30), d31_60: money(l.buckets.d31_60), d61_90: money(l.buckets.d61_90), d90: money(l.buckets.d90) }));
}

/** The receivables, their screen showing the bills aged per currency above the list. */
export const receivableResource = { ...billReceivableResource, screen: { data: async ({ knex, user }: RequestContext) => ({ aging: await receivableAging(knex, user) }) } };
