// /api/decl/<resource>: list (GET, code 1000 whole body), create (POST), delete many (DELETE { ids }).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { declCollection } from './dispatch.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => declCollection(request, params.resource);
export const action = ({ request, params }: ActionFunctionArgs) => declCollection(request, params.resource);
