// POST /api/core/prefs { key, value }: remembers a user's screen settings (grid columns, page size).
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { requireUser } from '@core/auth/guard.server';
import { getKnex } from '@core/db/knex.server';
import { handleApi, ok, readJson } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';
import { badParam } from '@core/resource/api.server';
import { savePref } from '@core/resource/page.server';

const keySchema = z.string().regex(/^[a-z]+:[A-Za-z0-9._-]{1,100}$/);

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    const user = await requireUser(request);
    const body = await readJson(request);
    const key = keySchema.safeParse(body.key);
    if (!key.success) throw badParam(await getT(request), 'key');
    const value = body.value ?? null;
    // The value is stored as JSON of at most 10 000 characters; a bigger one is refused, not cut.
    if (JSON.stringify(value).length > 10000) throw badParam(await getT(request), 'value');
    await savePref(getKnex(), user.id, key.data, value);
    return ok(null);
  });
