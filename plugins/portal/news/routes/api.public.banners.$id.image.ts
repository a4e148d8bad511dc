// GET /api/portal/public/banners/{id}/image: the image of an enabled banner.
import { ApiError, CODE, attachedFile, publicApi } from '@core/server';
import { resourceKey } from '@core/shared';
import { bannerDef } from '../news';
import { imageAnswer } from '../public.server';

export const loader = publicApi(async ({ request, params, knex, t }) => {
  const id = Number(params.id);
  const row = Number.isSafeInteger(id) && id > 0 ? await knex('ptl_banner').where({ id, enabled: true }).first('image_file_id') : null;
  const image = row?.image_file_id ? await attachedFile(knex, resourceKey(bannerDef), id, Number(row.image_file_id)) : null;
  if (!image) throw new ApiError(t('core:resource.notFound'), CODE.NOT_FOUND, 404);
  return imageAnswer(request, image.file.id, image.file.mime, image.bytes);
});
