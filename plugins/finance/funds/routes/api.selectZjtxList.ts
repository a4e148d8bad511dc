// POST /api/payAdvance/selectZjtxList { Data: { Parameters: { CFD: { currentPage, pageSize } } } }:
// a page of the fund reminder list (customerName, subAccNo, remainingMoney) and its total.
import type { ActionFunctionArgs } from '@remix-run/node';
import { getKnex, handleApi, ok, readJson } from '@core/server';
import { fundReminderPage } from '../funds.server';
import { requireFundReminder } from './reminderAccess.server';

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    const user = await requireFundReminder(request);
    const body = await readJson(request);
    const cfd = ((body.Data as Record<string, unknown> | undefined)?.Parameters as Record<string, unknown> | undefined)?.CFD as Record<string, unknown> | undefined;
    return ok(await fundReminderPage(getKnex(), user, Number(cfd?.currentPage ?? 1), Number(cfd?.pageSize ?? 10)));
  });
