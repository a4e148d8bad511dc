// /api/decl/<resource>/<id>: get (GET), update (PUT with version), delete (DELETE), code 100.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { declMember } from './dispatch.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => declMember(request, params.resource, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => declMember(request, params.resource, params.id);
