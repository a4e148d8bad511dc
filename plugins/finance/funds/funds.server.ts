// Advance-payment funds on the server: the sub-account services other areas call (bills pay
// from funds and refund back into them), the resource hooks of the three fund screens, and the
// fund reminder (customers whose available balance fell under their threshold).
//
// Every balance change goes through post(): it locks the sub-account row (SELECT … FOR UPDATE
// on MariaDB; SQLite serialises writers), re-reads the balance under the lock, refuses a debit
// the available balance does not cover and writes the ledger row with the running balance, all
// in the caller's transaction — so a bill is settled and its money debited together or not at all.
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { ApiError, FieldError, isMysql, serverResource, tableLookup, type Row } from '@core/server';
import type { SessionUserLike } from '@core/shared';
import { advanceReceiptDef, fundLedgerDef, subAccountDef, type FundRow, type TxType } from './funds';

export const TRADER = 4;
export const BROKER = 5;
const ACCOUNT = 'fin_sub_account';
const LEDGER = 'fin_fund_ledger';

/** Customers (traders, brokers) see only their own sub-accounts and ledger rows. */
export function isCustomer(user: Pick<SessionUserLike, 'userType' | 'isAdmin'>): boolean {
  return !user.isAdmin && (user.userType === TRADER || user.userType === BROKER);
}

export function restrictFunds(qb: Knex.QueryBuilder, user: SessionUserLike): void {
  if (isCustomer(user)) qb.where(`${ACCOUNT}.user_id`, user.id);
}

/** Money fixed once: half-up to 2 decimals, as the DECIMAL(18,2) string. */
export function money(v: Decimal.Value): string {
  return new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

export interface SubAccount {
  id: number;
  subAccNo: string;
  userId: number;
  customerName: string;
  currency: string;
  available: string;
  actual: string;
  frozen: string;
}

function toSubAccount(r: Row): SubAccount {
  return {
    id: Number(r.id),
    subAccNo: String(r.sub_acc_no),
    userId: Number(r.user_id),
    customerName: String(r.customer_name),
    currency: String(r.currency),
    available: money(String(r.available)),
    actual: money(String(r.actual)),
    frozen: money(String(r.frozen)),
  };
}

/** A customer's sub-account in one currency, or null when none was opened. */
export async function subAccountOf(knex: Knex, userId: number, currency: string): Promise<SubAccount | null> {
  const r = await knex(ACCOUNT).where({ user_id: userId, currency }).first();
  return r ? toSubAccount(r) : null;
}

export interface FundMovement {
  userId: number;
  currency: string;
  amount: string;
  txType: TxType | string;
  reference: string;
  memo?: string;
  idempotencyKey?: string;
  t: TFunction;
  /** Bank-side details, when the money came from outside (advance receipts). */
  hostFlowNo?: string;
  counterpartyAccount?: string | null;
  counterpartyName?: string | null;
  counterpartyBank?: string | null;
  actorId?: number | null;
}

export function newHostFlowNo(): string {
  return `HF${Date.now()}${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
}

function positiveAmount(raw: string, t: TFunction): Decimal {
  let d: Decimal;
  try {
    d = new Decimal(String(raw).trim());
  } catch {
    throw new ApiError(t('finance:funds.msg.invalidAmount'));
  }
  if (!d.isFinite() || d.lte(0)) throw new ApiError(t('finance:funds.msg.invalidAmount'));
  return d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

async function lockAccount(trx: Knex.Transaction, userId: number, currency: string): Promise<Row | undefined> {
  const q = trx(ACCOUNT).where({ user_id: userId, currency });
  if (isMysql(trx)) q.forUpdate();
  return q.first();
}

/** The ledger values of one movement; updates the locked account's balances. */
async function post(trx: Knex.Transaction, p: FundMovement, direction: 'D' | 'C'): Promise<{ ledgerId: number; balanceAfter: string } | { values: Row }> {
  const { t } = p;
  const amount = positiveAmount(p.amount, t);
  const acc = await lockAccount(trx, p.userId, p.currency);
  if (!acc) throw new ApiError(t('finance:funds.noAccount'));
  if (p.idempotencyKey) {
    // A locking read sees the latest committed row even inside an older snapshot.
    const q = trx(LEDGER).where({ idempotency_key: p.idempotencyKey });
    if (isMysql(trx)) q.forUpdate();
    const prev = await q.first();
    if (prev) return { ledgerId: Number(prev.id), balanceAfter: money(String(prev.balance_after)) };
  }
  const available = new Decimal(String(acc.available));
  const actual = new Decimal(String(acc.actual));
  if (direction === 'D' && available.lt(amount)) throw new ApiError(t('finance:funds.insufficient'));
  const sign = direction === 'D' ? -1 : 1;
  const nextAvailable = available.plus(amount.times(sign));
  const nextActual = actual.plus(amount.times(sign));
  const now = new Date();
  await trx(ACCOUNT)
    .where({ id: acc.id })
    .update({ available: money(nextAvailable), actual: money(nextActual), updated_at: now, version: trx.raw('version + 1') });
  return {
    values: {
      sub_account_id: Number(acc.id),
      tx_type: p.txType,
      tx_time: now,
      host_flow_no: p.hostFlowNo ?? newHostFlowNo(),
      counterparty_account: p.counterpartyAccount ?? null,
      counterparty_name: p.counterpartyName ?? null,
      counterparty_bank: p.counterpartyBank ?? null,
      direction,
      amount: money(amount),
      balance_after: money(nextAvailable),
      fee: '0.00',
      memo: p.memo ?? null,
      currency: p.currency,
      reference: p.reference || null,
      idempotency_key: p.idempotencyKey ?? null,
      created_at: now,
      created_by: p.actorId ?? null,
    },
  };
}

async function postAndInsert(trx: Knex.Transaction, p: FundMovement, direction: 'D' | 'C'): Promise<{ ledgerId: number; balanceAfter: string }> {
  const r = await post(trx, p, direction);
  if (!('values' in r)) return r;
  const [id] = await trx(LEDGER).insert(r.values);
  return { ledgerId: Number(id), balanceAfter: String(r.values.balance_after) };
}

/** A bill's payment or refund as the other areas move money. */
type FundCall = Pick<FundMovement, 'userId' | 'currency' | 'amount' | 'txType' | 'reference' | 'memo' | 'idempotencyKey' | 't'>;

/**
 * Takes money from a customer's available balance (paying a bill from funds). Refuses with
 * 可用余额不足 when the balance does not cover it; a repeated idempotency key returns the
 * first result without debiting again.
 */
export const debitFunds = (trx: Knex.Transaction, p: FundCall) => postAndInsert(trx, p, 'D');

/** Puts money back into a customer's funds (a refund); idempotent by key like debitFunds. */
export const creditFunds = (trx: Knex.Transaction, p: FundCall) => postAndInsert(trx, p, 'C');

/** Display name of a customer account: its company, else its nickname. */
async function customerOf(knex: Knex, userId: number): Promise<{ id: number; name: string } | null> {
  const u = await knex('sys_user').where({ id: userId }).whereIn('user_type', [TRADER, BROKER]).first();
  return u ? { id: Number(u.id), name: String(u.company_name || u.nickname) } : null;
}

const subAccNo = (id: number) => `SUB${String(id).padStart(10, '0')}`;

/**
 * Opens a sub-account for a customer in a currency (资金初始化): the account number follows
 * from the row id, and a non-zero opening amount is a "fund initialisation" credit.
 */
export async function openSubAccount(
  trx: Knex.Transaction,
  p: { userId: number; currency: string; initialAmount?: string | null; reminderThreshold?: string; actorId?: number | null; t: TFunction },
): Promise<SubAccount> {
  const customer = await customerOf(trx, p.userId);
  if (!customer) throw new FieldError({ userId: p.t('finance:funds.msg.notCustomer') });
  if (await trx(ACCOUNT).where({ user_id: p.userId, currency: p.currency }).first()) throw new FieldError({ currency: p.t('finance:funds.msg.accountExists') });
  const now = new Date();
  const [id] = await trx(ACCOUNT).insert({
    ...accountValues(customer, p.currency, p.reminderThreshold ?? '0.00'),
    created_at: now,
    created_by: p.actorId ?? null,
    updated_at: now,
    updated_by: p.actorId ?? null,
    version: 1,
  });
  await finishOpening(trx, Number(id), p.initialAmount, p.actorId ?? null, p.t);
  return toSubAccount(await trx(ACCOUNT).where({ id }).first());
}

function accountValues(customer: { id: number; name: string }, currency: string, threshold: string): Row {
  return {
    user_id: customer.id,
    customer_name: customer.name,
    // The real number needs the row id (finishOpening); a unique placeholder until then.
    sub_acc_no: `TMP${Date.now()}${crypto.randomBytes(3).toString('hex')}`,
    currency,
    available: '0.00',
    actual: '0.00',
    frozen: '0.00',
    reminder_threshold: money(threshold),
    overdraft_limit: '0.00',
    status: 'normal',
  };
}

async function finishOpening(trx: Knex.Transaction, id: number, initialAmount: string | null | undefined, actorId: number | null, t: TFunction): Promise<void> {
  await trx(ACCOUNT).where({ id }).update({ sub_acc_no: subAccNo(id) });
  if (initialAmount && new Decimal(initialAmount).gt(0)) {
    const acc = await trx(ACCOUNT).where({ id }).first();
    await postAndInsert(trx, { userId: Number(acc.user_id), currency: acc.currency, amount: initialAmount, txType: 'fundInit', reference: subAccNo(id), actorId, t }, 'C');
  }
}

/** Money columns as 2-decimal strings whatever the driver hands back. */
export function formatMoney(rows: Row[], fields: string[]): void {
  for (const r of rows) for (const f of fields) if (r[f] !== null && r[f] !== undefined) r[f] = money(String(r[f]));
}

export const subAccountResource = serverResource(subAccountDef, {
  restrict: restrictFunds,
  async decorate(rows) {
    formatMoney(rows, ['available', 'actual', 'frozen', 'reminderThreshold', 'overdraftLimit']);
  },
  async validate(input, { trx, t, op }) {
    if (op !== 'create') return;
    if (!(await customerOf(trx, Number(input.userId)))) throw new FieldError({ userId: t('finance:funds.msg.notCustomer') });
  },
  async toDb(input, { trx, op }) {
    if (op === 'update') return { reminder_threshold: money(String(input.reminderThreshold)) };
    const customer = (await customerOf(trx, Number(input.userId)))!;
    return accountValues(customer, String(input.currency), String(input.reminderThreshold));
  },
  async afterWrite(id, input, { trx, op, actor, t }) {
    if (op === 'create') await finishOpening(trx, id, (input.initialAmount as string | null) ?? null, actor.user.id, t);
  },
});

function ledgerQuery(knex: Knex): Knex.QueryBuilder {
  return knex(LEDGER)
    .join(ACCOUNT, `${ACCOUNT}.id`, `${LEDGER}.sub_account_id`)
    .select(`${LEDGER}.*`, `${ACCOUNT}.sub_acc_no`, `${ACCOUNT}.customer_name`, `${ACCOUNT}.user_id`);
}

export const fundLedgerResource = serverResource(fundLedgerDef, {
  query: ledgerQuery,
  restrict: restrictFunds,
  async decorate(rows) {
    formatMoney(rows, ['amount', 'balanceAfter', 'fee']);
  },
});

export const advanceReceiptResource = serverResource(advanceReceiptDef, {
  query: (knex) => ledgerQuery(knex).where(`${LEDGER}.tx_type`, 'ordinaryExternal'),
  restrict: restrictFunds,
  async decorate(rows) {
    formatMoney(rows, ['amount', 'balanceAfter', 'fee']);
  },
  async validate(input, { trx, t }) {
    if (!(await customerOf(trx, Number(input.userId)))) throw new FieldError({ userId: t('finance:funds.msg.notCustomer') });
    if (!(await trx(ACCOUNT).where({ user_id: Number(input.userId), currency: input.currency }).first())) throw new FieldError({ currency: t('finance:funds.noAccount') });
    if (input.hostFlowNo && (await trx(LEDGER).where({ host_flow_no: input.hostFlowNo }).first())) throw new FieldError({ hostFlowNo: t('finance:funds.msg.hostFlowNoUsed') });
  },
  async toDb(input, { trx, t, actor }) {
    const r = await post(
      trx,
      {
        userId: Number(input.userId),
        currency: String(input.currency),
        amount: String(input.amount),
        txType: 'ordinaryExternal',
        reference: '',
        memo: (input.memo as string | null) ?? undefined,
        hostFlowNo: (input.hostFlowNo as string | null) ?? undefined,
        counterpartyAccount: String(input.counterpartyAccount),
        counterpartyName: String(input.counterpartyName),
        counterpartyBank: String(input.counterpartyBank),
        actorId: actor.user.id,
        t,
      },
      'C',
    );
    if (!('values' in r)) throw new ApiError(t('finance:funds.msg.hostFlowNoUsed'));
    return r.values;
  },
});

/** Sub-accounts under their reminder threshold that a user may see (all of them for a job). */
function reminderQuery(knex: Knex, user: SessionUserLike | null): Knex.QueryBuilder {
  const q = knex(ACCOUNT).whereRaw('?? < ??', [`${ACCOUNT}.available`, `${ACCOUNT}.reminder_threshold`]);
  if (user) restrictFunds(q, user);
  return q;
}

export async function fundReminderCount(knex: Knex, user: SessionUserLike | null): Promise<number> {
  const row = await reminderQuery(knex, user).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export async function fundReminderPage(knex: Knex, user: SessionUserLike | null, currentPage: number, pageSize: number): Promise<{ rows: FundRow[]; total: number; currentPage: number; pageSize: number }> {
  const page = Number.isInteger(currentPage) && currentPage > 0 ? currentPage : 1;
  const size = Number.isInteger(pageSize) && pageSize > 0 ? Math.min(pageSize, 100) : 10;
  const total = await fundReminderCount(knex, user);
  const rows = await reminderQuery(knex, user)
    .select('customer_name', 'sub_acc_no', 'available')
    .orderBy([{ column: 'customer_name' }, { column: 'id' }])
    .limit(size)
    .offset((page - 1) * size);
  return {
    rows: rows.map((r: Row) => ({ customerName: String(r.customer_name), subAccNo: String(r.sub_acc_no), remainingMoney: money(String(r.available)) })),
    total,
    currentPage: page,
    pageSize: size,
  };
}

/** Picker of customer login accounts (traders and brokers) a sub-account can belong to. */
export const fundCustomers = tableLookup({ table: 'sys_user', value: 'id', label: '{company_name|nickname} ({username})', orderBy: 'id',
  where: (q, user) => (isCustomer(user) ? q.where({ id: user.id }) : q).whereIn('user_type', [TRADER, BROKER]).where({ status: '0' }) });
