// Any other /api path: the envelope's not-found answer instead of an HTML page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { fail } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';

async function notFound(request: Request) {
  const t = await getT(request);
  return fail(t('core:http.apiNotFound'), 404, 404);
}
export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);
export const action = ({ request }: ActionFunctionArgs) => notFound(request);
