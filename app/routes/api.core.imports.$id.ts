// GET /api/core/imports/<id>: an import's progress and outcome (its uploader or an administrator).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { importState } from '@core/resource/import/http.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => importState(request, params);
