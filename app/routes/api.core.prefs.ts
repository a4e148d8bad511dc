// POST /api/core/prefs { key, value }: remembers a user's screen settings (grid columns, page size).
import type { ActionFunctionArgs } from '@remix-run/node';
import { requireUser } from '@core/auth/guard.server';
import { getKnex } from '@core/db/knex.server';
import { ApiError, handleApi, ok, readJson } from '@core/http/envelope.server';
import { savePref } from '@core/resource/page.server';

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    const user = await requireUser(request);
    const body = await readJson(request);
    const key = String(body.key ?? '');
    if (!/^[a-z]+:[A-Za-z0-9._-]{1,100}$/.test(key)) throw new ApiError('invalid key');
    await savePref(getKnex(), user.id, key, body.value ?? null);
    return ok(null);
  });
