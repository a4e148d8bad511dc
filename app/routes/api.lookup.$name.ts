// GET /api/lookup/<plugin.name>: options for a picker, to a user who may read the lookup (the
// list permission of the resource it lists, or a permission it serves: 403 otherwise), and
// only the options whose rows that resource's data scope lets them read
// (core/resource/lookupAccess.server.ts); `?q=<text>` searches (first 50 matches), `?values=a,b`
// labels chosen values.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '@core/auth/guard.server';
import { ApiError, CODE, handleApi, ok } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';
import { loadLookups, searchLookup } from '@core/resource/page.server';
import { mayReadLookup } from '@core/resource/lookupAccess.server';
import { getRegistry } from '@core/registry.server';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireUser(request);
    const name = String(params.name);
    const lookup = getRegistry().lookups.get(name);
    if (!lookup) throw new ApiError((await getT(request))('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
    if (!mayReadLookup(lookup, user)) throw new ApiError((await getT(request))('core:http.forbidden'), CODE.FORBIDDEN, 403);
    const url = new URL(request.url);
    const q = url.searchParams.get('q');
    const values = url.searchParams.get('values');
    if (q === null && values === null) return ok((await loadLookups([name], user))[name]);
    return ok(await searchLookup(name, user, { q: q?.slice(0, 100) ?? undefined, values: values?.split(',').slice(0, 100), limit: 50 }));
  });
