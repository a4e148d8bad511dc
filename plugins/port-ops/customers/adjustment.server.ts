// Price adjustments on the server: the line's current price and unit recorded with the
// request, the effective date inside the contract's validity, the reviewer never the
// submitter, a shipper's own contracts only; and priceInForce(), the price a waybill uses.
import type { Knex } from 'knex';
import { ApiError, FieldError, serverResource, dayText } from '@core/server';
import { isoDay, type SessionUser } from '@core/shared';
import { adjustmentDef } from './adjustment';
import { K, isPlatform } from './common';
import { ownCustomerIds } from './customer.server';

const TABLE = 'ops_price_adjustment';

export interface PriceInForce {
  price: string;
  unit: string;
  currency: string;
  contractId: number;
  contractNo: string;
  contractLineId: number;
  /** The approved adjustment that set the price, or null for the contract line's own price. */
  adjustmentId: number | null;
}

const money = (v: unknown) => (typeof v === 'number' ? v.toFixed(2) : String(v));

/**
 * The price in force on a day for a contract line (or for a customer's line, through the
 * contract valid that day): the latest approved adjustment effective on or before the day,
 * else the line's contract price; none outside the contract's validity or on an abnormal contract.
 */
export async function priceInForce(
  knex: Knex,
  q: ({ contractLineId: number } | { customerId: number; lineId: number }) & {
    on: Date | string;
  },
): Promise<PriceInForce | null> {
  const day = typeof q.on === 'string' ? q.on.slice(0, 10) : isoDay(q.on);
  const base = knex('ops_contract_line as cl')
    .join('ops_contract as c', 'c.id', 'cl.contract_id')
    .whereNot('c.status', 'abnormal')
    .where('c.valid_from', '<=', day)
    .where('c.valid_to', '>=', day)
    .select('cl.id', 'cl.price', 'cl.price_unit', 'c.id as contract_id', 'c.contract_no', 'c.currency')
    .orderBy([
      { column: 'c.valid_from', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ]);
  if ('contractLineId' in q) base.where('cl.id', q.contractLineId);
  else base.where({ 'c.customer_id': q.customerId, 'cl.line_id': q.lineId });
  const line = await base.first();
  if (!line) return null;
  const adj = await knex(TABLE)
    .where({ contract_line_id: line.id, status: 'approved' })
    .where('effective_from', '<=', day)
    .orderBy([
      { column: 'effective_from', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('id', 'new_price');
  return {
    price: money(adj ? adj.new_price : line.price),
    unit: String(line.price_unit),
    currency: String(line.currency),
    contractId: Number(line.contract_id),
    contractNo: String(line.contract_no),
    contractLineId: Number(line.id),
    adjustmentId: adj ? Number(adj.id) : null,
  };
}

export const adjustmentResource = serverResource(adjustmentDef, {
  restrict(qb, user, knex) {
    if (isPlatform(user)) return;
    qb.whereIn(
      `${TABLE}.contract_line_id`,
      knex('ops_contract_line as cl')
        .join('ops_contract as c', 'c.id', 'cl.contract_id')
        .whereIn('c.customer_id', ownCustomerIds(knex, user as SessionUser))
        .select('cl.id'),
    );
  },
  async decorate(rows, knex) {
    if (!rows.length) return;
    const info: Record<string, unknown>[] = await knex(`${TABLE} as a`)
      .join('ops_contract_line as cl', 'cl.id', 'a.contract_line_id')
      .join('ops_contract as c', 'c.id', 'cl.contract_id')
      .join('ops_customer as cu', 'cu.id', 'c.customer_id')
      .join('ops_line as l', 'l.id', 'cl.line_id')
      .whereIn(
        'a.id',
        rows.map((r) => Number(r.id)),
      )
      .select('a.id', 'c.contract_no', 'cu.name as customer', 'l.name as line');
    for (const r of rows) {
      const i = info.find((x) => Number(x.id) === Number(r.id));
      r.contractNo = i?.contract_no ?? null;
      r.customerName = i?.customer ?? null;
      r.lineName = i?.line ?? null;
    }
  },
  async validate(input, { trx, t }) {
    const line = await trx('ops_contract_line as cl').join('ops_contract as c', 'c.id', 'cl.contract_id').where('cl.id', Number(input.contractLineId)).first('c.valid_from', 'c.valid_to', 'c.status');
    if (!line)
      throw new FieldError({
        contractLineId: t(`${K}.adjustment.msg.unknownLine`),
      });
    if (line.status !== 'normal')
      throw new FieldError({
        contractLineId: t(`${K}.adjustment.msg.contractNotNormal`),
      });
    const from = dayText(line.valid_from)!;
    const to = dayText(line.valid_to)!;
    const day = String(input.effectiveFrom);
    if (day < from || day > to)
      throw new FieldError({
        effectiveFrom: t(`${K}.adjustment.msg.outsideValidity`, { from, to }),
      });
  },
  async toDb(input, { trx, op }, defaults) {
    const line = await trx('ops_contract_line')
      .where({ id: Number(input.contractLineId) })
      .first('price', 'price_unit');
    const values = {
      ...defaults,
      old_price: line.price,
      price_unit: line.price_unit,
    };
    return op === 'create' ? { ...values, status: 'submitted' } : values;
  },
  async beforeTransition(rows, _name, { trx, t, actor }) {
    const own = await trx(TABLE)
      .whereIn(
        'id',
        rows.map((r) => Number(r.id)),
      )
      .where('created_by', actor.user.id)
      .first('id');
    if (own) throw new ApiError(t(`${K}.adjustment.msg.ownReview`));
    const now = new Date();
    return () => ({ reviewed_at: now, reviewed_by: actor.user.id });
  },
});
