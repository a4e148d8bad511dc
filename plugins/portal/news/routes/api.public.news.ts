// GET /api/portal/public/news?lang&type&page&pageSize: published news in that language, newest
// first, as cards; cacheable (ETag, Cache-Control, 304).
import { ApiError, cacheableAnswer, publicApi } from '@core/server';
import { K } from '../news';
import { newsList, newsQuery } from '../public.server';

export const loader = publicApi(async ({ request, knex, lang, t }) => {
  const q = newsQuery(new URL(request.url), lang);
  if ('badType' in q) throw new ApiError(t(`${K}.msg.badType`));
  return cacheableAnswer(request, await newsList(knex, q, t));
});
