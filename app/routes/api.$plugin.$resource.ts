// /api/<plugin>/<resource>: list (GET), create (POST), delete many (DELETE { ids }).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { collection } from '@core/resource/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => collection(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => collection(request, params);
