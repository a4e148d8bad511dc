// GET /api/portal/public/messages/lookup?no&email (public, per-address rate limit): the sender
// reads their message and its reply back. Number and email must both match; otherwise one
// 404 whichever did not, so the answer never tells that a number exists.
import { CODE, fail, ok, publicApi } from '@core/server';
import { K } from '../message';
import { lookupMessage } from '../message.server';
import { lookupLimit, takePoint } from '../limiter.server';

export const loader = publicApi(async ({ request, knex, t, ip }) => {
  const wait = await takePoint(knex, lookupLimit(), ip);
  if (wait !== null) return fail(t(`${K}.msg.tooMany`, { minutes: Math.ceil(wait / 60) }), CODE.ERROR, 429, { 'Retry-After': String(wait) });
  const q = new URL(request.url).searchParams;
  const found = await lookupMessage(knex, q.get('no') ?? '', q.get('email') ?? '');
  if (!found) return fail(t(`${K}.msg.lookupNotFound`), CODE.NOT_FOUND, 404);
  return ok(found);
});
