// GET /api/portal/public/banners?lang: the banners enabled and valid today, in that language or
// all, in their order; cacheable.
import { cacheableAnswer, publicApi } from '@core/server';
import { banners } from '../public.server';

export const loader = publicApi(async ({ request, knex, lang }) => cacheableAnswer(request, await banners(knex, lang)));
