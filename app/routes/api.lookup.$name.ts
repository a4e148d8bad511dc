// GET /api/lookup/<plugin.name>: options for a picker (any signed-in user; the source filters).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '@core/auth/guard.server';
import { ApiError, CODE, handleApi, ok } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';
import { loadLookups } from '@core/resource/page.server';
import { getRegistry } from '@core/registry.server';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireUser(request);
    const name = String(params.name);
    if (!getRegistry().lookups.has(name)) throw new ApiError((await getT(request))('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
    return ok((await loadLookups([name], user))[name]);
  });
