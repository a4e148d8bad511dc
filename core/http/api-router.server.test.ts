import http, { type IncomingMessage } from 'node:http';
import { Readable, Writable } from 'node:stream';
import zlib from 'node:zlib';
import morgan from 'morgan';
import proxyAddr from 'proxy-addr';
import { describe, expect, it, vi } from 'vitest';
import { setUpServer } from '../../tests/support/server';
import { apiFront, compileApiRoutes, matchApi } from './api-router.server';
import { fail, ok } from './envelope.server';
import { clientIpOf, ownHostOf, ownOriginOf, requestUrl } from './node-request.server';

const handler = () => null;
const page = { default: () => null, loader: handler };
const api = { loader: handler, action: handler };
// The shape of a Remix build's route table: paths relative to the parent, the root without one.
const build = {
  routes: {
    root: { id: 'root', path: '', module: page },
    'routes/_main': { id: 'routes/_main', parentId: 'root', module: page },
    'routes/_main.dashboard': { id: 'routes/_main.dashboard', parentId: 'routes/_main', path: 'dashboard', module: page },
    'routes/api.$': { id: 'routes/api.$', parentId: 'root', path: 'api/*', module: api },
    'routes/api.$plugin.$resource': { id: 'routes/api.$plugin.$resource', parentId: 'root', path: 'api/:plugin/:resource', module: api },
    'routes/api.$plugin.$resource.$id': { id: 'routes/api.$plugin.$resource.$id', parentId: 'root', path: 'api/:plugin/:resource/:id', module: api },
    'routes/api.$plugin.$resource.counts': { id: 'routes/api.$plugin.$resource.counts', parentId: 'root', path: 'api/:plugin/:resource/counts', module: api },
    'routes/api.core.badges': { id: 'routes/api.core.badges', parentId: 'root', path: 'api/core/badges', module: api },
    'routes/api.openapi[.]json': { id: 'routes/api.openapi[.]json', parentId: 'root', path: 'api/openapi.json', module: { loader: handler } },
  },
};
const routes = compileApiRoutes(build);
const match = (p: string) => {
  const m = matchApi(routes, p);
  return m && { id: m.route.id, params: m.params };
};

describe('the API router', () => {
  it('takes only the API resource routes, not pages', () => {
    expect(routes.map((r) => r.id).sort()).toEqual(
      Object.keys(build.routes)
        .filter((id) => id.startsWith('routes/api'))
        .sort(),
    );
  });

  it('ranks static segments before dynamic ones and a splat last, as React Router does', () => {
    expect(match('/api/core/badges')).toEqual({ id: 'routes/api.core.badges', params: {} });
    expect(match('/api/system/user')).toEqual({ id: 'routes/api.$plugin.$resource', params: { plugin: 'system', resource: 'user' } });
    expect(match('/api/system/user/counts')).toEqual({ id: 'routes/api.$plugin.$resource.counts', params: { plugin: 'system', resource: 'user' } });
    expect(match('/api/system/user/12')).toEqual({ id: 'routes/api.$plugin.$resource.$id', params: { plugin: 'system', resource: 'user', id: '12' } });
    expect(match('/api/openapi.json')?.id).toBe('routes/api.openapi[.]json');
    expect(match('/api/a/b/c/d')).toEqual({ id: 'routes/api.$', params: { '*': 'a/b/c/d' } });
  });

  it('matches static segments whatever their case, decodes params and ignores a trailing slash', () => {
    expect(match('/API/Core/Badges/')?.id).toBe('routes/api.core.badges');
    expect(match('/api/customs/hs/8401%2F10')?.params).toEqual({ plugin: 'customs', resource: 'hs', id: '8401/10' });
  });

  it('leaves a malformed escape to Remix', () => {
    expect(match('/api/customs/hs/%E0%A4%A')).toBeNull();
  });
});

describe('the API front', () => {
  const big = 'x'.repeat(2000);
  let calls = 0;
  const front = apiFront({
    build: {
      routes: {
        small: { id: 'small', path: 'api/small', module: { loader: () => ok({ n: 1 }), action: async ({ request }: { request: Request }) => ok(await request.json()) } },
        big: { id: 'big', path: 'api/big', module: { loader: () => ok({ big }, 'ok', { headers: { 'Cache-Control': 'private, max-age=60', 'X-Frame-Options': 'ALLOWALL' } }) } },
        file: {
          id: 'file',
          path: 'api/file',
          module: { loader: () => new Response(Readable.toWeb(Readable.from(['a;b\n', big])) as ReadableStream, { headers: { 'Content-Type': 'text/csv' } }) },
        },
        form: { id: 'form', path: 'api/core/files', module: { action: async ({ request }: { request: Request }) => ok(Object.fromEntries(await request.formData())) } },
        thrown: { id: 'thrown', path: 'api/thrown', module: { loader: () => Promise.reject(new Response('moved', { status: 302, headers: { Location: '/x' } })) } },
        broken: { id: 'broken', path: 'api/broken', module: { loader: () => Promise.reject(new Error('boom')) } },
        url: { id: 'url', path: 'api/url', module: { loader: ({ request }: { request: Request }) => ok({ url: request.url, ip: request.headers.get('x-port-client-ip') }) } },
      },
    },
    fallback: (_req, res) => {
      calls++;
      res.end('fallback');
    },
    trust: () => false,
    headers: [
      ['x-content-type-options', 'nosniff'],
      ['x-frame-options', 'SAMEORIGIN'],
    ],
    // The request log, as `npm start` runs it: it wraps writeHead, and must not lose the headers.
    watchers: [morgan('tiny', { stream: new Writable({ write: (_c, _e, done) => done() }) })],
  });
  const server = setUpServer(() => front);
  const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => fetch(server.base + p, { method, headers, redirect: 'manual' });
  /** The bytes as they came over the wire, with the encoding the server chose (fetch would decode gzip). */
  const raw = (p: string, headers: Record<string, string> = {}) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
      http
        .get(server.base + p, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject),
    );

  it('writes an envelope as its text with the fixed headers, no-store unless the route chose, and a length', async () => {
    const r = await get('/api/small');
    expect(await r.json()).toEqual({ code: 200, msg: 'ok', data: { n: 1 } });
    expect(r.headers.get('content-length')).toBe(String('{"code":200,"msg":"ok","data":{"n":1}}'.length));
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    const b = await get('/api/big');
    expect(b.headers.get('cache-control')).toBe('private, max-age=60');
    expect(b.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const head = await raw('/api/small');
    expect(head.headers.vary).toBe('Accept-Encoding');
  });

  it('gzips JSON of 1 KB or more and text downloads when the client takes gzip, not smaller answers or other clients', async () => {
    const small = await raw('/api/small', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const bigGz = await raw('/api/big', { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(bigGz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(bigGz.body).toString()).data.big).toBe(big);
    expect((await raw('/api/big', { 'accept-encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    const file = await raw('/api/file', { 'accept-encoding': 'gzip' });
    expect(file.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(file.body).toString()).toBe(`a;b\n${big}`);
    expect((await raw('/api/file')).body.toString()).toBe(`a;b\n${big}`);
  });

  it('answers HEAD without a body, a thrown Response as the answer, and a failure as a plain 500', async () => {
    const head = await get('/api/small', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const thrown = await get('/api/thrown');
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get('location')).toBe('/x');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = await get('/api/broken');
    expect(broken.status).toBe(500);
    expect(await broken.text()).toBe('Unexpected Server Error');
  });

  it('reads JSON and multipart bodies, and gives the handler the URL and the socket address (never a client-sent one)', async () => {
    const json = await fetch(`${server.base}/api/small`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":[1,2]}' });
    expect((await json.json()).data).toEqual({ a: [1, 2] });
    const body = new FormData();
    body.set('a', '1');
    body.set('b', '二');
    const form = await fetch(`${server.base}/api/core/files`, { method: 'POST', body });
    expect((await form.json()).data).toEqual({ a: '1', b: '二' });
    // Other bodies are refused before the handler reads them (the CSRF rule of http-security).
    const urlencoded = await fetch(`${server.base}/api/small`, { method: 'POST', body: new URLSearchParams({ a: '1' }) });
    expect(urlencoded.status).toBe(415);
    const url = await get('/api/url?x=1', { 'x-port-client-ip': '6.6.6.6', 'x-forwarded-host': 'evil.example' });
    const data = (await url.json()).data;
    expect(data.url).toBe(`${server.base}/api/url?x=1`);
    expect(data.ip).toMatch(/127\.0\.0\.1$/);
  });

  it('leaves pages, unknown API paths and methods without a handler to the fallback', async () => {
    const before = calls;
    expect(await (await get('/dashboard')).text()).toBe('fallback');
    expect(await (await get('/api/nothing/here/at/all')).text()).toBe('fallback');
    expect(await (await get('/api/core/files')).text()).toBe('fallback');
    expect(calls - before).toBe(3);
  });
});

describe('the request facts behind a proxy', () => {
  const req = (headers: Record<string, string>, remoteAddress = '10.0.0.1') => ({ headers, rawHeaders: [], url: '/api/x?y=1', socket: { remoteAddress } } as unknown as IncomingMessage);
  const trusted = proxyAddr.compile(['loopback', '10.0.0.1']);
  const forwarded = { host: 'app:3000', 'x-forwarded-host': 'port.example.com', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };

  it('honours X-Forwarded-* only from a trusted proxy', () => {
    expect(requestUrl(req(forwarded), trusted)).toBe('https://port.example.com/api/x?y=1');
    expect(clientIpOf(req(forwarded), trusted)).toBe('203.0.113.9');
    expect(ownHostOf(req(forwarded), trusted)).toBe('port.example.com');
    const untrusted = proxyAddr.compile('loopback');
    expect(requestUrl(req(forwarded), untrusted)).toBe('http://app:3000/api/x?y=1');
    expect(clientIpOf(req(forwarded), untrusted)).toBe('10.0.0.1');
    expect(ownHostOf(req(forwarded), untrusted)).toBe('app:3000');
    // The origin the CSRF check compares with: the scheme included, written as a browser writes Origin.
    expect(ownOriginOf(req(forwarded), trusted)).toBe('https://port.example.com');
    expect(ownOriginOf(req(forwarded), untrusted)).toBe('http://app:3000');
    expect(ownOriginOf(req({ host: 'App.Example:80' }), untrusted)).toBe('http://app.example');
    expect(ownOriginOf(req({ host: 'app', 'x-forwarded-proto': 'javascript' }, '127.0.0.1'), trusted)).toBeNull();
    expect(ownOriginOf(req({}), untrusted)).toBeNull();
  });
});

describe('an envelope answer', () => {
  it('reads as any Response: body, text, json, clone, and only once', async () => {
    const r = ok({ a: 1 }, 'done');
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(await r.clone().json()).toEqual({ code: 200, msg: 'done', data: { a: 1 } });
    expect(await new Response(r.body).text()).toBe('{"code":200,"msg":"done","data":{"a":1}}');
    expect(r.bodyUsed).toBe(true);
    await expect(r.text()).rejects.toThrow(TypeError);
    const f = fail('bad', 500, 403, { 'X-A': '1' });
    expect([f.status, f.headers.get('x-a'), f.headers.get('content-type')]).toEqual([403, '1', 'application/json']);
    expect(await f.json()).toEqual({ code: 500, msg: 'bad' });
  });
});
