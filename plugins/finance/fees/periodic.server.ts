// Periodic fee bills (job finance.periodicBills): operation records of customers whose fee
// items settle daily or monthly are priced by the rule engine and billed once per customer,
// period and currency. Daily items bill yesterday; monthly items bill the previous month
// (the run on the 1st does it; a later run catches up if that one was missed). A record that
// arrives after its period was billed is billed with the next period.
//
// Idempotent twice over: the bill's sourceKey `periodic:<customer>:<period>` (createBill
// returns the existing bill), and fin_periodic_bill, which remembers each key with its bill in
// the same transaction, so a rerun skips the period before pricing anything.
import type { Knex } from 'knex';
import Decimal from 'decimal.js';
import { isoDay } from '@core/shared';
import { computeLines, type EngineLine, type EngineRule } from './engine';
import { loadRules } from './fee.server';

/** What createBill (plugins/finance/bills/bills.server.ts) takes and answers; the job passes the
 *  real one, tests may pass a stand-in. */
export interface BillDraft {
  billType: 'SERVICE' | 'TRADE';
  orderNo: string;
  payerUserId: number;
  payerName: string;
  payeeUserId?: number;
  payeeName: string;
  currency: string;
  billDate?: string;
  lines: { feeItemName: string; rate?: string; chargingMethod?: string; standard?: string; unit?: string; quantity: string; amount: string; source: 'rule' | 'manual'; explanation?: string }[];
  remark?: string;
  sourceKey?: string;
}
export type CreateBill = (trx: Knex.Transaction, draft: BillDraft, actorUserId: number | null) => Promise<{ id: number; serialNo: string; created: boolean }>;

export type Cycle = 'daily' | 'monthly';

export interface Period {
  cycle: Cycle;
  /** `2026-11-21` (daily) or `2026-10` (monthly). */
  key: string;
  from: string;
  to: string;
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The periods a run on `asOf` (YYYY-MM-DD) bills: yesterday, and the previous month. */
export function periodsFor(asOf: string): Period[] {
  const d = new Date(`${asOf}T00:00:00Z`);
  const yesterday = ymd(new Date(d.getTime() - 86_400_000));
  const firstOfPrev = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  const lastOfPrev = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0));
  return [
    { cycle: 'daily', key: yesterday, from: yesterday, to: yesterday },
    { cycle: 'monthly', key: ymd(firstOfPrev).slice(0, 7), from: ymd(firstOfPrev), to: ymd(lastOfPrev) },
  ];
}

export function sourceKeyOf(customerUserId: number, period: string, currency: string): string {
  // RMB, the platform's currency, keeps the plain key; another currency gets its own bill.
  return currency === 'RMB' ? `periodic:${customerUserId}:${period}` : `periodic:${customerUserId}:${period}:${currency}`;
}

interface OpRecord {
  id: number;
  customer_user_id: number;
  billing_object: string;
  fee_item_id: number | null;
  quantity: string;
  days: number | null;
  op_date: string | Date;
  reference: string;
}

function dateOf(v: string | Date): string {
  return v instanceof Date ? isoDay(v) : String(v).slice(0, 10);
}

/** The lines of one operation record under the rules of one settlement cycle. */
export function linesOfRecord(rules: EngineRule[], rec: OpRecord): EngineLine[] {
  const mine = rules.filter((r) => r.billingObject === rec.billing_object && (rec.fee_item_id === null || r.feeItemId === Number(rec.fee_item_id)));
  return computeLines(mine, {
    date: dateOf(rec.op_date),
    quantity: new Decimal(String(rec.quantity)).toString(),
    days: rec.days === null ? undefined : Number(rec.days),
    customerUserId: Number(rec.customer_user_id),
  }).map((l) => ({ ...l, explanation: `[${rec.reference}] ${l.explanation}` }));
}

export interface RunResult {
  created: number;
  skipped: number;
  log: string[];
}

/** One run: every customer with billable records in the periods of `asOf`. */
export async function runPeriodicBilling(knex: Knex, asOf: string, createBill: CreateBill, log: (m: string) => void = () => {}): Promise<RunResult> {
  const result: RunResult = { created: 0, skipped: 0, log: [] };
  const say = (m: string) => {
    result.log.push(m);
    log(m);
  };
  const platform = await knex('sys_user').where({ user_type: 3 }).orderBy('id').first();
  const payeeName = String(platform?.company_name || platform?.nickname || 'Platform');
  for (const period of periodsFor(asOf)) {
    const rules = await loadRules(knex, { settlementMethods: [period.cycle] });
    if (rules.length === 0) continue;
    // Unbilled records up to the period's end: one that arrived after its own period was billed
    // goes on the next period's bill instead of being lost.
    const records: OpRecord[] = await knex('fin_operation_record').where('op_date', '<=', period.to).whereNull('bill_serial_no').orderBy('id');
    const customers = [...new Set(records.map((r) => Number(r.customer_user_id)))];
    for (const customer of customers) {
      const byCurrency = new Map<string, { lines: EngineLine[]; recordIds: number[] }>();
      for (const rec of records.filter((r) => Number(r.customer_user_id) === customer)) {
        // A line of nothing (storage still within its free days) is no charge and no bill.
        for (const line of linesOfRecord(rules, rec).filter((l) => new Decimal(l.amount).gt(0))) {
          const cur = line.currency ?? 'RMB';
          const g = byCurrency.get(cur) ?? { lines: [], recordIds: [] };
          g.lines.push(line);
          if (!g.recordIds.includes(rec.id)) g.recordIds.push(rec.id);
          byCurrency.set(cur, g);
        }
      }
      const payer = await knex('sys_user').where({ id: customer }).first();
      for (const [currency, g] of byCurrency) {
        const key = sourceKeyOf(customer, period.key, currency);
        if (await knex('fin_periodic_bill').where({ source_key: key }).first()) {
          result.skipped++;
          say(`${key}: already billed`);
          continue;
        }
        const bill = await knex.transaction(async (trx) => {
          const b = await createBill(
            trx,
            {
              billType: 'SERVICE',
              orderNo: `PB${period.key.replace(/-/g, '')}-${customer}`,
              payerUserId: customer,
              payerName: String(payer?.company_name || payer?.nickname || customer),
              payeeUserId: platform ? Number(platform.id) : undefined,
              payeeName,
              currency,
              billDate: asOf,
              lines: g.lines.map((l) => ({
                feeItemName: l.feeItemName,
                rate: l.rate,
                chargingMethod: l.chargingMethod,
                standard: l.standard ?? undefined,
                unit: l.unit ?? undefined,
                quantity: l.quantity,
                amount: l.amount,
                source: 'rule' as const,
                explanation: l.explanation.slice(0, 500),
              })),
              remark: `${period.cycle} ${period.key}`,
              sourceKey: key,
            },
            platform ? Number(platform.id) : null,
          );
          await trx('fin_periodic_bill').insert({ source_key: key, customer_user_id: customer, period: period.key, cycle: period.cycle, currency, bill_id: b.id, serial_no: b.serialNo, created_at: new Date() });
          await trx('fin_operation_record').whereIn('id', g.recordIds).update({ bill_serial_no: b.serialNo });
          return b;
        });
        if (bill.created) result.created++;
        else result.skipped++;
        say(`${key}: bill ${bill.serialNo} ${bill.created ? 'created' : 'existed'}, ${g.lines.length} lines, ${g.recordIds.length} records`);
      }
    }
  }
  say(`periodic bills as of ${asOf}: created ${result.created}, skipped ${result.skipped}`);
  return result;
}
