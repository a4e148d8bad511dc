// GET /api/payAdvance/zjCount: the fund reminder count (SPEC §7, read as data.data): sub-accounts
// the caller may see whose available balance is under their reminder threshold.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getKnex, handleApi, ok } from '@core/server';
import { fundReminderCount } from '../funds.server';
import { requireFundReminder } from './reminderAccess.server';

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireFundReminder(request);
    return ok({ data: await fundReminderCount(getKnex(), user) });
  });
