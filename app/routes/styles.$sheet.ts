// GET /styles/<name>.<name>….css: the emotion rules a server-rendered page links instead of
// inlining them (core/ui/page-styles.server.ts). The names are content hashes, so the answer
// never changes: the browser keeps it for good.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getKnex } from '@core/db/knex.server';
import { styleSheet } from '@core/ui/page-styles.server';

export async function loader({ params }: LoaderFunctionArgs) {
  const css = await styleSheet(getKnex(), params.sheet ?? '');
  if (css === null) return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  return new Response(css, { headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' } });
}
