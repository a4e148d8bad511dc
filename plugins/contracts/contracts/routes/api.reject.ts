// POST /api/contracts/contract/{id}/reject { reason }: the party whose turn it is refuses to
// sign; the contract becomes abnormal with the reason.
import { api, ok, readJson } from '@core/server';
import { CONTRACT_PERMS } from '../../common';
import { K } from '../contract';
import { rejectContract } from '../signing.server';

export const action = api({ permission: CONTRACT_PERMS.reject }, async ({ request, params, knex, actor, t }) => {
  const body = await readJson(request);
  await rejectContract(knex, { id: Number(params.id), actor, reason: typeof body.reason === 'string' ? body.reason : '', t });
  return ok(null, t(`${K}.msg.rejected`));
});
