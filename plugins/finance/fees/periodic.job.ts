// Job finance.periodicBills: every day at 00:30 bills yesterday's daily-settled operations and,
// on the 1st (or the first run after it), the previous month's monthly-settled ones.
// `data.date` (YYYY-MM-DD) runs it as of another day.
import { isoDay, type JobDef } from '@core/shared';
import { createBill } from '../bills/bills.server';
import { runPeriodicBilling } from './periodic.server';

export const periodicBillsJob: JobDef = {
  name: 'finance.periodicBills',
  titleKey: 'finance:fees.job.periodicBills',
  cron: '0 30 0 * * *',
  // Bills once per period; a missed night is billed by one catch-up run (it bills every record
  // still unbilled up to yesterday, and the previous month when that was missed).
  exclusive: true,
  catchUp: true,
  async process(ctx) {
    const asOf = typeof ctx.data.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(ctx.data.date) ? ctx.data.date : isoDay(new Date());
    const run = await runPeriodicBilling(ctx.knex, asOf, createBill, (m) => ctx.log(m));
    return run.log[run.log.length - 1];
  },
};
