// GET /api/decl/<resource>/export?format=xlsx|csv: the list as a streamed file.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { declExport } from './dispatch.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => declExport(request, params.resource);
