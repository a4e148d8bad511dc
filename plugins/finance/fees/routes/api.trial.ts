// POST /api/finance/fees/trial (试算): the lines the rule engine gives for an entered case
// { date, quantity?, days?, customerUserId?, contractNo?, billingObject?, ruleId? }.
import { z } from 'zod';
import { FieldError, api, ok, readJson, zodFieldErrors } from '@core/server';
import { rules } from '@core/shared';
import { FEE_PERMISSIONS } from '../fee';
import { totalOf } from '../engine';
import { trialLines } from '../charging.server';

export const action = api({ permission: FEE_PERMISSIONS.ruleTrial }, async ({ request, t, knex }) => {
  const r = rules(t);
  const schema = z.object({
    date: r.date('finance:fees.trial.date'),
    quantity: r.decimal('finance:fees.record.quantity', { scale: 4, optional: true }),
    days: r.number('finance:fees.record.days', { int: true, min: 0, max: 3650, optional: true }),
    customerUserId: r.number('finance:fees.customer', { int: true, min: 1, optional: true }),
    contractNo: r.optionalText('finance:fees.rule.contractNo', 50),
    billingObject: r.optionalText('finance:fees.billingObject', 20),
    ruleId: r.number('finance:fees.rule.title', { int: true, min: 1, optional: true }),
  });
  const parsed = schema.safeParse(await readJson(request));
  if (!parsed.success) throw new FieldError(zodFieldErrors(parsed.error));
  const d = parsed.data;
  const lines = await trialLines(
    knex,
    {
      date: String(d.date),
      quantity: d.quantity ?? undefined,
      days: d.days ?? undefined,
      customerUserId: d.customerUserId ?? undefined,
      contractNo: d.contractNo ?? undefined,
      billingObject: d.billingObject ?? undefined,
      ruleId: d.ruleId ?? undefined,
    },
    { days: t('finance:fees.explain.days'), free: t('finance:fees.explain.free'), dayRange: t('finance:fees.explain.days'), agreed: t('finance:fees.explain.agreed') },
  );
  return ok({ lines, total: totalOf(lines) });
});
