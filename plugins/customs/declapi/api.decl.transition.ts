// POST /api/decl/<resource>/transition/<name> { ids }: a state-machine transition, code 100.
import type { ActionFunctionArgs } from '@remix-run/node';
import { declTransition } from './dispatch.server';

export const action = ({ request, params }: ActionFunctionArgs) => declTransition(request, params.resource, params.transition);
