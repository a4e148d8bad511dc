// POST /api/login/auth {username, password, type}: signs in and sets the session cookie.
import type { ActionFunctionArgs } from '@remix-run/node';
import { attemptLogin } from '@core/auth/login.server';
import { clientIp, startSession } from '@core/auth/session.server';
import { getKnex } from '@core/db/knex.server';
import { fail, handleApi, ok, readJson } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== 'POST') return fail('Method not allowed', 500, 405);
    const body = await readJson(request);
    const t = await getT(request);
    const result = await attemptLogin(getKnex(), t, {
      username: String(body.username ?? ''),
      password: String(body.password ?? ''),
      ip: clientIp(request),
      userAgent: request.headers.get('user-agent'),
    });
    if (!result.ok) return fail(result.message, 500, result.reason === 'locked' ? 429 : 401);
    const headers = await startSession(request, result.userId, { ip: clientIp(request), userAgent: request.headers.get('user-agent') });
    return ok({ userId: result.userId }, t('core:login.success'), { headers });
  });
}

export const loader = () => fail('Method not allowed', 500, 405);
