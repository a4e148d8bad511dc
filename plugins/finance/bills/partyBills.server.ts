// Service `finance.partyBills` (core/plugin.ts PARTY_BILLS): the bills one user pays, a page at
// a time, as other plugins show them (the portal's embedded settlement status viewer). Only
// bills pushed to that payer: a staged bill is still the payee's draft.
import type { Knex } from 'knex';
import type { PartyBill, PartyBills } from '@core/shared';
import { formatDateTime } from '@core/shared';
import { BILL, money } from './bills.server';

// The driver reads a DATE column as UTC midnight (MariaDB) or hands its text (SQLite).
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export const partyBills: PartyBills = {
  async page(knex: Knex, userId: number, { page, pageSize }, t): Promise<{ rows: PartyBill[]; total: number }> {
    const mine = () => knex(BILL).where({ payer_user_id: userId, push_flag: 'pushed' });
    const [{ n }] = await mine().count({ n: '*' });
    const rows = await mine()
      .orderBy([{ column: 'bill_date', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .select('serial_no', 'order_no', 'bill_type', 'amount', 'currency', 'bill_date', 'status', 'pay_flag', 'paid_at');
    return {
      total: Number(n),
      rows: rows.map((r) => ({
        serialNo: String(r.serial_no),
        orderNo: String(r.order_no),
        billType: String(r.bill_type),
        billTypeLabel: t(`finance:bills.billTypes.${r.bill_type}`),
        amount: money(String(r.amount)),
        currency: String(r.currency),
        billDate: day(r.bill_date),
        status: String(r.status),
        statusLabel: t(`finance:bills.state.${r.status}`),
        payFlag: String(r.pay_flag),
        payFlagLabel: t(`finance:bills.payFlags.${r.pay_flag}`),
        paidAt: r.paid_at === null || r.paid_at === undefined ? null : formatDateTime(r.paid_at),
      })),
    };
  },
};
