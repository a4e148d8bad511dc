// POST /api/user/updatePw: change the signed-in user's own password (SPEC §5).
import type { ActionFunctionArgs } from '@remix-run/node';
import { changePassword } from '@core/auth/password-change.server';
import { requireCurrent } from '@core/auth/guard.server';
import { clientIp } from '@core/auth/session.server';
import { getKnex } from '@core/db/knex.server';
import { ApiError, handleApi, ok, readJson } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const current = await requireCurrent(request);
    const t = await getT(request);
    const body = await readJson(request);
    // The form carries the user's id; it may only ever name the signed-in user.
    if (body.id !== undefined && body.id !== null && body.id !== '' && Number(body.id) !== current.user.id) {
      throw new ApiError(t('core:http.forbidden'), 403, 403);
    }
    await changePassword(getKnex(), t, current.user.id, current.sessionId, body, {
      ip: clientIp(request),
      userAgent: request.headers.get('user-agent'),
    });
    return ok(null, t('core:password.changed'));
  });
}
