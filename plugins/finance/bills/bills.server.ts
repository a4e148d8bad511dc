// Bills on the server: creating a bill with its lines (the fees area's periodic job and the
// service-bill hand-off call createBill), who sees which bills, and the state machine's side
// effects. Every transition checks the actor (payer, payee, platform) besides the permission,
// sets the flags of its step and, for payment from funds and refunds, moves the money in the
// same transaction — keyed by the bill, so a repeated request never debits or credits twice.
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { ApiError, FieldError, documentResource, saveLines, type Handoff, type HandoffReceiver, type HandoffServices, type ResourceHooks, type Row } from '@core/server';
import { ENTERPRISE_DIRECTORY, dayStamp, hasPermission, isoDay, type EnterpriseDirectory, type SessionUser, type SessionUserLike } from '@core/shared';
import { creditFunds, debitFunds, formatMoney, isCustomer, money } from '../funds/funds.server';
import { BILL_ACTORS, BILL_PERMISSIONS, billDocument, billPayableDef, billReceivableDef, RECEIVABLE_STATES, type BillActor, type BillLineInput } from './bill';

export const BILL = 'fin_bill';
// The customers (traders, brokers) bills are between are the fund holders; everyone else acting
// on bills is the platform. Money is fixed as the funds fix it.
export { formatMoney, isCustomer, money };

/** A customer sees the bills they pay (once pushed) and the bills they receive. */
export function restrictBills(qb: Knex.QueryBuilder, user: SessionUserLike): void {
  if (!isCustomer(user)) return;
  qb.where((w) => w.where((p) => p.where(`${BILL}.payer_user_id`, user.id).where(`${BILL}.push_flag`, 'pushed')).orWhere(`${BILL}.payee_user_id`, user.id));
}

/** The payer's own bills only (应付账单), whoever looks — an admin sees what a payer sees of their own. */
export function restrictPayable(qb: Knex.QueryBuilder, user: SessionUserLike): void {
  qb.where(`${BILL}.payer_user_id`, user.id).where(`${BILL}.push_flag`, 'pushed');
}

/** The platform's bill managers see every receivable; anyone else (a broker, the bank) the bills owed to them. */
export function seesAllReceivables(user: SessionUserLike): boolean {
  return user.isAdmin || (!isCustomer(user) && hasPermission(user, BILL_PERMISSIONS.list));
}

/** Outstanding bills (应收账款): pushed, not settled, not written off; scoped by seesAllReceivables. */
export function restrictReceivable(qb: Knex.QueryBuilder, user: SessionUserLike): void {
  qb.whereIn(`${BILL}.status`, RECEIVABLE_STATES).whereNot(`${BILL}.bad_debt`, 'writtenOff');
  if (!seesAllReceivables(user)) qb.where(`${BILL}.payee_user_id`, user.id);
}

/** A new bill starts staged and unpaid; its number needs the row id, so a unique placeholder until then. */
const newBill = () => ({ serial_no: `TMP${Date.now()}${Math.random().toString(36).slice(2, 8)}`, status: 'staged', pay_flag: 'unpaid', receipt_flag: 'uncollected', push_flag: 'notPushed', verify_flag: 'unverified', bad_debt: 'none' });
const serialOf = (id: number, d: Date) => `BL${dayStamp(d)}${String(id % 1_000_000).padStart(6, '0')}`;

const DAY = 86_400_000;

/** Whole days from a bill date (YYYY-MM-DD or Date) to today. */
export function ageInDays(billDate: unknown, today = new Date()): number {
  const d = billDate instanceof Date ? billDate : new Date(`${String(billDate).slice(0, 10)}T00:00:00`);
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.max(0, Math.floor((start.getTime() - new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()) / DAY));
}

/** The roles a user plays on a bill. */
export function actorsOn(bill: Row, user: Pick<SessionUserLike, 'id' | 'userType' | 'isAdmin'>): BillActor[] {
  const out: BillActor[] = [];
  if (bill.payerUserId !== null && Number(bill.payerUserId) === user.id) out.push('payer');
  if (bill.payeeUserId !== null && bill.payeeUserId !== undefined && Number(bill.payeeUserId) === user.id) out.push('payee');
  if (!isCustomer(user)) out.push('platform');
  return out;
}

export interface CreateBillInput {
  billType: 'SERVICE' | 'TRADE';
  orderNo: string;
  payerUserId: number | null;
  payerName: string;
  payeeUserId?: number | null;
  payeeName: string;
  currency: string;
  billDate?: string;
  lines: BillLineInput[];
  remark?: string | null;
  sourceKey?: string;
}

/** The bill amount: the sum of its lines, each fixed to 2 decimals first. */
export function totalOf(lines: Pick<BillLineInput, 'amount'>[]): string {
  return money(lines.reduce((s, l) => s.plus(money(l.amount)), new Decimal(0)));
}

/**
 * Creates a staged bill with its lines. With a sourceKey (a hand-off or a billing period) it is
 * idempotent: the same key returns the existing bill and `created: false`.
 */
export async function createBill(trx: Knex.Transaction, input: CreateBillInput, actorUserId: number | null): Promise<{ id: number; serialNo: string; created: boolean }> {
  if (!input.orderNo?.trim()) throw new ApiError('orderNo required');
  if (!input.lines.length) throw new ApiError('bill lines required');
  const total = totalOf(input.lines);
  if (new Decimal(total).lte(0)) throw new ApiError('bill amount must be positive');
  if (input.sourceKey) {
    const prev = await trx(BILL).where({ source: input.sourceKey }).first();
    if (prev) return { id: Number(prev.id), serialNo: String(prev.serial_no), created: false };
  }
  const now = new Date();
  const [id] = await trx(BILL).insert({
    ...newBill(),
    order_no: input.orderNo.trim(),
    bill_type: input.billType,
    payer_user_id: input.payerUserId,
    payer_name: input.payerName,
    payee_user_id: input.payeeUserId ?? null,
    payee_name: input.payeeName,
    amount: total,
    currency: input.currency,
    bill_date: input.billDate ?? isoDay(now),
    source: input.sourceKey ?? null,
    remark: input.remark ?? null,
    created_at: now,
    created_by: actorUserId,
    updated_at: now,
    updated_by: actorUserId,
    version: 1,
  });
  const serialNo = serialOf(Number(id), now);
  await trx(BILL).where({ id }).update({ serial_no: serialNo });
  const lines = input.lines.map((l) => ({ ...l, quantity: new Decimal(l.quantity).toFixed(4), amount: money(l.amount) }));
  await saveLines(billDocument, trx, Number(id), { currency: input.currency, lines });
  return { id: Number(id), serialNo, created: true };
}

export interface ServiceBillPayload {
  orderNo: string;
  billType: 'SERVICE';
  payerUserId: number;
  payerEnterpriseId: number | null;
  payerName: string;
  payeeEnterpriseId: number | null;
  payeeName: string;
  payeeUserId?: number | null;
  amount: string;
  currency: string;
  remark?: string | null;
}

/**
 * The login account behind the payee's enterprise when the payload does not carry it: asked of
 * the enterprise directory (customs provides it); without one the bill has no payee account.
 */
async function payeeUserOf(trx: Knex.Transaction, p: ServiceBillPayload, services: HandoffServices): Promise<number | null> {
  if (p.payeeUserId) return Number(p.payeeUserId);
  if (!p.payeeEnterpriseId || !services.hasService(ENTERPRISE_DIRECTORY)) return null;
  return services.service<EnterpriseDirectory>(ENTERPRISE_DIRECTORY).userOf(trx, Number(p.payeeEnterpriseId));
}

/** `handoff.serviceBill`: an approved service order becomes a staged SERVICE bill (once). */
export const serviceBillReceiver: HandoffReceiver = {
  async accept(trx: Knex.Transaction, handoff: Handoff, services: HandoffServices): Promise<string> {
    const p = handoff.payload as unknown as ServiceBillPayload;
    const bill = await createBill(
      trx,
      {
        billType: 'SERVICE',
        orderNo: p.orderNo,
        payerUserId: p.payerUserId ?? null,
        payerName: p.payerName,
        payeeUserId: await payeeUserOf(trx, p, services),
        payeeName: p.payeeName,
        currency: p.currency,
        remark: p.remark ? String(p.remark).slice(0, 500) : null,
        lines: [{ feeItemName: '报关服务费', quantity: '1', amount: money(p.amount), unit: null, source: 'rule', explanation: p.orderNo }],
        sourceKey: `handoff:${handoff.id}`,
      },
      null,
    );
    return bill.serialNo;
  },
};

/** The display name of a customer login account. */
async function partyName(knex: Knex, userId: number): Promise<string | null> {
  const u = await knex('sys_user').where({ id: userId }).first();
  return u ? String(u.company_name || u.nickname) : null;
}

function checkActor(rows: Row[], name: string, user: SessionUser, t: TFunction): void {
  const allowed = BILL_ACTORS[name];
  if (!allowed) return;
  for (const r of rows) {
    if (!actorsOn(r, user).some((a) => allowed.includes(a))) throw new ApiError(t('finance:bills.msg.notYourRole'));
  }
}

const payKey = (id: number) => `bill:${id}:pay`;
const refundKey = (id: number) => `bill:${id}:refund`;
/** A bill's money moving through its payer's funds: referenced by the bill, noted with its order. */
const movement = (r: Row, amount: unknown, txType: string, idempotencyKey: string, t: TFunction) => ({
  userId: Number(r.payerUserId),
  currency: String(r.currency),
  amount: money(String(amount)),
  txType,
  reference: String(r.serialNo),
  memo: String(r.orderNo),
  idempotencyKey,
  t,
});

const hooks: ResourceHooks = {
  restrict: restrictBills,
  async decorate(rows) {
    formatMoney(rows, ['amount', 'refundAmount']);
  },
  async validate(input, { trx, t }) {
    const payer = await partyName(trx, Number(input.payerUserId));
    if (!payer) throw new FieldError({ payerUserId: t('finance:bills.msg.unknownParty') });
    if (input.payeeUserId && !(await partyName(trx, Number(input.payeeUserId)))) throw new FieldError({ payeeUserId: t('finance:bills.msg.unknownParty') });
    const lines = input.lines as BillLineInput[];
    if (new Decimal(totalOf(lines)).lte(0)) throw new FieldError({ lines: t('finance:bills.msg.amountRequired') });
  },
  async toDb(input, { trx, op }, defaults) {
    return {
      ...(op === 'create' ? newBill() : {}),
      ...defaults,
      payer_name: await partyName(trx, Number(input.payerUserId)),
      bill_date: input.billDate ?? isoDay(new Date()),
      amount: totalOf(input.lines as BillLineInput[]),
    };
  },
  // The lines are the document kit's (billDocument): saved after the header, in its
  // transaction, only while the bill is editable (the engine refuses edits past staged).
  async afterWrite(id, _input, { trx, op }) {
    if (op === 'create') await trx(BILL).where({ id }).update({ serial_no: serialOf(id, new Date()) });
  },
  async beforeTransition(rows, name, { trx, actor, t, amount }) {
    checkActor(rows, name, actor.user, t);
    const now = new Date();
    switch (name) {
      case 'push':
        return () => ({ push_flag: 'pushed' });
      case 'restage':
        return () => ({ push_flag: 'notPushed', return_reason: null });
      case 'pay':
      case 'payOffline': {
        if (rows.some((r) => r.badDebt === 'writtenOff')) throw new ApiError(t('finance:bills.msg.writtenOff'));
        const ledger = new Map<number, number>();
        if (name === 'pay') {
          for (const r of rows) ledger.set(Number(r.id), (await debitFunds(trx, movement(r, r.amount, 'billPayment', payKey(Number(r.id)), t))).ledgerId);
        }
        return (r) => ({ pay_flag: 'paid', paid_via: name === 'pay' ? 'funds' : 'offline', pay_ledger_id: ledger.get(Number(r.id)) ?? null, paid_at: now });
      }
      case 'confirmReceipt':
        return () => ({ receipt_flag: 'received', received_at: now });
      case 'requestRefund': {
        // At most what was paid; the amount is checked once here and fixed to the cent.
        for (const r of rows) {
          if (amount !== null && new Decimal(amount).gt(String(r.amount))) {
            throw new FieldError({ refundAmount: t('finance:bills.msg.refundTooMuch', { max: money(String(r.amount)) }) });
          }
        }
        return (r) => ({ refund_amount: money(amount ?? String(r.amount)), refund_status: 'pending', refund_opinion: null });
      }
      case 'approveRefund': {
        const ledger = new Map<number, number>();
        for (const r of rows) {
          if (r.paidVia !== 'funds') continue;
          ledger.set(Number(r.id), (await creditFunds(trx, movement(r, r.refundAmount ?? r.amount, 'refund', refundKey(Number(r.id)), t))).ledgerId);
        }
        return (r) => ({ refund_status: 'approved', pay_flag: 'refunded', receipt_flag: 'refunded', refund_ledger_id: ledger.get(Number(r.id)) ?? null, refunded_at: now });
      }
      case 'rejectRefund':
        return () => ({ refund_status: 'rejected' });
      case 'failRefund':
        return () => ({ refund_status: 'failed' });
      default:
        return undefined;
    }
  },
};

export const billResource = documentResource(billDocument, hooks);
export const billPayableResource = documentResource(billDocument, { ...hooks, restrict: restrictPayable }, undefined, billPayableDef);
export const billReceivableResource = documentResource(
  billDocument,
  {
    ...hooks,
    restrict: restrictReceivable,
    async decorate(rows, knex) {
      await hooks.decorate!(rows, knex);
      for (const r of rows) r.ageDays = ageInDays(r.billDate);
    },
  },
  undefined,
  billReceivableDef,
);
