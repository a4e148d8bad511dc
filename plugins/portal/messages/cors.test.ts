// The CORS allow-list of the portal's public API, through both fronts the app has (the node:http
// API front and Express): an allowed origin gets Access-Control-Allow-Origin and its preflight
// 204, any other none and a 403 preflight; a POST of the message form from an allowed origin
// passes the CSRF check (multipart), from another it is refused; a change to the list holds at
// once, without a restart; paths outside the portal's public API are untouched.
import express from 'express';
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { setUpServer } from '../../../tests/support/server';
import { createRouter } from '../../../tests/support/router';
import { resourceApi } from '../../../tests/support/resource';
import { PDF } from '../../../tests/support/files';
import { apiFront } from '../../../core/http/api-router.server';
import { crossOriginGuard } from '../../../core/http/cors.server';
import { clientAddress, csrfGuard } from '../../../core/auth/http-security.server';
import system from '../../system';
import portal from '..';

const db = setUpTestDb({ plugins: [system, portal], registry: true, dataDir: true, logins: ['admin', 'operator'] });
const origins = () => resourceApi('portal', 'origin', { cookie: db.cookies.admin });

const ALLOWED = 'https://portal.example.com';
const OTHER = 'https://evil.example.net';

/** Express with the app's middleware in its order; whatever passes them answers ok. */
function expressApp() {
  const app = express();
  app.use(clientAddress, crossOriginGuard(), csrfGuard());
  app.all('*', (_req, res) => void res.json({ code: 200, msg: 'ok', data: null }));
  return app;
}
const viaExpress = setUpServer(() => expressApp());
const viaFront = setUpServer(async () => apiFront({ build: (await createRouter([system, portal]).apiBuild()) as never, fallback: expressApp(), trust: () => false, headers: [], watchers: [] }));

const fronts = [
  ['the API front', viaFront],
  ['Express', viaExpress],
] as const;

const lookupPath = '/api/portal/public/messages/lookup?no=LY000000000000&email=a@example.com';
const preflight = (base: string, origin: string, path = '/api/portal/public/messages') =>
  fetch(base + path, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' } });
function form() {
  const f = new FormData();
  for (const [k, v] of Object.entries({ type: 'suggestion', name: 'Ko Ko', email: 'koko@example.com', content: 'Please add more news in Burmese.' })) f.append(k, v);
  f.append('files', new File([PDF as Uint8Array<ArrayBuffer>], 'note.pdf'));
  return f;
}

describe.each(fronts)('CORS through %s', (_name, server) => {
  it('lists an origin (normalised) and answers it with Access-Control-Allow-Origin and Vary: Origin', async () => {
    if (!(await db.knex('ptl_origin').where({ origin: ALLOWED }).first())) {
      const saved = await origins().create({ origin: 'HTTPS://Portal.Example.com:443/', enabled: true, remark: 'test portal' });
      expect(saved.code, saved.msg).toBe(200);
      expect(saved.data.origin).toBe(ALLOWED);
    }
    const res = await fetch(server.base + lookupPath, { headers: { Origin: ALLOWED } });
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('gives another origin no CORS headers', async () => {
    const res = await fetch(server.base + lookupPath, { headers: { Origin: OTHER } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    // Still Vary: Origin (a shared cache must not hand this answer to an allowed origin).
    expect(res.headers.get('vary')).toContain('Origin');
    const none = await fetch(server.base + lookupPath);
    expect(none.headers.get('vary')).toContain('Origin');
    expect(none.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('answers an allowed preflight 204 with the methods and headers (Authorization, Content-Type), another 403', async () => {
    const ok = await preflight(server.base, ALLOWED);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(ok.headers.get('access-control-allow-methods')).toContain('POST');
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type/);
    const refused = await preflight(server.base, OTHER);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the message form (multipart) be posted from an allowed origin and refuses it from another', async () => {
    const allowed = await fetch(`${server.base}/api/portal/public/messages`, { method: 'POST', headers: { Origin: ALLOWED }, body: form() });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const refused = await fetch(`${server.base}/api/portal/public/messages`, { method: 'POST', headers: { Origin: OTHER }, body: form() });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { msg: string }).msg).toBe('请求来源不被允许：仅接受本站页面发起的操作');
  });

  it('leaves other API paths as they were: no CORS headers, cross-site writes refused', async () => {
    const res = await fetch(`${server.base}/api/core/badges`, { headers: { Origin: ALLOWED } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const write = await fetch(`${server.base}/api/portal/message`, { method: 'POST', headers: { Origin: ALLOWED, 'content-type': 'application/json', cookie: db.cookies.operator }, body: '{}' });
    expect(write.status).toBe(403);
  });
});

describe('a change to the allow-list', () => {
  it('holds at once on both fronts, without a restart: a new origin is let in, a disabled one shut out', async () => {
    const fresh = 'http://127.0.0.1:5999';
    for (const [, server] of fronts) expect((await preflight(server.base, fresh)).status).toBe(403);
    const saved = await origins().create({ origin: fresh, enabled: true, remark: null });
    expect(saved.code, saved.msg).toBe(200);
    for (const [, server] of fronts) expect((await preflight(server.base, fresh)).status).toBe(204);
    const disabled = await origins().update(Number(saved.data.id), { origin: fresh, enabled: false, remark: null, version: saved.data.version });
    expect(disabled.code, disabled.msg).toBe(200);
    for (const [, server] of fronts) expect((await preflight(server.base, fresh)).status).toBe(403);
  });

  it('stores an origin added without `enabled` enabled (the form starts with the switch on): it is let in at once', async () => {
    const quiet = 'http://127.0.0.1:5998';
    const saved = await origins().create({ origin: quiet, remark: 'no enabled field' });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data.enabled).toBe(true);
    for (const [, server] of fronts) expect((await preflight(server.base, quiet)).status).toBe(204);
    // Switched off on purpose, it stays off.
    const off = await origins().update(Number(saved.data.id), { origin: quiet, enabled: false, remark: null, version: saved.data.version });
    expect(off.data.enabled).toBe(false);
  });

  it('refuses an origin that is not a bare http(s) origin, and one listed twice', async () => {
    for (const bad of ['ftp://portal.example.com', 'https://portal.example.com/news', 'portal.example.com']) {
      expect((await origins().create({ origin: bad, enabled: true })).fieldErrors.origin).toBe('来源地址格式不正确，应为 http(s)://主机[:端口]');
    }
    expect((await origins().create({ origin: 'https://portal.example.com/', enabled: true })).fieldErrors.origin).toBe('该来源地址已存在');
  });

  it('is for administrators only', async () => {
    const op = resourceApi('portal', 'origin', { cookie: db.cookies.operator });
    expect((await op.list()).code).toBe(403);
    expect((await op.create({ origin: 'https://x.example.com', enabled: true })).code).toBe(403);
  });
});
