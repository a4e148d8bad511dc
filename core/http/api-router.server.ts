// The API's own router, in front of Remix. A call to /api/* needs no React Router: no layout
// loaders, no rendering, no single-fetch encoding, only its resource route's loader (GET, HEAD)
// or action (the rest). React Router's matchRoutes flattens and ranks the whole route table on
// every request (about half the CPU time of a small API call); here the API routes of the build
// are compiled once, ranked the way React Router ranks them (static segments before dynamic
// ones before a splat), and the route module is called directly with the same arguments. What
// the table does not cover (a page, an unknown method) goes on to Remix unchanged.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { createReadableStreamFromReadable } from '@remix-run/node';

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

/** The Fetch request a route module expects, as @remix-run/express builds it. */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  // req.hostname honours "trust proxy"; the port comes from X-Forwarded-Host or Host.
  const port = (req.get('X-Forwarded-Host') ?? req.get('host') ?? '').split(':')[1];
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`;
  // A handler still running when the client goes away is told so.
  const controller = new AbortController();
  let finished = false;
  res.on('finish', () => (finished = true));
  res.on('close', () => finished || controller.abort());
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : createReadableStreamFromReadable(req);
  return new Request(url, { method: req.method, headers, signal: controller.signal, ...(body ? { body, duplex: 'half' } : {}) } as RequestInit);
}

async function send(res: ExpressResponse, response: Response, head: boolean): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.body && !head) await writeBody(response.body, res);
  else res.end();
}

/**
 * The body with backpressure: a download goes out as fast as the client takes it and no faster,
 * so a million-row export holds a few batches in memory, not the file. (Remix's writer neither
 * waits for a full socket nor lets gzip fill its blocks: it flushes after every chunk.)
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse): Promise<void> {
  const reader = body.getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      // Failed half-way: cut the connection, so that a truncated file is not taken for whole.
      res.destroy();
      throw error;
    }
    const { done, value } = chunk;
    if (done) break;
    if (res.destroyed) return reader.cancel();
    if (res.write(value)) continue;
    // Full: wait until it drains, or until the client is gone.
    await new Promise<void>((resolve) => {
      const go = () => {
        res.off('drain', go).off('close', go);
        resolve();
      };
      res.on('drain', go).on('close', go);
    });
  }
  res.end();
}

/** Express middleware: serves /api/* from the compiled table; the rest goes on (`next()`). */
export function apiRouter(build: BuildLike) {
  const routes = compileApiRoutes(build);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!req.path.startsWith('/api/')) return next();
    const match = matchApi(routes, req.path);
    const read = req.method === 'GET' || req.method === 'HEAD';
    const handler = match && (read ? match.route.module.loader : match.route.module.action);
    if (!match || !handler) return next();
    try {
      let response: unknown;
      try {
        response = await handler({ request: fetchRequest(req, res), params: match.params, context: {} });
      } catch (thrown) {
        // A thrown Response (a redirect, a refusal) is the answer, as in Remix.
        if (!(thrown instanceof Response)) throw thrown;
        response = thrown;
      }
      if (!(response instanceof Response)) response = Response.json(response ?? null);
      await send(res, response as Response, req.method === 'HEAD');
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.status(500).type('text/plain').send('Unexpected Server Error');
      else res.end();
    }
  };
}
