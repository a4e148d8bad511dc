// Service-order rules on the server: who sees which orders (a trader their own, a broker
// those entrusted to their enterprise, the platform all), who may place them (a trader or
// broker-side user with an approved enterprise), order numbers, and the hand-off of an
// approved order to finance as a service bill.
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { ApiError, FieldError, handOff, serverResource, type Registry, type Row } from '@core/server';
import { dayStamp, type SessionUser } from '@core/shared';
import { ACCOUNT_BROKER, ACCOUNT_TRADER } from '../enterprise/enterprise';
import { approvedEnterpriseOfUser, ENTERPRISE_AUDIT } from '../enterprise/enterprise.server';
import { serviceOrderDef } from './order';

/** The hand-off kind finance accepts for an approved order (see core/handoff.server.ts). */
export const SERVICE_BILL_HANDOFF = 'serviceBill';

/** Orders a user may see: traders theirs, brokers those naming their enterprise, others all. */
export function restrictOrders(qb: Knex.QueryBuilder, user: SessionUser, knex: Knex, table = 'cus_service_order'): void {
  if (user.isAdmin) return;
  if (user.userType === ACCOUNT_TRADER) qb.where(`${table}.trader_user_id`, user.id);
  else if (user.userType === ACCOUNT_BROKER) qb.whereIn(`${table}.broker_enterprise_id`, knex('cus_enterprise').select('id').where({ user_id: user.id }));
}

async function approvedBroker(trx: Knex, id: number) {
  return trx('cus_enterprise').where({ id, account_type: ACCOUNT_BROKER, audit_status: ENTERPRISE_AUDIT.approved }).first();
}

export const serviceOrderResource = serverResource(serviceOrderDef, {
  restrict: restrictOrders,
  async validate(input, { trx, t, actor, op, before }) {
    const broker = await approvedBroker(trx, Number(input.brokerId));
    if (!broker) throw new FieldError({ brokerId: t('customs:orders.msg.selectBroker') });
    if (op === 'create') {
      const mine = await approvedEnterpriseOfUser(trx, actor.user.id);
      if (!mine) throw new ApiError(t('customs:orders.msg.enterpriseRequired'));
    }
    if (before && before.status !== 'draft' && before.status !== 'stopped') throw new ApiError(t('customs:orders.msg.submittedNoEdit'));
  },
  async toDb(input, { trx, actor, op, before }, defaults) {
    const broker = await approvedBroker(trx, Number(input.brokerId));
    const values: Row = { ...defaults, broker_name: broker?.name ?? null };
    if (op === 'create') {
      const mine = await approvedEnterpriseOfUser(trx, actor.user.id);
      Object.assign(values, {
        // The final number needs the row id (afterWrite); a unique placeholder until then.
        order_no: `TMP${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
        status: 'draft',
        trader_user_id: actor.user.id,
        trader_enterprise_id: mine?.id ?? null,
        trader_name: mine?.name ?? actor.user.companyName ?? actor.user.nickname,
        order_time: new Date(),
      });
    } else if (before?.status === 'stopped') {
      // Editing a cancelled order reopens it as a draft.
      values.status = 'draft';
    }
    return values;
  },
  async afterWrite(id, _input, { trx, op }) {
    if (op === 'create') await trx('cus_service_order').where({ id }).update({ order_no: `SO${dayStamp(new Date())}${String(id).padStart(6, '0')}` });
  },
  async beforeTransition(rows, name, { t, actor }) {
    // A broker acts only on orders naming them; a trader only confirms their own (restrict
    // already hides other orders; this guards users holding both kinds of permission).
    if (['approve', 'reject', 'startWork', 'applyCompletion'].includes(name) && actor.user.userType === ACCOUNT_TRADER) throw new ApiError(t('customs:orders.msg.statusNotAllowed'));
    if (['submit', 'cancel', 'confirmCompletion', 'revise'].includes(name) && actor.user.userType === ACCOUNT_BROKER) throw new ApiError(t('customs:orders.msg.statusNotAllowed'));
    if (name === 'approve' || name === 'reject') {
      const now = new Date();
      return () => ({ reviewed_at: now, reviewed_by: actor.user.id });
    }
    if (name === 'confirmCompletion') {
      const now = new Date();
      return () => ({ completed_at: now });
    }
    void rows;
  },
  async afterTransition(rows, name, { trx }) {
    if (name !== 'approve') return;
    for (const r of rows) await handOffServiceBill(trx, await trx('cus_service_order').where({ id: r.id }).first());
  },
});

/** An approved order's service bill goes to finance (once per order; delivered when finance is installed). */
export async function handOffServiceBill(trx: Knex.Transaction, o: Record<string, unknown>, registry?: Registry) {
  return handOff(trx, SERVICE_BILL_HANDOFF, 'customs.serviceOrder', Number(o.id), {
    orderNo: o.order_no,
    billType: 'SERVICE',
    payerUserId: Number(o.trader_user_id),
    payerEnterpriseId: o.trader_enterprise_id === null ? null : Number(o.trader_enterprise_id),
    payerName: o.trader_name,
    payeeEnterpriseId: Number(o.broker_enterprise_id),
    payeeName: o.broker_name,
    // DECIMAL(18,2): text with two decimals from MariaDB, a number from SQLite.
    amount: new Decimal(String(o.amount)).toFixed(2),
    currency: o.currency,
    remark: o.remark,
  }, registry);
}
