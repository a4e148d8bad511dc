// POST /api/system/apiToken/issue { name, roleId, expiresAt }: the screen's way to the engine's
// create of a token (POST /api/system/apiToken, the same checks: system:apiToken:add, a
// non-administrator cannot issue one for the administrator role), answering `{ id, token }`;
// the token is shown this once.
import { api, createRow, ok, readJson } from '@core/server';
import { apiTokenResource } from '../resources/apiToken.server';

export const action = api({ permission: 'system:apiToken:add' }, async ({ request, t, actor }) => {
  const row = await createRow(apiTokenResource, actor, await readJson(request), t);
  return ok({ id: Number(row.id), token: String(row.token) }, t('core:resource.created'));
});
