// GET /api/payAdvance/zjCount: the fund reminder count (SPEC §7, read as data.data): sub-accounts
// the caller may see whose available balance is under their reminder threshold.
import { fundReminderCount } from '../funds.server';
import { reminderApi } from './reminderAccess.server';

export const loader = reminderApi(async ({ knex, user }) => ({ data: await fundReminderCount(knex, user) }));
