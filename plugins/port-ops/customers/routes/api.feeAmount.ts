// POST /api/portops/feeAmount (试算) { feeItemId, date, tonnes?, trips?, containers?, distanceKm?,
// waitingHours? }: what the fee item costs for these facts and on what basis (finance's charging
// rule or the item's own rate), as feeAmount() answers the dispatch side.
import { z } from 'zod';
import { FieldError, api, ok, readJson, zodFieldErrors } from '@core/server';
import { rules } from '@core/shared';
import { FEE_PERMISSIONS, K } from '../common';
import { feeAmount } from '../fee.server';

const f = (k: string) => `${K}.fee.trial.${k}`;

export const action = api({ permission: FEE_PERMISSIONS.list }, async ({ request, knex, services, t }) => {
  const r = rules(t);
  const fact = (k: string) => r.decimal(f(k), { scale: 4, optional: true });
  const schema = z.object({
    feeItemId: r.number(`${K}.fee.title`, { int: true, min: 1 }),
    date: r.date(f('date')),
    tonnes: fact('tonnes'),
    trips: fact('trips'),
    containers: fact('containers'),
    distanceKm: fact('distanceKm'),
    waitingHours: fact('waitingHours'),
  });
  const parsed = schema.safeParse(await readJson(request));
  if (!parsed.success) throw new FieldError(zodFieldErrors(parsed.error));
  const { feeItemId, ...facts } = parsed.data;
  return ok(await feeAmount(knex, Number(feeItemId), { ...facts, date: String(facts.date) }, services, t));
});
