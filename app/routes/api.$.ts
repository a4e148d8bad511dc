// Any other /api path: the envelope's not-found answer instead of an HTML page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiNotFound } from '@core/context.server';

export const loader = ({ request }: LoaderFunctionArgs) => apiNotFound(request);
export const action = ({ request }: ActionFunctionArgs) => apiNotFound(request);
