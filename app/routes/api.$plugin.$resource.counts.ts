// GET /api/<plugin>/<resource>/counts: rows per state under the filters (the state tabs).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { counts } from '@core/resource/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => counts(request, params);
