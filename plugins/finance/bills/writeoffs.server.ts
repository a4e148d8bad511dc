// Bad debts and write-off forms on the server. A bad debt is proposed for an unpaid bill and
// approved by someone else holding the approval permission; approval marks the bill written
// off (it can no longer be paid). Each write-off form save or delete recomputes its bill's
// verification flag: verified when the valid forms' amounts cover the bill (decimal compare).
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import { ApiError, FieldError, claimUpload, filesOf, serverResource, type Row } from '@core/server';
import { dayStamp, resourceKey, type LookupOption, type PluginContext, type SessionUserLike } from '@core/shared';
import { badDebtDef, payerBadDebtDef } from './badDebt';
import { writeoffDef } from './writeoff';
import { BILL, formatMoney, isCustomer, money } from './bills.server';

/** Bills that may still be written off: not paid, not already (proposed as) bad debts. */
const WRITABLE_OFF = ['toConfirm', 'awaitingPayment', 'returned'];

export const badDebtResource = serverResource(badDebtDef, {
  restrict(qb, user) {
    if (isCustomer(user)) qb.whereRaw('1 = 0');
  },
  async decorate(rows) {
    formatMoney(rows, ['amount']);
  },
  async validate(input, { trx, t }) {
    const bill = await trx(BILL).where({ id: Number(input.billId) }).first();
    if (!bill || bill.pay_flag !== 'unpaid' || bill.bad_debt !== 'none' || !WRITABLE_OFF.includes(bill.status)) {
      throw new FieldError({ billId: t('finance:bills.msg.notWritableOff') });
    }
  },
  async toDb(input, { trx }, defaults) {
    const bill = await trx(BILL).where({ id: Number(input.billId) }).first();
    return {
      ...defaults,
      bill_serial_no: bill.serial_no,
      payer_user_id: bill.payer_user_id,
      payer_name: bill.payer_name,
      amount: money(String(bill.amount)),
      currency: bill.currency,
      status: 'pending',
    };
  },
  async afterWrite(_id, input, { trx }) {
    await trx(BILL).where({ id: Number(input.billId) }).update({ bad_debt: 'pending', updated_at: new Date() });
  },
  async beforeTransition(rows, name, { trx, actor, t }) {
    const raw = await trx('fin_bad_debt').whereIn('id', rows.map((r) => Number(r.id)));
    // Four eyes: whoever proposed the write-off does not approve it.
    if (raw.some((r) => Number(r.created_by) === actor.user.id)) throw new ApiError(t('finance:bills.msg.ownBadDebt'));
    if (name === 'approve') {
      const paid = await trx(BILL).whereIn('id', raw.map((r) => Number(r.bill_id))).whereNot({ pay_flag: 'unpaid' }).first();
      if (paid) throw new ApiError(t('finance:bills.msg.notWritableOff'));
    }
    const now = new Date();
    return () => ({ reviewed_at: now, reviewed_by: actor.user.id });
  },
  async afterTransition(rows, name, { trx }) {
    const ids = (await trx('fin_bad_debt').whereIn('id', rows.map((r) => Number(r.id))).select('bill_id')).map((r: Row) => Number(r.bill_id));
    await trx(BILL).whereIn('id', ids).update({ bad_debt: name === 'approve' ? 'writtenOff' : 'none', updated_at: new Date() });
  },
});

export const payerBadDebtResource = serverResource(payerBadDebtDef, {
  restrict(qb, user) {
    qb.where('fin_bad_debt.payer_user_id', user.id).where('fin_bad_debt.status', 'approved');
  },
  async decorate(rows) {
    formatMoney(rows, ['amount']);
  },
});

/** Recomputes a bill's verification flag from its valid write-off forms. */
export async function refreshVerification(trx: Knex.Transaction, billId: number): Promise<'verified' | 'unverified'> {
  const bill = await trx(BILL).where({ id: billId }).first();
  if (!bill) return 'unverified';
  const forms = await trx('fin_writeoff').where({ bill_id: billId, flag: 'valid' }).select('amount');
  const covered = forms.reduce((s: Decimal, f: Row) => s.plus(String(f.amount)), new Decimal(0));
  const flag = covered.gte(String(bill.amount)) ? 'verified' : 'unverified';
  await trx(BILL).where({ id: billId }).update({ verify_flag: flag });
  return flag;
}

const WRITEOFF_RESOURCE = resourceKey(writeoffDef);

export const writeoffResource = serverResource(writeoffDef, {
  restrict(qb, user) {
    if (isCustomer(user)) qb.whereRaw('1 = 0');
  },
  async decorate(rows, knex) {
    formatMoney(rows, ['amount']);
    const files = await filesOf(knex, WRITEOFF_RESOURCE, rows.map((r) => Number(r.id)));
    for (const r of rows) r.certificates = files.filter((f) => f.recordId === Number(r.id)).map((f) => ({ id: f.id, name: f.name, ext: f.ext, size: f.size }));
  },
  async validate(input, { trx, t }) {
    const bill = await trx(BILL).where({ id: Number(input.billId) }).first();
    if (!bill) throw new FieldError({ billId: t('core:resource.required', { field: t('finance:bills.writeoff.billId') }) });
  },
  async toDb(input, { trx, op }, defaults) {
    const bill = await trx(BILL).where({ id: Number(input.billId) }).first();
    return {
      ...(op === 'create' ? { writeoff_no: `TMP${Date.now()}${Math.random().toString(36).slice(2, 8)}` } : {}),
      ...defaults,
      bill_serial_no: bill.serial_no,
      payer_name: bill.payer_name,
      receiver_name: bill.payee_name,
      currency: bill.currency,
      amount: money(String(input.amount)),
    };
  },
  async afterWrite(id, input, { trx, op, before, actor, t }) {
    if (op === 'create') await trx('fin_writeoff').where({ id }).update({ writeoff_no: `HX${dayStamp(new Date())}${String(id % 1_000_000).padStart(6, '0')}` });
    await claimUpload(trx, { resource: WRITEOFF_RESOURCE, recordId: id, fileIds: input.fileIds as number[] | undefined, user: actor.user, t });
    await refreshVerification(trx, Number(input.billId));
    if (before && Number(before.billId) !== Number(input.billId)) await refreshVerification(trx, Number(before.billId));
  },
  async beforeDelete(rows, { trx }) {
    const ids = rows.map((r) => Number(r.id));
    const bills = [...new Set((await trx('fin_writeoff').whereIn('id', ids).select('bill_id')).map((r: Row) => Number(r.bill_id)))];
    await trx('fin_writeoff').whereIn('id', ids).delete();
    for (const b of bills) await refreshVerification(trx, b);
  },
});

const billOption = (b: Row): LookupOption => ({ value: String(b.id), label: `${b.serial_no} · ${b.payer_name ?? ''} · ${money(String(b.amount))} ${b.currency}` });

/** Unpaid bills the platform may propose as bad debts. */
export async function unpaidBills(ctx: PluginContext, user: SessionUserLike): Promise<LookupOption[]> {
  if (isCustomer(user)) return [];
  const rows = await ctx.knex(BILL).where({ pay_flag: 'unpaid', bad_debt: 'none' }).whereIn('status', WRITABLE_OFF).orderBy('id', 'desc').limit(500);
  return rows.map(billOption);
}

/** Bills a write-off form can name (pushed ones). */
export async function billsToVerify(ctx: PluginContext, user: SessionUserLike): Promise<LookupOption[]> {
  if (isCustomer(user)) return [];
  const rows = await ctx.knex(BILL).where({ push_flag: 'pushed' }).orderBy('id', 'desc').limit(500);
  return rows.map(billOption);
}
