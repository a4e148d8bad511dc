#!/usr/bin/env node
// The demo portal: a static page on an origin of its own that embeds the three widgets the way a
// partner's portal would (see sdk/README.md), and the one thing a portal's server must do for
// the settlement viewer: exchange its partner API token for a short-lived embed token (GET
// /embed-token), so the browser never sees the API token.
//
//   node examples/portal-demo/serve.mjs --port 5174 --app http://127.0.0.1:3000
//
// PORTAL_API_TOKEN   the portal's partner API token (ptk_…, its role holds portal:embed:issue).
//                    Without it the demo makes one at start: it signs in as PORTAL_ADMIN_USER
//                    (admin) with PORTAL_ADMIN_PASSWORD (Demo@12345), creates the role
//                    PORTAL_EMBED (only portal:embed:issue) if missing and issues a token for it.
// PORTAL_DEMO_TRADER the trader whose bills "my bills" shows (trader). A real portal names the
//                    trader its own visitor signed in as.
// The widgets come from sdk/dist (npm run build:sdk). The page's origin must be on the
// platform's portal origins list (门户管理 → 门户来源) for the browser to reach the API.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(HERE, '../../sdk/dist');
// Burmese glyphs for the page and its widgets (a machine may have no Myanmar font).
const FONTS = path.resolve(HERE, '../../node_modules/@fontsource/noto-sans-myanmar/files');
const LANGS = ['zh', 'en', 'my'];
const TYPES = { '.woff2': 'font/woff2', '.js': 'text/javascript; charset=utf-8', '.map': 'application/json', '.html': 'text/html; charset=utf-8', '.css': 'text/css' };

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const port = Number(arg('port', process.env.PORT || 5174));
const host = arg('host', '127.0.0.1');
const app = arg('app', process.env.PORTAL_APP_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
const trader = process.env.PORTAL_DEMO_TRADER || 'trader';

/** A call to the platform's API: the envelope's data, or an Error with its message. */
async function platform(pathname, { method = 'GET', body, token, cookie } = {}) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  // A signed-in call is a same-site call to the platform (its CSRF check reads the Origin).
  if (cookie) Object.assign(headers, { cookie, origin: app });
  const res = await fetch(app + pathname, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const env = await res.json().catch(() => null);
  if (!env || env.code !== 200) throw new Error(`${method} ${pathname}: ${env ? `${env.code} ${env.msg}` : `HTTP ${res.status}`}`);
  return { data: env.data, res };
}

/** The demo's own partner API token, made through the platform's API with an administrator's sign-in. */
async function demoApiToken() {
  const username = process.env.PORTAL_ADMIN_USER || 'admin';
  const password = process.env.PORTAL_ADMIN_PASSWORD || 'Demo@12345';
  const { res } = await platform('/api/login/auth', { method: 'POST', body: { username, password } });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const found = await platform('/api/system/role?code=PORTAL_EMBED&pageSize=10', { cookie });
  let roleId = found.data.rows.find((r) => r.code === 'PORTAL_EMBED')?.id;
  if (!roleId) {
    const made = await platform('/api/system/role', {
      method: 'POST',
      cookie,
      body: { code: 'PORTAL_EMBED', name: '门户嵌入（演示门户）', dataScope: 'self', status: '0', orderNum: 99, remark: 'examples/portal-demo', menuKeys: [], permissionCodes: ['portal:embed:issue'] },
    });
    roleId = made.data.id;
  }
  const issued = await platform('/api/system/apiToken/issue', { method: 'POST', cookie, body: { name: `portal-demo ${new Date().toISOString().slice(0, 19)}`, roleId } });
  return issued.data.token;
}

let apiToken = process.env.PORTAL_API_TOKEN || null;

/** GET /embed-token: a fresh embed token for the demo trader, from the platform, with the portal's API token. */
async function embedToken() {
  apiToken ??= await demoApiToken();
  const { data } = await platform('/api/portal/embedToken', { method: 'POST', token: apiToken, body: { trader } });
  return { token: data.token, expiresAt: data.expiresAt };
}

const pages = { '/': 'index.html', '/index.html': 'index.html', '/bare.html': 'bare.html' };
const templates = Object.fromEntries(Object.entries(pages).map(([at, file]) => [at, fs.readFileSync(path.join(HERE, file), 'utf8')]));

function send(res, status, type, body, extra = {}) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...extra });
  res.end(body);
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, `http://${req.headers.host || host}`);
  try {
    // The demo page, and the same widgets on a bare page (no fonts or styles of the page's own).
    if (templates[url.pathname]) {
      const lang = LANGS.includes(url.searchParams.get('lang')) ? url.searchParams.get('lang') : 'zh';
      return send(res, 200, TYPES['.html'], templates[url.pathname].replaceAll('__APP_URL__', app).replaceAll('__LANG__', lang));
    }
    if (url.pathname === '/embed-token') return send(res, 200, 'application/json', JSON.stringify(await embedToken()));
    for (const [prefix, dir] of [['/sdk/', DIST], ['/fonts/', FONTS]]) {
      if (!url.pathname.startsWith(prefix)) continue;
      const file = path.resolve(dir, `.${decodeURIComponent(url.pathname.slice(prefix.length - 1))}`);
      if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return send(res, 404, 'text/plain', 'not found');
      return send(res, 200, TYPES[path.extname(file)] || 'application/octet-stream', fs.readFileSync(file));
    }
    return send(res, 404, 'text/plain', 'not found');
  } catch (e) {
    console.error(`[portal-demo] ${e.message}`);
    return send(res, 502, 'application/json', JSON.stringify({ error: e.message }));
  }
});

if (!fs.existsSync(path.join(DIST, 'port-widgets.iife.js'))) console.warn('[portal-demo] sdk/dist is missing: run `npm run build:sdk` first');
server.listen(port, host, () => console.log(`[portal-demo] http://${host}:${port} (platform ${app}, trader ${trader})`));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
