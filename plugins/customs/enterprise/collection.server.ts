// Server rules of collection information: SPEC §6 — only traders or customs brokers whose
// enterprise information is complete (approved) may use it, on every read and write; each
// user sees and changes only their own enterprise's rows, whose enterprise comes from the
// session. 管理员 reads every enterprise's rows but writes none (it has no enterprise of its own).
import type { Knex } from 'knex';
import type { SessionUser } from '@core/shared';
import { serverResource, type Row } from '@core/server';
import { ACCOUNT_BROKER, ACCOUNT_TRADER } from './enterprise';
import { approvedEnterpriseOfUser, requireApprovedBusinessEnterprise } from './enterprise.server';
import { collectionInfoDef, COLLECTION_STATUS } from './collection';

const TABLE = 'cus_collection_info';

async function ownEnterpriseId(knex: Knex, user: SessionUser): Promise<number | null> {
  if (user.userType !== ACCOUNT_TRADER && user.userType !== ACCOUNT_BROKER) return null;
  return (await approvedEnterpriseOfUser(knex, user.id))?.id ?? null;
}

export const collectionInfoResource = serverResource(collectionInfoDef, {
  async restrict(qb, user, knex) {
    // 管理员 sees every enterprise's collection information (SPEC §1).
    if (user.isAdmin) return;
    const id = await ownEnterpriseId(knex, user);
    if (id === null) qb.whereRaw('1 = 0');
    else qb.where(`${TABLE}.enterprise_id`, id);
  },
  async decorate(rows, knex) {
    if (!rows.length) return;
    const owners: { id: number; enterprise_id: number; name: string }[] = await knex(TABLE)
      .join('cus_enterprise', 'cus_enterprise.id', `${TABLE}.enterprise_id`)
      .whereIn(`${TABLE}.id`, rows.map((r) => Number(r.id)))
      .select(`${TABLE}.id`, `${TABLE}.enterprise_id`, 'cus_enterprise.name');
    for (const r of rows) r.companyName = owners.find((o) => Number(o.id) === Number(r.id))?.name ?? null;
  },
  async validate(_input, { trx, actor, t }) {
    await requireApprovedBusinessEnterprise(trx, actor.user, t);
  },
  async toDb(input, { trx, actor, t, op }, defaults) {
    const values: Row = { ...defaults, sms_notify: !!input.smsNotify };
    if (op === 'create') {
      const e = await requireApprovedBusinessEnterprise(trx, actor.user, t);
      Object.assign(values, { enterprise_id: e.id, status: COLLECTION_STATUS.enabled });
    }
    return values;
  },
  async beforeTransition(_rows, _name, { trx, actor, t }) {
    await requireApprovedBusinessEnterprise(trx, actor.user, t);
  },
  async beforeDelete(_rows, { trx, actor, t }) {
    await requireApprovedBusinessEnterprise(trx, actor.user, t);
  },
});
