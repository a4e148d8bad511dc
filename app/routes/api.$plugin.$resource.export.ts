// GET /api/<plugin>/<resource>/export?format=xlsx|csv: the list as a streamed file.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { exportFile } from '@core/resource/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => exportFile(request, params);
