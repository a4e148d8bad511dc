// POST /api/portops/waybill/step { id, step, gross?, tare?, receiptFileId?, statusNote? }: one step
// of the driver's page, or the exception they report (waybillStep), answered in the envelope with
// the waybill after it.
import { api, ok, readJson } from '@core/server';
import { K, MENU, WAYBILL_PERMISSIONS } from '../waybill';
import { waybillStep } from '../waybill.server';

export const action = api({ menu: MENU.driverOperation, permission: WAYBILL_PERMISSIONS.drive }, async ({ request, knex, actor, t }) => {
  const input = await readJson(request);
  const row = await waybillStep(knex, actor, t, Number(input.id), String(input.step), input);
  return ok(row, t(`${K}.ui.stepDone`, { step: t(`${K}.action.${String(input.step)}`) }));
});
