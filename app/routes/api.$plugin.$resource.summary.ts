// GET /api/<plugin>/<resource>/summary: the declared column totals over the filtered list.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { summary } from '@core/resource/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => summary(request, params);
