// /api/<plugin>/<resource>/<id>: get (GET), update (PUT with version), delete (DELETE).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { member } from '@core/resource/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => member(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => member(request, params);
