// POST /api/<plugin>/<resource>/import (multipart: file, mode=all|valid): stores the file and
// starts the import job; answers { importId } at once (progress: /api/core/imports/<id>).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { startImport } from '@core/resource/import/http.server';

export const action = ({ request, params }: ActionFunctionArgs) => startImport(request, params);
export const loader = ({ request, params }: LoaderFunctionArgs) => startImport(request, params);
