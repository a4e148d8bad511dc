// The public API's cacheable answers: the envelope with an ETag of its text and Cache-Control,
// and 304 without a body when the client already holds that text.
import { describe, expect, it } from 'vitest';
import { cacheableBody, cacheableJson } from './cacheable.server';

const request = (headers: Record<string, string> = {}) => new Request('http://localhost/api/portal/public/series/rate', { headers });

describe('cacheableJson', () => {
  it('answers the envelope with a strong ETag of its text and Cache-Control', async () => {
    const res = cacheableJson(request(), { rows: [1, 2] }, 300);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 200, msg: 'ok', data: { rows: [1, 2] } });
    expect(res.headers.get('etag')).toBe(cacheableBody({ rows: [1, 2] }).etag);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it('answers 304 without a body to an If-None-Match naming the same text, weak or in a list', async () => {
    const tag = cacheableJson(request(), { a: 1 }, 60).headers.get('etag')!;
    for (const inm of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const res = cacheableJson(request({ 'if-none-match': inm }), { a: 1 }, 60);
      expect(res.status).toBe(304);
      expect(res.body).toBeNull();
      expect(res.headers.get('etag')).toBe(tag);
    }
  });

  it('answers the new text when the data changed since', () => {
    const tag = cacheableJson(request(), { a: 1 }, 60).headers.get('etag')!;
    const res = cacheableJson(request({ 'if-none-match': tag }), { a: 2 }, 60);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).not.toBe(tag);
  });
});
