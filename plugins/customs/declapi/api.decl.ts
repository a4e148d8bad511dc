// /api/decl/<resource>[/<id> | /transition/<name> | /export]: the customs resources for the
// declaration platform's existing client, in its envelope (code 100 = data, code 1000 =
// whole body; see core/http/variant.server.ts). Same permissions, rules and data as
// /api/customs/<resource>: only the envelope differs.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { collection, exportFile, member, transition } from '@core/resource/api.server';
import { CODE, fail } from '@core/http/envelope.server';
import { toVariantEnvelope } from '@core/http/variant.server';

async function dispatch(request: Request, splat: string | undefined): Promise<Response> {
  const [resource, second, third, ...rest] = (splat ?? '').split('/').filter(Boolean);
  if (!resource || rest.length) return fail('Not found', CODE.NOT_FOUND, 404);
  const params = { plugin: 'customs', resource };
  const list = request.method.toUpperCase() === 'GET' && !second;
  if (!second) return toVariantEnvelope(await collection(request, params), { whole: list });
  if (second === 'export' && !third) return exportFile(request, params);
  if (second === 'transition' && third) return toVariantEnvelope(await transition(request, { ...params, transition: third }));
  if (third) return fail('Not found', CODE.NOT_FOUND, 404);
  return toVariantEnvelope(await member(request, { ...params, id: second }));
}

export const loader = ({ request, params }: LoaderFunctionArgs) => dispatch(request, params['*']);
export const action = ({ request, params }: ActionFunctionArgs) => dispatch(request, params['*']);
