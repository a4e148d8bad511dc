// POST /api/core/files?resource=<plugin>.<name>[&field=<image field>] (multipart `file`): stores
// an upload the resource (or that image field) takes (type checked by content, size limited); it
// is attached when the record saves.
import type { ActionFunctionArgs } from '@remix-run/node';
import { requireUser } from '@core/auth/guard.server';
import { ApiError, CODE, handleApi, ok } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';
import { getRegistry } from '@core/registry.server';
import { storeUpload } from '@core/files/files.server';

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    const t = await getT(request);
    const user = await requireUser(request);
    const query = new URL(request.url).searchParams;
    const sr = getRegistry().resources.get(query.get('resource') ?? '');
    if (!sr) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new ApiError(t('core:files.required'));
    }
    const file = form.get('file');
    return ok(await storeUpload(sr, user, file instanceof File ? file : null, t, undefined, query.get('field')), t('core:files.uploaded'));
  });
