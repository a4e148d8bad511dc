// Server rules of the enterprise: one enterprise per login account (its owner comes from the
// session, never from input), a credit code registered only once, every save back to "not
// submitted", bank accounts and qualification files saved with the enterprise, and reads and
// writes narrowed to the user's own enterprise unless the user reviews enterprises.
// Other areas ask through the functions exported here whether a user may do business.
import { hasPermission, resourceKey, type EnterpriseDirectory, type SessionUser } from '@core/shared';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { ApiError, CODE, FieldError, claimUpload, documentResource, tableLookup, type LookupDef, type Row, type ServerResource } from '@core/server';
import { ACCOUNT_BROKER, ACCOUNT_TRADER, ENTERPRISE_AUDIT, ENTERPRISE_PERMS, enterpriseDef, enterpriseDocument } from './enterprise';

export { ENTERPRISE_AUDIT };

export interface Enterprise {
  id: number;
  userId: number;
  accountType: number;
  name: string;
  creditCode: string | null;
  customsCode: string | null;
  auditStatus: string;
}

const TABLE = 'cus_enterprise';
const RESOURCE = resourceKey(enterpriseDef);

function toEnterprise(r: Record<string, unknown>): Enterprise {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    accountType: Number(r.account_type),
    name: String(r.name),
    creditCode: (r.credit_code as string | null) ?? null,
    customsCode: (r.customs_code as string | null) ?? null,
    auditStatus: String(r.audit_status),
  };
}

/** The enterprise registered by a login account, whatever its audit status. */
export async function enterpriseOfUser(knex: Knex, userId: number): Promise<Enterprise | null> {
  const r = await knex(TABLE).where({ user_id: userId }).first();
  return r ? toEnterprise(r) : null;
}

/** The user's enterprise when the platform has approved it, else null. */
export async function approvedEnterpriseOfUser(knex: Knex, userId: number): Promise<Enterprise | null> {
  const e = await enterpriseOfUser(knex, userId);
  return e && e.auditStatus === ENTERPRISE_AUDIT.approved ? e : null;
}

/** An enterprise by id (entrustments and orders name enterprises by id). */
export async function enterpriseById(knex: Knex, id: number): Promise<Enterprise | null> {
  const r = await knex(TABLE).where({ id }).first();
  return r ? toEnterprise(r) : null;
}

/** The enterprise directory other plugins ask (finance: the payee account of a service bill). */
export const enterpriseDirectory: EnterpriseDirectory = {
  async userOf(knex, enterpriseId) {
    return (await enterpriseById(knex, enterpriseId))?.userId ?? null;
  },
};

/** SPEC §6: only traders or customs brokers with completed (approved) enterprise information
 *  may use collection information (and do business); others get the SPEC §8 message. */
export async function requireApprovedBusinessEnterprise(knex: Knex, user: SessionUser, t: TFunction): Promise<Enterprise> {
  const refuse = () => new ApiError(t('customs:enterprise.notBusinessEnterprise'), CODE.ERROR, 403);
  if (user.userType !== ACCOUNT_TRADER && user.userType !== ACCOUNT_BROKER) throw refuse();
  const e = await approvedEnterpriseOfUser(knex, user.id);
  if (!e) throw refuse();
  return e;
}

/** Platform reviewers (and administrators) see every enterprise; everyone else only their own. */
export function reviewsEnterprises(user: SessionUser): boolean {
  return hasPermission(user, ENTERPRISE_PERMS.audit);
}

type FileInput = { fileId: number };

const enterpriseRules = documentResource(enterpriseDocument, {
  query: (knex) => knex(TABLE).leftJoin('sys_user', 'sys_user.id', `${TABLE}.user_id`).select(`${TABLE}.*`, 'sys_user.username'),
  restrict(qb, user) {
    if (!reviewsEnterprises(user)) qb.where(`${TABLE}.user_id`, user.id);
  },
  // The files' stored name and size, for their links (the kit has read the lines).
  async decorate(rows, knex) {
    const ids = rows.flatMap((r) => (r.files as Row[]).map((f) => Number(f.fileId)));
    if (!ids.length) return;
    const stored = new Map(((await knex('sys_file').whereIn('id', ids).select('id', 'name', 'ext', 'size')) as Row[]).map((f) => [Number(f.id), f]));
    for (const r of rows) {
      for (const f of r.files as Row[]) {
        const s = stored.get(Number(f.fileId));
        f.file = s ? { id: Number(s.id), name: String(s.name), ext: String(s.ext), size: Number(s.size) } : null;
      }
    }
  },
  async validate(input, { trx, t, before, actor, op }) {
    if (op === 'create' && (await trx(TABLE).where({ user_id: actor.user.id }).first())) throw new ApiError(t('customs:enterprise.alreadyRegistered'));
    const clash = await trx(TABLE)
      .where({ credit_code: input.creditCode })
      .whereNot('id', before ? Number(before.id) : 0)
      .first();
    if (clash) throw new FieldError({ creditCode: t('core:resource.exists', { field: t('customs:enterprise.creditCode') }) });
  },
  toDb(_input, { op, actor }, defaults) {
    // SPEC §4: saving edits resets the account to not submitted (an approved one too).
    const values: Row = { ...defaults, audit_status: ENTERPRISE_AUDIT.notSubmitted };
    if (op === 'create') Object.assign(values, { user_id: actor.user.id, account_type: actor.user.userType });
    return values;
  },
  // The kit writes the banks and files after this, in the same transaction.
  async afterWrite(id, input, { trx, actor, t }) {
    await claimUpload(trx, { resource: RESOURCE, recordId: id, fileIds: (input.files as FileInput[]).map((f) => f.fileId), user: actor.user, t });
  },
  async beforeTransition(_rows, transition, { actor }) {
    if (transition === 'submit') return () => ({ audit_opinion: null });
    const stamp = { audit_time: new Date(), audit_by: actor.user.username };
    if (transition === 'approve') return () => ({ ...stamp, audit_opinion: null });
    return () => stamp;
  },
});

/** The platform's review list (/enterpriseCenter/enterpriseManage): enterprises are edited by their owners only, on /enterpriseCenter/enterpriseInfo. */
export const enterpriseResource: ServerResource = {
  ...enterpriseRules,
  screen: { data: async (_ctx, _rows, list) => ({ can: { ...list.can, create: false, update: false, delete: false } }) },
};

export const enterpriseLookups: Record<string, LookupDef> = {
  /** customs.brokers: approved customs-broker enterprises (value: enterprise id). */
  // Directories the order and entrustment forms pick from: approved enterprises, not the owner-only scope of the enterprise record.
  brokers: tableLookup({ table: TABLE, scoped: false, value: 'id', label: 'name', where: { audit_status: ENTERPRISE_AUDIT.approved, account_type: ACCOUNT_BROKER }, orderBy: 'name' }),
  /** customs.enterprises: every approved enterprise. */
  enterprises: tableLookup({ table: TABLE, scoped: false, value: 'id', label: 'name', where: { audit_status: ENTERPRISE_AUDIT.approved }, orderBy: 'name' }),
};
