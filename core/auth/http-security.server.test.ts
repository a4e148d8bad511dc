// The CSRF check, client address and security headers as serve.server.ts mounts them (the API
// front for /api, Express for the rest), in front of the real route modules (login, logout, getInfo, the resource REST API, file upload), on a real
// Express server reached over HTTP, with a fresh seeded database.
import http from 'node:http';
import { Readable } from 'node:stream';
import express from 'express';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DEMO_PASSWORD } from '../../tests/support/session';
import { createRouter } from '../../tests/support/router';
import { listen, setUpServer } from '../../tests/support/server';
import { ADMIN_ROLE_NAME } from '../seed-demo.server';
import { createApiToken } from './token.server';
import { apiFront } from '../http/api-router.server';
import { apiSecurityHeaders, checkRequest, clientAddress, csrfGuard, securityHeaders, type RequestFacts } from './http-security.server';
import { restoreEnvAfterEach, setUpTestDb } from '../../tests/support/suite';

// What the Remix request handler would run for a path: the app's real route table.
const router = createRouter();

const db = setUpTestDb({ logins: ['admin'] });
const { cookies } = db;

/** Express with the middleware, behind the API front, as serve.server.ts mounts them. */
async function remixLike(trustProxy?: number): Promise<http.RequestListener> {
  const app = express();
  if (trustProxy) app.set('trust proxy', trustProxy);
  app.use(clientAddress);
  app.use(securityHeaders());
  app.use(csrfGuard());
  app.get('/whoami', (req, res) => {
    res.json({ ip: req.headers['x-port-client-ip'] });
  });
  app.get('/page', (_req, res) => {
    res.type('html').send(`<script nonce="${res.locals.cspNonce}"></script>`);
  });
  app.all('*', async (req, res) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream);
    const request = new Request(`http://${req.get('host')}${req.originalUrl}`, { method: req.method, headers, body, duplex: 'half' } as RequestInit);
    const r = await router.handle(request);
    res.status(r.status);
    r.headers.forEach((v, k) => {
      if (k !== 'set-cookie') res.append(k, v);
    });
    for (const c of r.headers.getSetCookie()) res.append('set-cookie', c);
    res.send(Buffer.from(await r.arrayBuffer()));
  });
  return apiFront({ build: await router.apiBuild(), fallback: app, trust: app.get('trust proxy fn'), headers: apiSecurityHeaders(), watchers: [] });
}

const server = setUpServer(() => remixLike());
restoreEnvAfterEach();

const EVIL = 'https://evil.example';

interface Call {
  method?: string;
  origin?: string;
  referer?: string;
  cookie?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: BodyInit;
  headers?: Record<string, string>;
}

async function call(path: string, c: Call = {}) {
  const headers: Record<string, string> = { ...c.headers };
  if (c.origin) headers.origin = c.origin;
  if (c.referer) headers.referer = c.referer;
  if (c.cookie) headers.cookie = c.cookie;
  let body = c.body;
  if (c.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.json);
  } else if (c.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(c.form).toString();
  }
  const res = await fetch(server.base + path, { method: c.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
  const text = await res.text();
  let json: { code?: number; msg?: string; data?: unknown } = {};
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { res, status: res.status, json };
}

async function signIn(username = 'admin'): Promise<string> {
  const { res, json } = await call('/api/login/auth', { origin: server.base, json: { username, password: DEMO_PASSWORD } });
  expect(json.code).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const codeCount = async (code: string) => Number((await db.knex('sys_ref_code').where({ code }).count({ n: '*' }).first())?.n ?? 0);
const refCode = (code: string) => ({ rvDomain: 'URGENCY', code, name: code, nameEn: code, isDefault: false });
/** Posts a new code (JSON) as `c` says: the answer, and how many rows of that code there are after it. */
const postCode = async (code: string, c: Call) => {
  const r = await call('/api/system/refCode', { json: refCode(code), ...c });
  return { ...r, count: await codeCount(code) };
};

describe('CSRF: state-changing requests must come from the app itself', () => {
  it('a cross-site form POST with the user cookie creates nothing: 403 with the translated envelope', async () => {
    const r = await call('/api/system/refCode', { origin: EVIL, cookie: cookies.admin, form: { rvDomain: 'URGENCY', code: 'XSITE1', name: 'x', nameEn: 'x', isDefault: 'false' } });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ code: 403, msg: '请求来源不被允许：仅接受本站页面发起的操作' });
    expect(await codeCount('XSITE1')).toBe(0);
    // The same with a JSON body (a fetch with credentials from another site), and in English.
    const en = await call('/api/system/refCode?lng=en', { origin: EVIL, cookie: cookies.admin, json: refCode('XSITE2') });
    expect(en.status).toBe(403);
    expect(en.json.msg).toBe("Request refused: changes are only accepted from this site's own pages");
    expect(await codeCount('XSITE2')).toBe(0);
  });

  it('the same request from the app itself works; Referer stands in for a missing Origin', async () => {
    expect(await postCode('SAME1', { origin: server.base, cookie: cookies.admin })).toMatchObject({ json: { code: 200 }, count: 1 });
    expect(await postCode('SAME2', { referer: `${server.base}/dataBase/systemData/refCode`, cookie: cookies.admin })).toMatchObject({ json: { code: 200 }, count: 1 });
    expect(await postCode('SAME3', { referer: `${EVIL}/x`, cookie: cookies.admin })).toMatchObject({ status: 403, count: 0 });
  });

  it('with a cookie but neither Origin nor Referer, or Origin "null" (sandboxed frame), it is refused', async () => {
    expect(await postCode('NOORIGIN', { cookie: cookies.admin })).toMatchObject({ status: 403, count: 0 });
    expect(await postCode('NULLORIGIN', { cookie: cookies.admin, origin: 'null' })).toMatchObject({ status: 403, count: 0 });
  });

  it('the scheme counts: Origin https://<the app’s host> is another site when the app is reached over http', async () => {
    const https = server.base.replace(/^http:/, 'https:');
    expect(await postCode('HTTPS_ORIGIN', { origin: https, cookie: cookies.admin })).toMatchObject({ status: 403, json: { code: 403 }, count: 0 });
    expect(await postCode('HTTPS_REFERER', { referer: `${https}/management/refCode`, cookie: cookies.admin })).toMatchObject({ status: 403, count: 0 });
    // A page action (Express) is checked the same way.
    const cookie = await signIn();
    expect((await call('/logout', { origin: https, cookie, method: 'POST' })).status).toBe(403);
    expect(await postCode('HTTP_ORIGIN', { origin: server.base, cookie: cookies.admin })).toMatchObject({ json: { code: 200 }, count: 1 });
  });

  it('behind a trusted proxy the scheme is X-Forwarded-Proto’s: https pages pass, an http origin does not', async () => {
    const proxied = await listen(await remixLike(1));
    onTestFinished(() => void proxied.server.close());
    const forwarded = { 'x-forwarded-host': 'port.example.com', 'x-forwarded-proto': 'https' };
    const post = (code: string, origin: string) =>
      fetch(`${proxied.base}/api/system/refCode`, { method: 'POST', headers: { ...forwarded, origin, cookie: cookies.admin, 'content-type': 'application/json' }, body: JSON.stringify(refCode(code)) });
    expect((await post('PROXY_HTTP', 'http://port.example.com')).status).toBe(403);
    expect(await codeCount('PROXY_HTTP')).toBe(0);
    expect((await (await post('PROXY_HTTPS', 'https://port.example.com')).json()).code).toBe(200);
  });

  it('an origin listed in ALLOWED_ORIGINS is accepted, others still not', async () => {
    process.env.ALLOWED_ORIGINS = 'https://portal.example, https://ops.example:8443';
    expect(await postCode('LISTED', { origin: 'https://ops.example:8443', cookie: cookies.admin })).toMatchObject({ json: { code: 200 }, count: 1 });
    expect(await postCode('UNLISTED', { origin: 'https://ops.example', cookie: cookies.admin })).toMatchObject({ status: 403, count: 0 });
  });

  it('JSON endpoints take only JSON bodies, even from the app itself', async () => {
    const form = await call('/api/system/refCode', { origin: server.base, cookie: cookies.admin, form: { rvDomain: 'URGENCY', code: 'FORM1', name: 'x', nameEn: 'x' } });
    expect(form.status).toBe(415);
    expect(form.json).toEqual({ code: 500, msg: '接口只接受 JSON 格式的请求体' });
    const text = await call('/api/system/refCode', { origin: server.base, cookie: cookies.admin, body: JSON.stringify(refCode('TEXT1')), headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(await codeCount('FORM1')).toBe(0);
    expect(await codeCount('TEXT1')).toBe(0);
    // A form-encoded sign-in is refused too.
    const login = await call('/api/login/auth', { origin: server.base, form: { username: 'admin', password: DEMO_PASSWORD } });
    expect(login.status).toBe(415);
    expect(login.res.headers.getSetCookie()).toEqual([]);
  });

  it('the multipart upload endpoint takes multipart from the app itself, not from another site', async () => {
    const fd = () => {
      const f = new FormData();
      f.append('file', new Blob(['%PDF-1.4\n%\n'], { type: 'application/pdf' }), 'a.pdf');
      return f;
    };
    const cross = await call('/api/core/files?resource=system.refCode', { origin: EVIL, cookie: cookies.admin, body: fd() });
    expect(cross.status).toBe(403);
    const same = await call('/api/core/files?resource=system.refCode', { origin: server.base, cookie: cookies.admin, body: fd() });
    // Past the CSRF check: whatever the route decides (refCode takes no files), it is not the guard's refusal.
    expect(same.json.msg).toBeTruthy();
    expect(same.json.msg).not.toBe(cross.json.msg);
    expect(same.status).not.toBe(415);
  });

  it('a partner call with Authorization: Bearer works without Origin (no cookie, nothing to forge)', async () => {
    const role = await db.knex('sys_role').where({ name: ADMIN_ROLE_NAME }).first();
    const admin = await db.knex('sys_user').where({ username: 'admin' }).first();
    const { token } = await createApiToken(db.knex, { name: 'csrf-test', roleId: role.id, createdBy: admin.id });
    expect(await postCode('BEARER1', { headers: { authorization: `Bearer ${token}` } })).toMatchObject({ json: { code: 200 }, count: 1 });
  });

  it('sign-in without a cookie and without Origin (a script, curl) still works', async () => {
    const r = await call('/api/login/auth', { json: { username: 'trader', password: DEMO_PASSWORD } });
    expect(r.json.code).toBe(200);
  });

  it('logout is a POST from the app: a cross-site POST or a GET (an <img> tag) leaves the session alone', async () => {
    const cookie = await signIn('operator');
    const alive = async () => (await call('/api/login/getInfo', { origin: server.base, cookie, method: 'POST' })).json.code;
    expect(await alive()).toBe(200);
    expect((await call('/logout', { origin: EVIL, cookie, method: 'POST' })).status).toBe(403);
    expect((await call('/api/login/logout', { origin: EVIL, cookie, method: 'POST' })).status).toBe(403);
    const get = await call('/logout', { cookie });
    expect(get.res.headers.get('location')).toBe('/login');
    await call('/api/login/logout', { cookie });
    expect(await alive()).toBe(200);
    const out = await call('/logout', { origin: server.base, cookie, method: 'POST' });
    expect(out.status).toBe(302);
    expect(await alive()).toBe(20011);
  });

  it('the check covers Remix actions and data requests (.data, ?_data) too', () => {
    const facts = (path: string, origin: string): RequestFacts => ({
      method: 'POST',
      path,
      ownOrigin: server.base,
      origin,
      hasBody: true,
      contentType: 'application/x-www-form-urlencoded',
      hasCookie: true,
      hasBearer: false,
    });
    for (const path of ['/management/user.data', '/management/user', '/finance/bills', '/login']) {
      expect(checkRequest(facts(path, EVIL), [])).toBe('origin');
      // Pages' actions take forms: only /api is JSON-only.
      expect(checkRequest(facts(path, server.base), [])).toBe('ok');
    }
    expect(checkRequest({ ...facts('/api/x/y', EVIL), method: 'GET' }, [])).toBe('ok');
    expect(checkRequest({ ...facts('/api/x/y', EVIL), hasBearer: true, hasCookie: true }, [])).toBe('ok');
    // A bearer header does not exempt page actions (the page reads the cookie).
    expect(checkRequest({ ...facts('/management/user', EVIL), hasBearer: true }, [])).toBe('origin');
    expect(checkRequest({ ...facts('/api/x/y', server.base), method: 'DELETE', contentType: null, hasBody: false }, [])).toBe('ok');
    expect(checkRequest({ ...facts('/api/customs/declaration/import', server.base), contentType: 'multipart/form-data; boundary=x' }, [])).toBe('ok');
    expect(checkRequest({ ...facts('/api/x/y', server.base), contentType: 'application/json; charset=utf-8' }, [])).toBe('ok');
    expect(checkRequest({ ...facts('/api/x/y', server.base), contentType: 'application/vnd.api+json' }, [])).toBe('ok');
  });

  it('a public path a plugin opened cross-origin (core/http/cors.server.ts) trusts only its allowed origin, and multipart only where declared', () => {
    const portal = 'https://portal.example.com';
    const facts = (crossOrigin: RequestFacts['crossOrigin'], origin = portal): RequestFacts => ({
      method: 'POST',
      path: '/api/portal/public/messages',
      ownOrigin: server.base,
      origin,
      hasBody: true,
      contentType: 'multipart/form-data; boundary=x',
      hasCookie: false,
      hasBearer: false,
      crossOrigin,
    });
    expect(checkRequest(facts({ allowedOrigin: portal, multipart: true }), [])).toBe('ok');
    expect(checkRequest(facts({ allowedOrigin: null, multipart: true }), [])).toBe('origin');
    expect(checkRequest(facts({ allowedOrigin: portal, multipart: true }, EVIL), [])).toBe('origin');
    expect(checkRequest(facts({ allowedOrigin: portal, multipart: false }), [])).toBe('contentType');
    expect(checkRequest(facts(undefined), [])).toBe('origin');
  });
});

describe('client address', () => {
  it('x-port-client-ip is always the connection address: a client cannot set it', async () => {
    const r = await call('/whoami', { headers: { 'x-port-client-ip': '6.6.6.6', 'x-forwarded-for': '7.7.7.7' } });
    expect((r.json as { ip?: string }).ip).toMatch(/127\.0\.0\.1$/);
  });

  it('behind a trusted proxy (TRUST_PROXY=1) the proxy-added X-Forwarded-For entry counts, not one the client wrote', async () => {
    const { server: s, base: b } = await listen(await remixLike(1));
    onTestFinished(() => void s.close());
    const r = await fetch(`${b}/whoami`, { headers: { 'x-port-client-ip': '6.6.6.6', 'x-forwarded-for': '7.7.7.7, 203.0.113.9' } });
    expect(((await r.json()) as { ip: string }).ip).toBe('203.0.113.9');
  });
});

describe('security headers', () => {
  it('API answers: nosniff and Cache-Control: no-store, no CSP', async () => {
    const r = await call('/api/system/refCode', { cookie: cookies.admin });
    expect(r.status).toBe(200);
    expect(r.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.res.headers.get('cache-control')).toBe('no-store');
    expect(r.res.headers.get('content-security-policy')).toBeNull();
    // Refusals too.
    const refused = await call('/api/system/refCode', { origin: EVIL, cookie: cookies.admin, json: {} });
    expect(refused.res.headers.get('cache-control')).toBe('no-store');
  });

  it("pages: a CSP whose scripts and styles need this request's nonce, a new one per request", async () => {
    const a = await call('/page');
    const b = await call('/page');
    const csp = a.res.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(b.res.headers.get('content-security-policy')).not.toContain(nonce!);
    expect(a.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(a.res.headers.get('referrer-policy')).toBe('same-origin');
    expect(a.res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
