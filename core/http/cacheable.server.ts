// Answers a public page may keep for a while (news, content, banners, display series): the
// envelope with an ETag of its text and `Cache-Control: public, max-age=…`, and 304 without a
// body when the client's If-None-Match names that ETag. A caller that keeps answers in a cache
// (core/cache) keeps the body (text and ETag), made once per change, not once per request.
import { createHash } from 'node:crypto';
import { CODE, JsonResponse, type Envelope } from './envelope.server';

export interface CacheableBody {
  text: string;
  etag: string;
}

/** The envelope `{ code: 200, msg, data }` as text, with its ETag. */
export function cacheableBody(data: unknown, msg = 'ok'): CacheableBody {
  const text = JSON.stringify({ code: CODE.OK, msg, data } satisfies Envelope);
  return { text, etag: `"${createHash('sha1').update(text).digest('base64url')}"` };
}

/** Whether If-None-Match names this ETag (or `*`); weak validators compare equal to strong ones. */
export function etagMatches(request: Request, etag: string): boolean {
  const header = request.headers.get('if-none-match');
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((v) => {
    const tag = v.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/** The answer of a cacheable body: 304 when the client has it, else 200 with it. */
export function cacheableAnswer(request: Request, body: CacheableBody, maxAge = 60): Response {
  const headers = { ETag: body.etag, 'Cache-Control': `public, max-age=${maxAge}`, Vary: 'Origin' };
  if (etagMatches(request, body.etag)) return new Response(null, { status: 304, headers });
  return new JsonResponse(body.text, { headers: { ...headers, 'content-type': 'application/json' } });
}

/** `data` in the envelope as a cacheable answer (ETag, Cache-Control, 304). */
export function cacheableJson(request: Request, data: unknown, maxAge = 60): Response {
  return cacheableAnswer(request, cacheableBody(data), maxAge);
}
