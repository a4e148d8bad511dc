// /api/decl/<resource>[/<id> | /transition/<name> | /export]: the customs resources for the
// declaration platform's existing client (see dispatch.server.ts). The app mounts one route per
// URL shape (routes.ts) and this splat for the rest; it still dispatches every shape itself,
// so calling it directly with a splat behaves like the mounted routes.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { declCollection, declExport, declMember, declNotFound, declTransition } from './dispatch.server';

async function dispatch(request: Request, splat: string | undefined): Promise<Response> {
  const [resource, second, third, ...rest] = (splat ?? '').split('/').filter(Boolean);
  if (!resource || rest.length) return declNotFound(request);
  if (!second) return declCollection(request, resource);
  if (second === 'export' && !third) return request.method.toUpperCase() === 'GET' ? declExport(request, resource) : declNotFound(request);
  if (second === 'transition' && third) return declTransition(request, resource, third);
  if (third) return declNotFound(request);
  return declMember(request, resource, second);
}

export const loader = ({ request, params }: LoaderFunctionArgs) => dispatch(request, params['*']);
export const action = ({ request, params }: ActionFunctionArgs) => dispatch(request, params['*']);
