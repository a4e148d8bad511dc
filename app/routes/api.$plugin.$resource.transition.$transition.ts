// POST /api/<plugin>/<resource>/transition/<name> { ids }: a state-machine transition.
import type { ActionFunctionArgs } from '@remix-run/node';
import { transition } from '@core/resource/api.server';

export const action = ({ request, params }: ActionFunctionArgs) => transition(request, params);
