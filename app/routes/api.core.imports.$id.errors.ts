// GET /api/core/imports/<id>/errors: the import's per-row error report as XLSX.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { importErrors } from '@core/resource/import/http.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => importErrors(request, params);
