// The REST calls of collection information (/api/customs/collectionInfo…): every one first
// checks that the caller is a trader or customs broker with an approved enterprise (or 管理员,
// who reads them all) and answers with the SPEC §8 message otherwise, then runs the resource
// engine's own handler.
import { handleApi, requestContext } from '@core/server';
import { requireApprovedBusinessEnterprise } from '../enterprise.server';

type Params = Record<string, string | undefined>;

export function gated(request: Request, params: Params, handler: (request: Request, params: Params) => Promise<Response>): Promise<Response> {
  return handleApi(async () => {
    const { user, knex, t } = await requestContext({ request, params });
    // 管理员 sees everything (SPEC §1), every enterprise's rows included; its writes are still
    // refused by the resource hooks, since a row belongs to the writer's own approved enterprise.
    if (!user.isAdmin) await requireApprovedBusinessEnterprise(knex, user, t);
    return handler(request, { ...params, plugin: 'customs', resource: 'collectionInfo' });
  });
}
