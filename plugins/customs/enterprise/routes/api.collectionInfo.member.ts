// /api/customs/collectionInfo/:id: get, update, delete one, gated.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { member } from '@core/server';
import { gated } from './gate.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => gated(request, params, member);
export const action = ({ request, params }: ActionFunctionArgs) => gated(request, params, member);
