// The REST calls of collection information (/api/customs/collectionInfo…): every one first
// checks that the caller is a trader or customs broker with an approved enterprise and answers
// with the SPEC §8 message otherwise, then runs the resource engine's own handler.
import { requireUser } from '../../../../core/auth/guard.server';
import { getKnex } from '../../../../core/db/knex.server';
import { handleApi } from '../../../../core/http/envelope.server';
import { getT } from '../../../../core/i18n/i18n.server';
import { requireApprovedBusinessEnterprise } from '../enterprise.server';

type Params = Record<string, string | undefined>;

export function gated(request: Request, params: Params, handler: (request: Request, params: Params) => Promise<Response>): Promise<Response> {
  return handleApi(async () => {
    const user = await requireUser(request);
    await requireApprovedBusinessEnterprise(getKnex(), user, await getT(request));
    return handler(request, { ...params, plugin: 'customs', resource: 'collectionInfo' });
  });
}
