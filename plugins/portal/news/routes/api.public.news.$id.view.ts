// POST /api/portal/public/news/{id}/view: counts this reader (a hash of the client's address and
// user agent) once per day; answers the item's views.
import { ApiError, CODE, ok, publicApi } from '@core/server';
import { countView, readerOf } from '../public.server';

export const action = publicApi(async ({ request, params, knex, ip, t }) => {
  const id = Number(params.id);
  const views = Number.isSafeInteger(id) && id > 0 ? await countView(knex, id, readerOf(ip, request.headers.get('user-agent'))) : null;
  if (views === null) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  return ok({ views });
});
