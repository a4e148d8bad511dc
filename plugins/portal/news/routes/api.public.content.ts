// GET /api/portal/public/content?lang: the portal's fixed blocks (about, services, contact,
// notices) in that language, in that order; cacheable.
import { cacheableAnswer, publicApi } from '@core/server';
import { contentBlocks } from '../public.server';

export const loader = publicApi(async ({ request, knex, lang }) => cacheableAnswer(request, await contentBlocks(knex, lang)));
