// /api/customs/collectionInfo/transition/:transition (enable / disable), gated.
import type { ActionFunctionArgs } from '@remix-run/node';
import { transition } from '@core/server';
import { gated } from './gate.server';

export const action = ({ request, params }: ActionFunctionArgs) => gated(request, params, transition);
