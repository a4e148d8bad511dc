// GET /api/openapi.json: the OpenAPI document of the resource APIs (public, like any API docs;
// calling the APIs still needs a session or a token).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getT } from '@core/i18n/i18n.server';
import { getRegistry } from '@core/registry.server';
import { openApiDocument } from '@core/resource/openapi.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return Response.json(openApiDocument(getRegistry(), await getT(request), url.origin), { headers: { 'Cache-Control': 'no-store' } });
}
