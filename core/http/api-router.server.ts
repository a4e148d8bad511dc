// The API's own front, on node:http before Express and Remix. A call to /api/* needs no React
// Router (no layout loaders, no rendering, no single-fetch encoding) and no Express: only its
// resource route's loader (GET, HEAD) or action (the rest), with what the Express stack would
// have done to it. The API routes of the build are compiled once, ranked the way React Router
// ranks them (static segments before dynamic ones before a splat); the route module is called
// with a lean request (node-request.server.ts) and an envelope answer is written as its text.
// Kept from the Express stack, in its order: the shutdown drain and idle-memory watch, the
// request log, the client address, helmet's headers (fixed for /api: computed once), the CSRF
// check, gzip for JSON and text. What the table does not cover (a page, an asset, an unknown
// path or method) goes to the Express app unchanged.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { checkRequest, refusal, requestFacts } from '../auth/http-security.server';
import { getT } from '../i18n/i18n.server';
import { fail, jsonTextOf } from './envelope.server';
import { clientIpOf, NodeRequest, ownOriginOf, requestUrl, type TrustFn } from './node-request.server';
import { crossOriginPolicyOf, crossOriginVerdict, preflightRefusal, type CrossOriginVerdict } from './cors.server';

type Handler = (args: { request: Request; params: Record<string, string | undefined>; context: Record<string, unknown> }) => unknown;
interface RouteModuleLike {
  default?: unknown;
  loader?: Handler;
  action?: Handler;
}
interface BuildLike {
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: unknown } | undefined>;
}

interface CompiledRoute {
  id: string;
  segments: string[];
  splat: boolean;
  score: number;
  module: RouteModuleLike;
}

export interface ApiMatch {
  route: CompiledRoute;
  params: Record<string, string>;
}

const paramRe = /^:[\w-]+$/;

function fullPath(build: BuildLike, id: string): string | null {
  const parts: string[] = [];
  for (let r = build.routes[id]; r; r = r.parentId ? build.routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return parts.join('/');
}

/** React Router's ranking: more segments, static (10) over dynamic (3); a splat costs 2. */
function scoreOf(segments: string[], splat: boolean): number {
  return segments.reduce((s, seg) => s + (paramRe.test(seg) ? 3 : 10), segments.length) - (splat ? 2 : 0);
}

/** The build's resource routes under /api (no component), best ranked first. */
export function compileApiRoutes(build: BuildLike): CompiledRoute[] {
  const out: CompiledRoute[] = [];
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route || route.index) continue;
    const module = route.module as RouteModuleLike;
    if (module.default || (!module.loader && !module.action)) continue;
    const path = fullPath(build, id);
    // Optional segments keep going through Remix, which knows them.
    if (!path || !/^\/?api(\/|$)/.test(path) || path.includes('?')) continue;
    const all = path.replace(/^\//, '').split('/');
    const splat = all[all.length - 1] === '*';
    const segments = splat ? all.slice(0, -1) : all;
    out.push({ id, segments: segments.map((s) => (paramRe.test(s) ? s : s.toLowerCase())), splat, score: scoreOf(segments, splat), module });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** The first route that matches the path (already decoded per segment), with its params. */
export function matchApi(routes: CompiledRoute[], pathname: string): ApiMatch | null {
  const parts = pathname.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  let decoded: string[];
  try {
    decoded = parts.map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
  outer: for (const route of routes) {
    const n = route.segments.length;
    if (route.splat ? parts.length < n : parts.length !== n) continue;
    const params: Record<string, string> = {};
    for (let i = 0; i < n; i++) {
      const seg = route.segments[i];
      if (seg.startsWith(':')) params[seg.slice(1)] = decoded[i];
      else if (seg !== decoded[i].toLowerCase()) continue outer;
    }
    if (route.splat) params['*'] = decoded.slice(n).join('/');
    return { route, params };
  }
  return null;
}

/** Express-style middleware the front runs for its own calls (they only watch the answer). */
type Watcher = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface ApiFrontOptions {
  build: BuildLike;
  /** Everything else: the Express app. */
  fallback: RequestListener;
  /** Express's compiled "trust proxy" (`app.get('trust proxy fn')`). */
  trust: TrustFn;
  /** Headers every /api answer carries (helmet's, computed once: apiSecurityHeaders()). */
  headers: Array<[string, string]>;
  /** Run first, in order (graceful shutdown, idle memory, the request log). */
  watchers: Watcher[];
}

const noop = () => undefined;
/** Answers below this size go out as they are (as the compression middleware's threshold). */
const GZIP_MIN = 1024;
const COMPRESSIBLE = /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript)\b|application\/x-www-form-urlencoded)/i;
/** Route headers that helmet has set already and the route may not change. */
const FIXED = new Set(['x-content-type-options', 'x-frame-options', 'referrer-policy']);

/** Whether Accept-Encoding takes gzip (q > 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

function gzip(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => zlib.gzip(text, (e, out) => (e ? reject(e) : resolve(out))));
}

export function apiFront(opts: ApiFrontOptions): RequestListener {
  const routes = compileApiRoutes(opts.build);

  // The head of a JSON answer with no headers of its own (most of them), made once.
  const plainHead: Record<string, string> = { ...Object.fromEntries(opts.headers), 'content-type': 'application/json', 'cache-control': 'no-store' };

  function headersOf(response: Response): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = Object.fromEntries(opts.headers);
    for (const [key, value] of response.headers) if (key !== 'set-cookie' && !FIXED.has(key)) out[key] = value;
    const cookies = response.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    out['cache-control'] ??= 'no-store';
    return out;
  }

  // Without a reason phrase the headers go second: a watcher that wraps writeHead (morgan's
  // on-headers) reads an `undefined` reason as "no headers" and dropped them all.
  const sendHead = (res: ServerResponse, response: Response, out: Record<string, string | string[]>) =>
    response.statusText ? res.writeHead(response.status, response.statusText, out) : res.writeHead(response.status, out);

  async function answer(req: IncomingMessage, res: ServerResponse, response: Response, cors?: CrossOriginVerdict | null): Promise<void> {
    const head = req.method === 'HEAD';
    const json = jsonTextOf(response);
    const out: Record<string, string | string[]> = json?.plain ? { ...plainHead } : headersOf(response);
    if (cors) for (const [k, v] of cors.headers) out[k] = v;
    const compressible = COMPRESSIBLE.test(String(out['content-type'] ?? '')) && !out['content-encoding'];
    if (compressible) out.vary = out.vary ? `${out.vary}, Accept-Encoding` : 'Accept-Encoding';
    const gz = compressible && acceptsGzip(req.headers['accept-encoding'] as string | undefined);
    const text = json?.text;
    if (text !== undefined) {
      let body: string | Buffer = text;
      if (gz && Buffer.byteLength(text) >= GZIP_MIN) {
        body = await gzip(text);
        out['content-encoding'] = 'gzip';
      }
      out['content-length'] = String(Buffer.byteLength(body));
      sendHead(res, response, out);
      res.end(head ? undefined : body);
      return;
    }
    if (gz && response.body) {
      out['content-encoding'] = 'gzip';
      delete out['content-length'];
    }
    sendHead(res, response, out);
    if (!response.body || head) {
      res.end();
      return;
    }
    // A download goes out as fast as the client takes it and no faster (a million-row export
    // holds a few batches, not the file). Failed half-way, or the client gone: the connection
    // is cut, so a truncated file is never taken for whole, and the export stops reading.
    const source = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    await (gz ? pipeline(source, zlib.createGzip(), res) : pipeline(source, res)).catch((e: Error) => {
      res.destroy();
      if (!res.writableEnded && (e as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw e;
    });
  }

  async function serve(req: IncomingMessage, res: ServerResponse, match: ApiMatch | null, handler: Handler | null | undefined): Promise<void> {
    for (const w of opts.watchers) w(req, res, noop);
    req.headers['x-port-client-ip'] = clientIpOf(req, opts.trust);
    const request = new NodeRequest(req, res, requestUrl(req, opts.trust)) as unknown as Request;
    const path = (req.url ?? '/').split('?')[0];
    const header = (name: string) => req.headers[name] as string | undefined;
    // A public path a plugin opened to other sites: its CORS headers, and its preflight answered here.
    const cors = crossOriginPolicyOf(path) ? await crossOriginVerdict(req.method ?? 'GET', path, header) : null;
    if (cors?.preflight === 204) return answer(req, res, new Response(null, { status: 204 }), cors);
    if (cors?.preflight === 403) {
      const body = await preflightRefusal(request);
      return answer(req, res, fail(body.msg, body.code, 403), cors);
    }
    if (!match || !handler) return opts.fallback(req, res);
    const verdict = checkRequest({ ...requestFacts(req.method ?? 'GET', path, ownOriginOf(req, opts.trust), header), crossOrigin: cors });
    if (verdict !== 'ok') {
      const { status, body } = refusal(verdict, await getT(request));
      return answer(req, res, fail(body.msg, body.code, status), cors);
    }
    let response: unknown;
    try {
      response = await handler({ request, params: match.params, context: {} });
    } catch (thrown) {
      // A thrown Response (a redirect, a refusal) is the answer, as in Remix.
      if (!(thrown instanceof Response)) throw thrown;
      response = thrown;
    }
    if (!(response instanceof Response)) response = Response.json(response ?? null);
    await answer(req, res, response as Response, cors);
  }

  return (req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/api/')) return opts.fallback(req, res);
    const q = url.indexOf('?');
    const match = matchApi(routes, q < 0 ? url : url.slice(0, q));
    const read = req.method === 'GET' || req.method === 'HEAD';
    const handler = match && (read ? match.route.module.loader : match.route.module.action);
    const path = q < 0 ? url : url.slice(0, q);
    // A preflight (OPTIONS) of a public cross-origin path is answered by the front, never by a route's action.
    const preflight = req.method === 'OPTIONS' && !!req.headers['access-control-request-method'] && !!crossOriginPolicyOf(path);
    if (!preflight && (!match || !handler)) return opts.fallback(req, res);
    serve(req, res, preflight ? null : match, preflight ? null : handler).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end('Unexpected Server Error');
      else res.destroy();
    });
  };
}
