// /api/decl/<resource>[/<id> | /transition/<name> | /export]: the customs resources for the
// declaration platform's existing client (see dispatch.server.ts). The app mounts this module
// once per URL shape and as the splat for the rest (routes.ts); it dispatches on the path after
// /api/decl/ itself, so every mount behaves the same.
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

const splatOf = (request: Request) => decodeURI(new URL(request.url).pathname.replace(/^\/api\/decl\/?/, ''));
export const loader = ({ request }: LoaderFunctionArgs) => dispatch(request, splatOf(request));
export const action = ({ request }: ActionFunctionArgs) => dispatch(request, splatOf(request));
