// GET /api/portal/public/news/{id}?lang: one published news item with its sanitised content.
import { ApiError, CODE, cacheableAnswer, publicApi } from '@core/server';
import { newsDetail } from '../public.server';

export const loader = publicApi(async ({ request, params, knex, lang, t }) => {
  const id = Number(params.id);
  const body = Number.isSafeInteger(id) && id > 0 ? await newsDetail(knex, id, lang, t) : null;
  if (!body) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  return cacheableAnswer(request, body);
});
