// The /api/decl/… handlers: the customs resources for the declaration platform's existing
// client, in its envelope (code 100 = data, code 1000 = whole body; see
// core/http/variant.server.ts). Same permissions, rules and data as /api/customs/<resource>:
// only the envelope differs. Each URL shape has its own route (routes.ts) so that it ranks
// above the generic /api/<plugin>/<resource>/… routes instead of being shadowed by them.
import { apiNotFound, collection, exportFile, member, toVariantEnvelope, transition } from '@core/server';

const PLUGIN = 'customs';

/** GET list (whole body, code 1000), POST create, DELETE many (code 100). */
export async function declCollection(request: Request, resource: string | undefined): Promise<Response> {
  const list = request.method.toUpperCase() === 'GET';
  return toVariantEnvelope(await collection(request, { plugin: PLUGIN, resource }), { whole: list });
}

/** GET one, PUT/PATCH update, DELETE one (code 100). */
export async function declMember(request: Request, resource: string | undefined, id: string | undefined): Promise<Response> {
  return toVariantEnvelope(await member(request, { plugin: PLUGIN, resource, id }));
}

/** POST a state-machine transition { ids } (code 100). */
export async function declTransition(request: Request, resource: string | undefined, name: string | undefined): Promise<Response> {
  return toVariantEnvelope(await transition(request, { plugin: PLUGIN, resource, transition: name }));
}

/** GET the list as a streamed file (errors in the variant envelope). */
export async function declExport(request: Request, resource: string | undefined): Promise<Response> {
  return toVariantEnvelope(await exportFile(request, { plugin: PLUGIN, resource }));
}

/** Any other /api/decl path. */
export const declNotFound = apiNotFound;
