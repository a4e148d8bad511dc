// GET /api/portops/distribution/:id — the optimiser's proposal for a published source (each fleet's
// share, tonnes and why); POST — the operator's confirmation { shares: [{ fleetId, tonnes,
// includeReason? }] } (an excluded fleet only with the reason it is included for), creating the
// fleet orders and assigning the source. Both need portops:source:distribute.
import { z } from 'zod';
import { ApiError, FieldError, api, getRow, ok, readJson, zodFieldErrors } from '@core/server';
import type { TFunction } from 'i18next';
import { rules } from '@core/shared';
import { K, SOURCE_PERMISSIONS } from '../source';
import { sourceResource } from '../source.server';
import { confirmDistribution, proposal } from '../distribution.server';

const need = { permission: SOURCE_PERMISSIONS.distribute };

/** The source id of the path: a malformed one is a bad request, an unknown one (later) not found. */
function sourceId(raw: string | undefined, t: TFunction): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(t('core:resource.invalid', { field: 'id' }));
  return id;
}

export const loader = api(need, async ({ params, knex, user, t }) => {
  const id = sourceId(params.id, t);
  await getRow(sourceResource, user, id, t, knex);
  return ok(await proposal(knex, t, id));
});

export const action = api(need, async ({ request, params, knex, actor, t }) => {
  const r = rules(t);
  const schema = z.object({
    shares: z
      .array(z.object({ fleetId: z.coerce.number().int().positive(), tonnes: r.decimal(`${K}.field.tonnes`, { scale: 2, maxDigits: 10 }), includeReason: r.optionalText(`${K}.ui.includeReason`, 200) }))
      .min(1, t(`${K}.msg.noShare`)),
  });
  const parsed = schema.safeParse(await readJson(request));
  if (!parsed.success) throw new FieldError(zodFieldErrors(parsed.error));
  const shares = parsed.data.shares.map((s) => ({ fleetId: s.fleetId, tonnes: Number(s.tonnes), includeReason: s.includeReason ?? null }));
  const orders = await confirmDistribution(knex, actor, t, sourceId(params.id, t), shares);
  return ok({ orders });
});
