// POST /api/payAdvance/selectZjtxList { Data: { Parameters: { CFD: { currentPage, pageSize } } } }:
// a page of the fund reminder list (customerName, subAccNo, remainingMoney) and its total.
import { readJson } from '@core/server';
import { fundReminderPage } from '../funds.server';
import { reminderApi } from './reminderAccess.server';

export const action = reminderApi(async ({ request, knex, user }) => {
  const body = await readJson(request);
  const cfd = ((body.Data as Record<string, unknown> | undefined)?.Parameters as Record<string, unknown> | undefined)?.CFD as Record<string, unknown> | undefined;
  return fundReminderPage(knex, user, Number(cfd?.currentPage ?? 1), Number(cfd?.pageSize ?? 10));
});
