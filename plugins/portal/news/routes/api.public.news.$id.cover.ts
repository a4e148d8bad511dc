// GET /api/portal/public/news/{id}/cover: the cover image of a published news item.
import { ApiError, CODE, attachedFile, publicApi } from '@core/server';
import { NEWS_RESOURCE } from '../news.server';
import { imageAnswer } from '../public.server';

export const loader = publicApi(async ({ request, params, knex, t }) => {
  const id = Number(params.id);
  const row = Number.isSafeInteger(id) && id > 0 ? await knex('ptl_news').where({ id, status: 'published' }).first('cover_file_id') : null;
  const image = row?.cover_file_id ? await attachedFile(knex, NEWS_RESOURCE, id, Number(row.cover_file_id)) : null;
  if (!image) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  return imageAnswer(request, image.file.id, image.file.mime, image.bytes);
});

