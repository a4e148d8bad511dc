// GET /api/payAdvance/zjCount: the fund reminder count (SPEC §7, read as data.data): sub-accounts
// the caller may see whose available balance is under their reminder threshold.
import { api, ok } from '@core/server';
import { fundReminderCount } from '../funds.server';
import { requireFundReminder } from './reminderAccess.server';

export const loader = api(requireFundReminder, async ({ knex, user }) => ok({ data: await fundReminderCount(knex, user) }));
