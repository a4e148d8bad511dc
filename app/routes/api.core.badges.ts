// GET /api/core/badges: the signed-in user's top-bar badge counts (polled by the layout).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '@core/auth/guard.server';
import { badgesFor } from '@core/badges.server';
import { handleApi, ok } from '@core/http/envelope.server';
import { getRegistry } from '@core/registry.server';

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => ok(await badgesFor(getRegistry(), await requireUser(request))));
