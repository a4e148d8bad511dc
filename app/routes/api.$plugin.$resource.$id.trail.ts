// GET /api/<plugin>/<resource>/<id>/trail: the record and its audit trail (the detail drawer).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { trail } from '@core/resource/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => trail(request, params);
