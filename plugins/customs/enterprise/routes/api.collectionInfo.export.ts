// /api/customs/collectionInfo/export, gated.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { exportFile } from '@core/server';
import { gated } from './gate.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => gated(request, params, exportFile);
