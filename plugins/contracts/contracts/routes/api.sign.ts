// POST /api/contracts/contract/{id}/sign { password, sealId }: the signer's party signs, in turn,
// with the password re-entered and one of its enterprise's seals (last signature: completed).
import { api, ok, readJson } from '@core/server';
import { CONTRACT_PERMS } from '../../common';
import { K } from '../contract';
import { signContract } from '../signing.server';

export const action = api({ permission: CONTRACT_PERMS.sign }, async ({ request, params, knex, actor, t }) => {
  const body = await readJson(request);
  const result = await signContract(knex, {
    id: Number(params.id),
    actor,
    password: typeof body.password === 'string' ? body.password : '',
    sealId: Number(body.sealId),
    t,
    origin: new URL(request.url).origin,
  });
  return ok(result, t(result.status === 'normal' ? `${K}.msg.completed` : `${K}.msg.signed`));
});
