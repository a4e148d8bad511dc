// GET /api/core/badges/<key>/list?page=&pageSize=: one page of a top-bar badge's list (the
// dialog the badge opens), for users who may see that badge; pageSize is capped at 100.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '@core/auth/guard.server';
import { badgeListPage } from '@core/badges.server';
import { handleApi, ok } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';
import { getRegistry } from '@core/registry.server';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireUser(request);
    const url = new URL(request.url);
    const query = { page: url.searchParams.get('page'), pageSize: url.searchParams.get('pageSize') };
    return ok(await badgeListPage(getRegistry(), user, params.key ?? '', query, await getT(request)));
  });
