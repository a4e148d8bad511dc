// Server rules of entrustments: only an approved trader enterprise entrusts, only an approved
// customs-broker enterprise is entrusted, one active entrustment per pair; the trader edits
// and revokes, the broker sees the entrustments naming it, reviewers see all.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { ApiError, CODE, FieldError, serverResource, type Row } from '@core/server';
import type { SessionUser } from '@core/shared';
import { ACCOUNT_BROKER, ACCOUNT_TRADER } from './enterprise';
import { approvedEnterpriseOfUser, enterpriseById, enterpriseOfUser, ENTERPRISE_AUDIT, reviewsEnterprises, type Enterprise } from './enterprise.server';
import { entrustmentDef, ENTRUSTMENT_STATUS } from './entrustment';

const TABLE = 'cus_entrustment';
const K = 'customs:enterprise.entrustment';

/** Whether the trader enterprise has an active entrustment of the broker enterprise on a day (default today). */
export async function isEntrusted(knex: Knex, traderEnterpriseId: number, brokerEnterpriseId: number, day = new Date().toISOString().slice(0, 10)): Promise<boolean> {
  const row = await knex(TABLE)
    .where({ trader_enterprise_id: traderEnterpriseId, broker_enterprise_id: brokerEnterpriseId, status: ENTRUSTMENT_STATUS.active })
    .andWhere('valid_from', '<=', day)
    .andWhere('valid_to', '>=', day)
    .first();
  return !!row;
}

async function approvedTrader(knex: Knex, user: SessionUser, t: TFunction): Promise<Enterprise> {
  const e = await approvedEnterpriseOfUser(knex, user.id);
  if (!e || e.accountType !== ACCOUNT_TRADER) throw new ApiError(t(`${K}.traderOnly`), CODE.ERROR, 403);
  return e;
}

export const entrustmentResource = serverResource(entrustmentDef, {
  async restrict(qb, user, knex) {
    if (reviewsEnterprises(user)) return;
    const own = await enterpriseOfUser(knex, user.id);
    if (!own) return void qb.whereRaw('1 = 0');
    qb.where((w) => w.where(`${TABLE}.trader_enterprise_id`, own.id).orWhere(`${TABLE}.broker_enterprise_id`, own.id));
  },
  async decorate(rows, knex) {
    const ids = [...new Set(rows.flatMap((r) => [Number(r.traderEnterpriseId), Number(r.brokerEnterpriseId)]))];
    if (!ids.length) return;
    const names: { id: number; name: string }[] = await knex('cus_enterprise').whereIn('id', ids).select('id', 'name');
    const nameOf = (id: unknown) => names.find((n) => Number(n.id) === Number(id))?.name ?? null;
    for (const r of rows) {
      r.traderName = nameOf(r.traderEnterpriseId);
      r.brokerName = nameOf(r.brokerEnterpriseId);
    }
  },
  async validate(input, { trx, actor, t, before }) {
    const trader = await approvedTrader(trx, actor.user, t);
    if (before && Number(before.traderEnterpriseId) !== trader.id) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
    const broker = await enterpriseById(trx, Number(before ? before.brokerEnterpriseId : input.brokerEnterpriseId));
    if (!broker || broker.accountType !== ACCOUNT_BROKER || broker.auditStatus !== ENTERPRISE_AUDIT.approved) {
      throw new FieldError({ brokerEnterpriseId: t(`${K}.brokerNotApproved`) });
    }
    const twin = await trx(TABLE)
      .where({ trader_enterprise_id: trader.id, broker_enterprise_id: broker.id, status: ENTRUSTMENT_STATUS.active })
      .whereNot('id', before ? Number(before.id) : 0)
      .first();
    if (twin) throw new FieldError({ brokerEnterpriseId: t(`${K}.duplicate`) });
  },
  async toDb(_input, { trx, actor, t, op, before }, defaults) {
    const values: Row = { ...defaults };
    if (op === 'create') {
      const trader = await approvedTrader(trx, actor.user, t);
      Object.assign(values, { trader_enterprise_id: trader.id, status: ENTRUSTMENT_STATUS.active });
    } else if (before) {
      // The broker of an entrustment does not change: revoke it and entrust another.
      values.broker_enterprise_id = before.brokerEnterpriseId;
    }
    return values;
  },
  async beforeTransition(rows, _name, { trx, actor, t }) {
    if (reviewsEnterprises(actor.user)) return;
    const own = await enterpriseOfUser(trx, actor.user.id);
    if (!own || rows.some((r) => Number(r.traderEnterpriseId) !== own.id)) throw new ApiError(t(`${K}.onlyTraderRevokes`), CODE.FORBIDDEN, 403);
  },
});
