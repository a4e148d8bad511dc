// /api/customs/collectionInfo: list (GET), create (POST), delete many (DELETE), gated.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { collection } from '@core/server';
import { gated } from './gate.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => gated(request, params, collection);
export const action = ({ request, params }: ActionFunctionArgs) => gated(request, params, collection);
