// Contracts on the server: numbers (HT + date + the row id, as finance numbers its bills), the
// shipper's own contracts only, the signed file attached in the save transaction, and the
// daily job that expires contracts past their end and lists those ending within 30 days.
import type { Knex } from 'knex';
import { FieldError, claimUpload, defineLookup, documentResource, filesOf, releaseUploads, tableLookup, writeAudit, type LookupDef, dayText } from '@core/server';
import { dayStamp, defineJob, resourceKey, todayIso, type SessionUser } from '@core/shared';
import { contractDef, contractDocument } from './contract';
import { CONTRACT_PERMISSIONS, K, isPlatform } from './common';
import { ownCustomerIds } from './customer.server';

export const CONTRACT_TABLE = 'ops_contract';
const RESOURCE = resourceKey(contractDef);
/** Contracts ending within this many days are listed by the daily job. */
export const EXPIRY_WARNING_DAYS = 30;

export const contractNo = (id: number, created: Date) => `HT${dayStamp(created)}${String(id % 1_000_000).padStart(6, '0')}`;

export function restrictContracts(qb: Knex.QueryBuilder, user: SessionUser, knex: Knex): void {
  if (!isPlatform(user)) qb.whereIn(`${CONTRACT_TABLE}.customer_id`, ownCustomerIds(knex, user));
}

export const contractResource = documentResource(contractDocument, {
  restrict: restrictContracts,
  async decorate(rows, knex) {
    const files = await filesOf(
      knex,
      RESOURCE,
      rows.map((r) => Number(r.id)),
    );
    for (const r of rows) {
      const file = files.find((x) => x.id === Number(r.attachmentFileId));
      r.attachment = file ? { id: file.id, name: file.name } : null;
    }
  },
  async validate(input, { trx, t, before }) {
    if (
      !(await trx('ops_customer')
        .where({ id: Number(input.customerId) })
        .first('id'))
    )
      throw new FieldError({
        customerId: t(`${K}.contract.msg.unknownCustomer`),
      });
    const lineIds = (input.lines as { lineId: number }[]).map((l) => Number(l.lineId));
    const known = await trx('ops_line').whereIn('id', lineIds).pluck('id');
    lineIds.forEach((id, i) => {
      if (!known.map(Number).includes(id))
        throw new FieldError({
          [`lines.${i}.lineId`]: t(`${K}.contract.msg.unknownLine`),
        });
    });
    if (before) {
      // A line whose price was adjusted stays: the adjustments (and the waybills priced by them) point at it.
      const adjusted = await trx('ops_contract_line as l')
        .join('ops_price_adjustment as a', 'a.contract_line_id', 'l.id')
        .where('l.contract_id', Number(before.id))
        .whereNotIn('l.line_id', lineIds)
        .first('l.id');
      if (adjusted)
        throw new FieldError({
          lines: t(`${K}.contract.msg.adjustedLineKept`),
        });
    }
  },
  toDb(input, { op }, defaults) {
    if (op !== 'create') return defaults;
    // The number needs the row id (afterWrite); a unique placeholder until then.
    return {
      ...defaults,
      contract_no: `TMP${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
      status: 'normal',
    };
  },
  async afterWrite(id, input, { trx, actor, t, op }) {
    if (op === 'create')
      await trx(CONTRACT_TABLE)
        .where({ id })
        .update({ contract_no: contractNo(id, new Date()) });
    const fileId = input.attachmentFileId ? Number(input.attachmentFileId) : null;
    await claimUpload(trx, {
      resource: RESOURCE,
      recordId: id,
      fileIds: fileId,
      user: actor.user,
      t,
      only: true,
      field: 'attachmentFileId',
    });
  },
  async beforeDelete(rows, { trx, t }) {
    const ids = rows.map((r) => Number(r.id));
    const adjusted = await trx('ops_contract_line as l').join('ops_price_adjustment as a', 'a.contract_line_id', 'l.id').whereIn('l.contract_id', ids).first('l.id');
    if (adjusted) throw new FieldError({ lines: t(`${K}.contract.msg.adjustedLineKept`) });
    await releaseUploads(trx, RESOURCE, ids);
  },
});

export const contractLookups: Record<string, LookupDef> = {
  /** Contracts as a picker (`portops.contracts`), a shipper's own only. */
  contracts: tableLookup({
    table: CONTRACT_TABLE,
    value: 'id',
    label: 'contract_no',
    orderBy: [{ column: 'id', order: 'desc' }],
    where: (q, user, knex) => {
      if (!isPlatform(user as SessionUser)) q.whereIn('customer_id', ownCustomerIds(knex, user as SessionUser));
    },
  }),
  /** A contract's priced lines (`HT… · line · price/unit`), for the price adjustment form (and to whoever reads the contracts), a shipper's own only. */
  contractLines: defineLookup({ for: [CONTRACT_PERMISSIONS.list] }, async ({ knex }, user) => {
    const q = knex('ops_contract_line as cl')
      .join(`${CONTRACT_TABLE} as c`, 'c.id', 'cl.contract_id')
      .join('ops_customer as cu', 'cu.id', 'c.customer_id')
      .join('ops_line as l', 'l.id', 'cl.line_id')
      .select('cl.id', 'c.contract_no', 'cu.name as customer', 'l.name as line', 'cl.price', 'cl.price_unit', 'c.currency')
      .orderBy([{ column: 'c.id', order: 'desc' }, { column: 'cl.seq' }]);
    if (!isPlatform(user as SessionUser)) q.whereIn('c.customer_id', ownCustomerIds(knex, user as SessionUser));
    const rows: Record<string, unknown>[] = await q;
    return rows.map((r) => ({
      value: String(r.id),
      label: `${r.contract_no} · ${r.customer} · ${r.line} · ${r.price} ${r.currency}/${r.price_unit}`,
    }));
  }),
};

/** Marks normal contracts whose end has passed as expired (audited, no actor) and lists those ending soon. */
export async function expireContracts(
  knex: Knex,
  today = todayIso(),
): Promise<{
  expired: string[];
  endingSoon: { contractNo: string; validTo: string }[];
}> {
  const due: { id: number; contract_no: string; status: string }[] = await knex(CONTRACT_TABLE).where({ status: 'normal' }).where('valid_to', '<', today).select('id', 'contract_no', 'status');
  for (const c of due) {
    await knex(CONTRACT_TABLE)
      .where({ id: c.id, status: 'normal' })
      .update({ status: 'expired', updated_at: new Date(), version: knex.raw('version + 1') });
    await writeAudit(knex, {
      resource: RESOURCE,
      recordId: c.id,
      action: 'transition:expire',
      actor: null,
      before: { status: 'normal' },
      after: { status: 'expired' },
    });
  }
  const until = new Date(`${today}T00:00:00Z`);
  until.setUTCDate(until.getUTCDate() + EXPIRY_WARNING_DAYS);
  const soon: { contract_no: string; valid_to: unknown }[] = await knex(CONTRACT_TABLE)
    .where({ status: 'normal' })
    .whereBetween('valid_to', [today, until.toISOString().slice(0, 10)])
    .orderBy('valid_to')
    .select('contract_no', 'valid_to');
  return {
    expired: due.map((c) => c.contract_no),
    endingSoon: soon.map((s) => ({
      contractNo: s.contract_no,
      validTo: dayText(s.valid_to)!,
    })),
  };
}

export const contractExpiryJob = defineJob({
  name: 'portops.contractExpiry',
  titleKey: `portops:customers.contract.job`,
  cron: '0 10 1 * * *',
  // Marking twice is harmless but wasteful; a missed day leaves expired contracts looking valid.
  exclusive: true,
  catchUp: true,
  async process({ knex }) {
    const { expired, endingSoon } = await expireContracts(knex);
    const soon = endingSoon.map((s) => `${s.contractNo} (${s.validTo})`).join(', ');
    return `expired: ${expired.length ? expired.join(', ') : '-'}; ending within ${EXPIRY_WARNING_DAYS} days: ${soon || '-'}`;
  },
});
