// GET /api/<plugin>/<resource>/import-template: an XLSX with the importable columns.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { importTemplate } from '@core/resource/import/http.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => importTemplate(request, params);
