// POST /api/login/logout: revokes the session and clears the cookies.
import type { ActionFunctionArgs } from '@remix-run/node';
import { endSession } from '@core/auth/session.server';
import { handleApi, ok } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const t = await getT(request);
    return ok(null, t('core:logout.done'), { headers: await endSession(request) });
  });
}
