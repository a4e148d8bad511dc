// Cacheable answers of the public, read-only API (the portal's news, content, banners, series):
// the envelope with a strong ETag of its text and Cache-Control, and 304 Not Modified when the
// client's If-None-Match already names that text. Shared proxies may keep them `maxAge` seconds.
import { createHash } from 'node:crypto';
import { CODE, JsonResponse, type Envelope } from './envelope.server';

/** The ETag of an answer's text (a quoted hash: equal texts, equal tags on every process). */
export function etagOf(text: string): string {
  return `"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** Whether an If-None-Match header names this tag (a list, weak tags, or `*`). */
function matches(ifNoneMatch: string | null, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === tag || v === `W/${tag}`;
  });
}

/** `{ code: 200, msg: 'ok', data }` with ETag and Cache-Control, or a bodiless 304 when the client has it. */
export function cacheableJson(request: Request, data: unknown, maxAge: number): Response {
  const text = JSON.stringify({ code: CODE.OK, msg: 'ok', data } satisfies Envelope);
  const tag = etagOf(text);
  const headers = { ETag: tag, 'Cache-Control': `public, max-age=${Math.max(0, Math.floor(maxAge))}`, Vary: 'Origin' };
  if (matches(request.headers.get('if-none-match'), tag)) return new Response(null, { status: 304, headers });
  return new JsonResponse(text, { headers: { ...headers, 'content-type': 'application/json' } });
}
